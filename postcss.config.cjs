module.exports = {
  plugins: [
    require("postcss-preset-mantine"),
    require("postcss-simple-vars")({
      variables: {
        "mantine-breakpoint-xs": "36em",
        "mantine-breakpoint-sm": "48em",
        "mantine-breakpoint-md": "62em",
        "mantine-breakpoint-lg": "75em",
        "mantine-breakpoint-xl": "88em",
      },
    }),
    // Last: it sees the selectors the plugins above produce (`@mixin dark` becomes one).
    require("./scripts/build/postcss-light-only.cjs"),
  ],
};
