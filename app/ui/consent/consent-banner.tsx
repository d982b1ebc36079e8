import { modals } from "@mantine/modals";
import { PlainButton } from "#app/ui/plain-button";
import { useConsent } from "./consent";
import classes from "./consent-banner.module.css";

/** Asks once for analytics and advertising cookies: "Aceptar", "Rechazar" or "Configurar". */
export function ConsentBanner() {
  const { consent, save } = useConsent();
  if (consent) return null;
  // The switches load with the dialog, not with every page.
  const configure = async () => {
    const { ConsentPreferences } = await import("./consent-preferences");
    const id = modals.open({
      title: "Configurar cookies",
      centered: true,
      closeButtonProps: { "aria-label": "Cerrar" },
      children: (
        <ConsentPreferences
          initial={null}
          onSave={(choice) => {
            save(choice);
            modals.close(id);
          }}
        />
      ),
    });
  };
  return (
    <section aria-label="Aviso de cookies" className={classes.banner}>
      {/* Compact on phones: two short rows, so the page's first content stays visible above it. */}
      <div className={classes.inner}>
        <p className={classes.text}>
          Usamos cookies técnicas para que puedas iniciar sesión y, si lo aceptas, cookies analíticas y publicitarias para mejorar el
          servicio. Tú decides.
        </p>
        <div className={classes.actions}>
          <PlainButton type="button" variant="default" size="compact-md" onClick={configure}>
            Configurar
          </PlainButton>
          <PlainButton type="button" variant="default" size="compact-md" onClick={() => save({ analytics: false, publicidad: false })}>
            Rechazar
          </PlainButton>
          <PlainButton type="button" size="compact-md" onClick={() => save({ analytics: true, publicidad: true })}>
            Aceptar
          </PlainButton>
        </div>
      </div>
    </section>
  );
}
