import type { InputHTMLAttributes } from "react";
import classes from "./file-picker.module.css";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> & {
  id: string;
  /** What the chosen file shows as ("cv.pdf · 12 kB"); null before a choice. */
  chosen: string | null;
  buttonLabel?: string;
};

/**
 * A file field in Spanish: the native `<input type="file">` (so it submits without JavaScript and
 * keeps its keyboard and screen-reader behaviour) drawn as a "Elegir archivo" button and the name
 * of the chosen file, instead of the browser's "Choose File / No file chosen".
 */
export function FilePicker({ id, chosen, buttonLabel = "Elegir archivo", ...input }: Props) {
  return (
    <div>
      <input {...input} id={id} type="file" className={classes.input} />
      <div className={classes.picker} aria-hidden="true">
        <label htmlFor={id} className={classes.button}>
          {buttonLabel}
        </label>
        <span className={classes.name}>{chosen ?? "Ningún archivo elegido"}</span>
      </div>
    </div>
  );
}
