import { createTheme, defaultVariantColorsResolver, type VariantColorsResolver } from "@mantine/core";
import { ACCESSIBLE_TEXT_VARIANTS, accessibleTextColor, PRIMARY_COLOR } from "./theme-colors";

/** Light, subtle and outline text in a shade that passes WCAG AA (`theme-colors.ts`). */
const accessibleVariantColors: VariantColorsResolver = (input) => {
  const defaults = defaultVariantColorsResolver(input);
  const color = input.color ?? input.theme.primaryColor;
  if (ACCESSIBLE_TEXT_VARIANTS.includes(input.variant) && color in input.theme.colors) {
    return { ...defaults, color: accessibleTextColor(color) };
  }
  return defaults;
};

/** Mantine's teal with a darker end: white on shade 8 and shade 9 on shade 1 both pass WCAG AA. */
const teal = ["#e6fcf5", "#c3fae8", "#96f2d7", "#63e6be", "#38d9a9", "#20c997", "#12b886", "#0ca678", "#08745a", "#065f46"] as const;

export const theme = createTheme({
  colors: { teal: [...teal] },
  primaryColor: PRIMARY_COLOR,
  primaryShade: { light: 8, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  defaultRadius: "md",
  variantColorResolver: accessibleVariantColors,
  // Visitors who ask their system for less motion get none (and the e2e browser asks, so axe never
  // measures a notification half faded in).
  respectReducedMotion: true,
  components: {
    // Mantine names the eye button in English; the button carries aria-pressed, so one Spanish
    // name fits both states. A plain object, not PasswordInput.extend(): importing the component
    // here would put it in every page's first JavaScript.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { "aria-label": "Mostrar contraseña" } } },
    // Every dialog's close button has a Spanish name (axe: button-name). Dialogs keep Mantine's
    // z-index (200), so a select's list inside one (a popover, 300) opens above it; the cookie banner
    // sits below them (consent-banner.module.css).
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Cerrar" } } },
  },
});
