import { modals } from "@mantine/modals";
import { useCallback } from "react";
import { pathTo } from "#common/route-names";
import { useConsent } from "./consent";

/** The cookie policy's «Configurar cookies» form: where the footer and the banner lead before hydration. */
export const COOKIE_SETTINGS_PATH = `${pathTo("legal", { documento: "cookies" })}#configurar`;

/**
 * Opens "Configurar cookies" (the banner's button and the footer's link, issue 27): the two
 * switches, starting from the current choice. The dialog's module loads when first opened.
 */
export function useOpenCookieSettings() {
  const { consent, save } = useConsent();
  return useCallback(async () => {
    const { ConsentPreferences } = await import("./consent-preferences");
    const id = modals.open({
      title: "Configurar cookies",
      centered: true,
      closeButtonProps: { "aria-label": "Cerrar" },
      children: (
        <ConsentPreferences
          initial={consent}
          onSave={(choice) => {
            save(choice);
            modals.close(id);
          }}
        />
      ),
    });
  }, [consent, save]);
}
