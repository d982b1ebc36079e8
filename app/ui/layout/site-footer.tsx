import { Link } from "react-router";
import { FeedbackButton } from "#app/features/feedback/feedback-button";
import { MAIN_NAV } from "./app-layout";
import classes from "./site-footer.module.css";

export function SiteFooter({ brand }: { brand: string }) {
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
        <FeedbackButton />
      </div>
      <p className={classes.text}>
        © {new Date().getFullYear()} {brand}. La comunidad profesional del sector farmacéutico y sanitario en España y Latinoamérica.
      </p>
    </footer>
  );
}
