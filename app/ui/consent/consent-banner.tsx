import { Link } from "react-router";
import { PlainButton } from "#app/ui/plain-button";
import { linkTo } from "#common/route-names";
import { useConsent } from "./consent";
import classes from "./consent-banner.module.css";
import { useOpenCookieSettings } from "./open-preferences";

/**
 * Asks for analytics and advertising cookies: "Aceptar", "Rechazar" (same size and weight) or
 * "Configurar"; again after 13 months or when the registry of cookies changed (consent.ts).
 */
export function ConsentBanner() {
  const { consent, save } = useConsent();
  const configure = useOpenCookieSettings();
  if (consent) return null;
  return (
    <section aria-label="Aviso de cookies" className={classes.banner}>
      {/* Compact on phones: two short rows, so the page's first content stays visible above it. */}
      <div className={classes.inner}>
        <p className={classes.text}>
          Usamos cookies técnicas para que puedas iniciar sesión y, si lo aceptas, cookies analíticas y publicitarias para mejorar el
          servicio. Tú decides; puedes cambiarlo cuando quieras.{" "}
          <Link to={linkTo("legal", { documento: "cookies" })} className={classes.link}>
            Política de cookies
          </Link>
        </p>
        <div className={classes.actions}>
          <PlainButton type="button" variant="default" size="compact-md" onClick={configure}>
            Configurar
          </PlainButton>
          {/* Rechazar looks and weighs the same as Aceptar (AEPD's guide): one click either way. */}
          <PlainButton type="button" size="compact-md" onClick={() => save({ analytics: false, publicidad: false })}>
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
