import type { PluginCreator } from "postcss";

declare const lightOnly: PluginCreator<void>;
export = lightOnly;
