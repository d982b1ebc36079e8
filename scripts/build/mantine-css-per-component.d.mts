import type { Plugin } from "vite";

export function mantineStylesheets(root?: string): {
  /** The core stylesheets (names as in @mantine/core/styles/) that a package's named imports need. */
  sheetsForNames(pkg: string, specifiers: string): Set<string>;
  /** A package's exported names and the module file each comes from (null: a re-export of another library). */
  exportFiles(pkg: string): Map<string, string | null>;
  /** Each stylesheet's position in @mantine/core/styles.css. */
  position: Map<string, number>;
  /** The stylesheets app/styles/mantine-public.css imports, and in its order. */
  inRoot: Set<string>;
  rootOrder: string[];
};

export function mantineCssPerComponent(root?: string): Plugin;
