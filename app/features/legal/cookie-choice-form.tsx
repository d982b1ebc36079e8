import { Button } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useConsent } from "#app/ui/consent/consent";
import { pathTo } from "#common/route-names";
import classes from "./legal.module.css";

/** Where the footer's and the banner's «Configurar cookies» lead before the page is hydrated. */
export const COOKIE_SETTINGS_ID = "configurar";

/**
 * «Configurar cookies» on the cookie policy's page (issue 27): a plain form that the server saves
 * before hydration (the route's action sets the cookie); once hydrated, the browser saves it
 * itself, as the dialog does, and the banner disappears at once.
 */
export function CookieChoiceForm({ saved }: { saved: boolean }) {
  const { consent, save } = useConsent();
  const [done, setDone] = useState(saved);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    save({ analytics: fields.get("analiticas") === "1", publicidad: fields.get("publicidad") === "1" });
    setDone(true);
  };
  return (
    <section id={COOKIE_SETTINGS_ID} className={classes.settings} aria-labelledby="configurar-cookies">
      <h2 id="configurar-cookies" className={classes.heading}>
        Configurar cookies
      </h2>
      <form method="post" action={pathTo("legal", { documento: "cookies" })} onSubmit={submit}>
        <p className={classes.paragraph}>
          <label className={classes.choice}>
            <input type="checkbox" checked disabled /> Cookies técnicas (necesarias, siempre activas)
          </label>
          <label className={classes.choice}>
            <input type="checkbox" name="analiticas" value="1" defaultChecked={consent?.analytics ?? false} /> Cookies analíticas: nos dicen
            qué páginas se visitan para mejorar el servicio.
          </label>
          <label className={classes.choice}>
            <input type="checkbox" name="publicidad" value="1" defaultChecked={consent?.publicidad ?? false} /> Cookies publicitarias:
            permiten mostrarte publicidad relacionada con tu actividad profesional.
          </label>
        </p>
        <Button type="submit">Guardar preferencias</Button>
        {done && (
          <p role="status" className={classes.saved}>
            Preferencias de cookies guardadas.
          </p>
        )}
      </form>
    </section>
  );
}
