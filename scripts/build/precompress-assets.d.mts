import type { Plugin } from "vite";

export function precompressAssets(): Plugin;
