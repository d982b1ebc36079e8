import { useState } from "react";
import { VALORACION_LABELS } from "#common/feedback/schema";
import classes from "./star-rating.module.css";

/**
 * The feedback's rating as five native radio buttons in a fieldset: each label holds only text
 * (a star and, for screen readers, "3 de 5: Regular"), so the markup is valid and every control
 * has a name; arrows move between stars as in any radio group.
 */
export function StarRating({ name, defaultValue, error }: { name: string; defaultValue: number; error?: string }) {
  const [chosen, setChosen] = useState(defaultValue);
  const [hovered, setHovered] = useState(0);
  const shown = hovered || chosen;
  const errorId = `${name}-error`;
  return (
    <fieldset className={classes.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={classes.legend}>
        Valoración{" "}
        <span className={classes.required} aria-hidden="true">
          *
        </span>
      </legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover preview is decoration; the radios carry the choice. */}
      <div className={classes.stars} onMouseLeave={() => setHovered(0)}>
        {[1, 2, 3, 4, 5].map((value) => {
          const id = `${name}-${value}`;
          return (
            <span key={value}>
              <input
                className={classes.input}
                type="radio"
                id={id}
                name={name}
                value={value}
                defaultChecked={defaultValue === value}
                required
                aria-invalid={error ? true : undefined}
                onChange={() => setChosen(value)}
              />
              <label htmlFor={id} className={`${classes.star} ${value <= shown ? classes.on : ""}`} onMouseEnter={() => setHovered(value)}>
                <span aria-hidden="true">★</span>
                <span className={classes.hidden}>
                  {value} de 5: {VALORACION_LABELS[value]}
                </span>
              </label>
            </span>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
