import { STORAGE_REGISTRY } from "#common/legal/cookie-registry";
import classes from "./legal.module.css";

/** The cookie policy's table, generated from the registry in code (common/legal/cookie-registry.ts). */
export function CookieTable() {
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption className={classes.caption}>Cookies y almacenamiento local que usa este sitio</caption>
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Tipo</th>
            <th scope="col">Finalidad</th>
            <th scope="col">Duración</th>
            <th scope="col">Titular</th>
          </tr>
        </thead>
        <tbody>
          {STORAGE_REGISTRY.map((entry) => (
            <tr key={`${entry.storage}:${entry.name}`}>
              <th scope="row" className={classes.name}>
                {entry.name}
              </th>
              <td>
                {entry.storage === "cookie" ? "Cookie" : "Almacenamiento local"} ({entry.category})
              </td>
              <td>{entry.purpose}</td>
              <td>{entry.duration}</td>
              <td>{entry.party === "propia" ? "Propia" : "De terceros"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
