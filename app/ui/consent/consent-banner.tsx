import { type FormEvent, useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { PlainButton } from "#app/ui/plain-button";
import { BASENAME, linkTo, pathTo } from "#common/route-names";
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
  const banner = useReservedHeight(!consent);
  const location = useLocation();
  if (consent) return null;
  // Before hydration the buttons post to the cookie policy's action, which sets the cookie and
  // comes back here; once hydrated the browser saves the choice itself.
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const all = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "aceptar";
    save({ analytics: all, publicidad: all });
  };
  return (
    <section ref={banner} aria-label="Aviso de cookies" className={classes.banner} data-consent-banner="">
      {/* Compact on phones: two short rows, so the page's first content stays visible above it. */}
      <div className={classes.inner}>
        <p className={classes.text}>
          Usamos cookies técnicas para que puedas iniciar sesión y, si lo aceptas, cookies analíticas y publicitarias para mejorar el
          servicio. Tú decides; puedes cambiarlo cuando quieras.{" "}
          <Link to={linkTo("legal", { documento: "cookies" })} className={classes.link}>
            Política de cookies
          </Link>
        </p>
        <form method="post" action={pathTo("legal", { documento: "cookies" })} onSubmit={choose} className={classes.actions}>
          <input type="hidden" name="volver" value={`${BASENAME}${location.pathname}${location.search}`} />
          <PlainButton
            to={`${linkTo("legal", { documento: "cookies" })}#configurar`}
            variant="default"
            size="compact-md"
            onClick={(event) => {
              event.preventDefault();
              configure();
            }}
          >
            Configurar
          </PlainButton>
          {/* Rechazar looks and weighs the same as Aceptar (AEPD's guide): one click either way. */}
          <PlainButton type="submit" name="eleccion" value="rechazar" size="compact-md">
            Rechazar
          </PlainButton>
          <PlainButton type="submit" name="eleccion" value="aceptar" size="compact-md">
            Aceptar
          </PlainButton>
        </form>
      </div>
    </section>
  );
}

/**
 * Keeps the banner's measured height in --consent-banner-h while it is shown: the page keeps that
 * much room at its bottom (global.css), so the banner never covers an input such as the chat's
 * composer on a phone (issue 31). Before hydration a CSS estimate holds the room.
 */
function useReservedHeight(shown: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement.style;
    if (!shown || !element) return;
    const observer = new ResizeObserver(() => root.setProperty("--consent-banner-h", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--consent-banner-h");
    };
  }, [shown]);
  return ref;
}
