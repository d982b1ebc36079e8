/**
 * Drops the CSS of Mantine's dark colour scheme. The app forces the light scheme (root.tsx:
 * `forceColorScheme="light"`, so <html data-mantine-color-scheme="light"> always), and a selector
 * that requires `[data-mantine-color-scheme="dark"]` can never match: about 15 KB of the root's
 * render-blocking stylesheet (1.5 KB gzip) were such rules, mostly the dark theme's variables.
 * A rule loses only its dark selectors; a rule or at-rule left empty is removed.
 */
const DARK = /\[data-mantine-color-scheme=(["']?)dark\1\]/;

function removeIfEmpty(node) {
  let current = node;
  while (current && current.type !== "root" && (!current.nodes || current.nodes.length === 0)) {
    const parent = current.parent;
    current.remove();
    current = parent;
  }
}

module.exports = () => ({
  postcssPlugin: "farmanexo-light-only",
  OnceExit(root) {
    root.walkRules((rule) => {
      if (!DARK.test(rule.selector)) return;
      const kept = rule.selectors.filter((selector) => !DARK.test(selector));
      if (kept.length) {
        rule.selectors = kept;
        return;
      }
      const parent = rule.parent;
      rule.remove();
      removeIfEmpty(parent);
    });
  },
});
module.exports.postcss = true;
