import type { ReactNode } from "react";
import { Link } from "react-router";
import { useOpenCookieSettings } from "#app/ui/consent/open-preferences";
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
        {/* Changeable at any time, from every page (AEPD's guide). */}
        <button type="button" className={`${classes.link} ${classes.linkButton}`} onClick={openCookieSettings}>
          Configurar cookies
        </button>
      </nav>
      <p className={classes.text}>
        © {new Date().getFullYear()} {brand}. La comunidad profesional del sector farmacéutico y sanitario en España y Latinoamérica.
      </p>
    </footer>
  );
}
