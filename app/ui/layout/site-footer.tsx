import type { ReactNode } from "react";
import { Link } from "react-router";
import { MAIN_NAV } from "./main-nav";
import classes from "./site-footer.module.css";

export function SiteFooter({ brand, action }: { brand: string; action?: ReactNode }) {
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
      <p className={classes.text}>
        © {new Date().getFullYear()} {brand}. La comunidad profesional del sector farmacéutico y sanitario en España y Latinoamérica.
      </p>
    </footer>
  );
}
