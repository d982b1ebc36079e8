import type { ReactNode } from "react";
import { Link } from "react-router";
import { COOKIE_SETTINGS_PATH, useOpenCookieSettings } from "#app/ui/consent/open-preferences";
import { linkTo } from "#common/route-names";
import { MAIN_NAV } from "./main-nav";
import classes from "./site-footer.module.css";

/** The four legal texts (issue 27), linked from every page's footer. */
const LEGAL_LINKS = [
  { label: "Aviso legal", to: linkTo("legal", { documento: "aviso-legal" }) },
  { label: "Privacidad", to: linkTo("legal", { documento: "privacidad" }) },
  { label: "Cookies", to: linkTo("legal", { documento: "cookies" }) },
  { label: "Condiciones de uso", to: linkTo("legal", { documento: "condiciones" }) },
];

export function SiteFooter({ brand, action }: { brand: string; action?: ReactNode }) {
  const openCookieSettings = useOpenCookieSettings();
  return (
    <footer className={classes.footer}>
      <nav aria-label="Pie de página" className={classes.links}>
        {MAIN_NAV.map((item) => (
          <Link key={item.to} to={item.to} className={classes.link}>
            {item.label}
          </Link>
        ))}
      </nav>
      <div className={classes.feedback}>
        <p className={classes.text}>¿Algo que mejorar? Nos ayuda mucho saberlo.</p>
        {action}
      </div>
      <nav aria-label="Información legal" className={classes.links}>
        {LEGAL_LINKS.map((item) => (
          <Link key={item.to} to={item.to} className={classes.link}>
            {item.label}
          </Link>
        ))}
        {/* Changeable at any time, from every page (AEPD's guide): the dialog once hydrated, the cookie
            policy's form before (a real link, so it works without JavaScript). */}
        <a
          href={COOKIE_SETTINGS_PATH}
          className={classes.link}
          onClick={(event) => {
            event.preventDefault();
            openCookieSettings();
          }}
        >
          Configurar cookies
        </a>
      </nav>
      <p className={classes.text}>
        © {new Date().getFullYear()} {brand}. La comunidad profesional del sector farmacéutico y sanitario en España y Latinoamérica.
      </p>
    </footer>
  );
}
