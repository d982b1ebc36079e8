import { modals } from "@mantine/modals";
import { useCallback } from "react";
import { useConsent } from "./consent";

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
