import { Stack, Text } from "@mantine/core";
import type { CSSProperties } from "react";

/*
 * Mantine's <LoadingOverlay> with these props, as the markup it renders, without rendering it
 * (decision 0049): its Loader, Overlay and Transition were 3 KB gzip of the sign-in page's first
 * load. With its default duration of 0 the overlay has no transition: it is there while visible.
 * The classes are in the root stylesheet (app/styles/mantine-public.css); `plain-mantine.test.tsx`
 * compares the markup with Mantine's.
 */

const OVERLAY = "m_df587f17 mantine-LoadingOverlay-overlay m_9814e45f mantine-Overlay-root";
const overlayStyle = (rgb: string) =>
  ({
    "--overlay-bg": `rgba(${rgb}, 0.6)`,
    "--overlay-filter": "blur(calc(0.125rem * var(--mantine-scale)))",
    "--overlay-z-index": "200",
  }) as CSSProperties;
// White in the light scheme, Mantine's dark[5] in the dark one.
const LIGHT_OVERLAY = overlayStyle("255, 255, 255");
const DARK_OVERLAY = overlayStyle("59, 59, 59");
const ROOT_STYLE = { "--lo-z-index": "2000", position: "fixed" } as CSSProperties;

/** Full-screen "please wait" with a message (product-spec §8 busy overlays). */
export function BusyOverlay({ visible, message }: { visible: boolean; message: string }) {
  if (!visible) return null;
  return (
    <div style={ROOT_STYLE} className="m_6e45937b mantine-LoadingOverlay-root">
      <div className="m_e8eb006c mantine-LoadingOverlay-loader m_5ae2e3c mantine-Loader-root">
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <div className="busy-spinner" aria-hidden="true" />
          <Text fw={600}>{message}</Text>
        </Stack>
      </div>
      <div style={LIGHT_OVERLAY} className={`${OVERLAY} mantine-dark-hidden`} />
      <div style={DARK_OVERLAY} className={`${OVERLAY} mantine-light-hidden`} />
    </div>
  );
}

export const BUSY_MESSAGES = {
  login: "Iniciando sesión, por favor no cierres la ventana...",
  sending: "Enviando datos, no cierres la ventana...",
  request: "Enviado solicitud, no cierres la ventana",
  verifying: "Verificando url, no cierres la ventana",
  logout: "Cerrando sesión",
} as const;
