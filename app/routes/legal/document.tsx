import { Link, useSearchParams } from "react-router";
import { CookieChoiceForm } from "#app/features/legal/cookie-choice-form";
import { CookieTable } from "#app/features/legal/cookie-table";
import classes from "#app/features/legal/legal.module.css";
import { LegalText } from "#app/features/legal/legal-text";
import { formatDate } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/document";
import { cookieChoiceAction, loadLegalPage } from "./legal.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadLegalPage(context, params);
}

/** The cookie policy's «Configurar cookies» form, posted before hydration (every other text: 404). */
export async function action({ context, request, params }: Route.ActionArgs) {
  return cookieChoiceAction(context, request, params.documento);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Texto no encontrado" }];
  return [
    { title: `${data.title}${data.isCurrent ? "" : ` (versión ${data.version})`} · ${data.brandName}` },
    { name: "description", content: `${data.title} de ${data.brandName}: versión ${data.version}.` },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    // Earlier versions stay readable, but only the one in force is for search engines.
    ...(data.isCurrent ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

/** Aviso legal, privacy policy, cookie policy or terms of use: the version in force or an earlier one (issue 27). */
export default function LegalDocumentPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const timeZone = useTimeZone();
  const [search] = useSearchParams();
  return (
    <PageContainer>
      <article>
        <h1>{data.title}</h1>
        <p className={classes.meta}>
          Versión {data.version}, publicada el {formatDate(data.publishedAt, timeZone)}.
        </p>
        {!data.isCurrent && (
          <p className={classes.notice} role="note">
            Estás leyendo una versión anterior.{" "}
            <Link to={linkTo("legal", { documento: data.slug })} className={classes.link}>
              Ver la versión vigente (versión {data.currentVersion})
            </Link>
          </p>
        )}
        <LegalText body={data.body} insert={data.kind === "cookies" ? { after: "Qué usamos", node: <CookieTable /> } : undefined} />
      </article>
      {data.kind === "cookies" && data.isCurrent && <CookieChoiceForm saved={search.get("guardado") === "1"} />}
      <section className={classes.versions} aria-labelledby="versiones">
        <h2 id="versiones" className={classes.heading}>
          Versiones
        </h2>
        <ul className={classes.list}>
          {data.versions.map((version) => (
            <li key={version.version}>
              {version.version === data.version ? (
                <strong>Versión {version.version}</strong>
              ) : (
                <Link to={linkTo("legal-version", { documento: data.slug, version: String(version.version) })} className={classes.link}>
                  Versión {version.version}
                </Link>
              )}
              , {formatDate(version.publishedAt, timeZone)}: {version.summary}
              {version.material ? " (cambio sustancial)" : ""}
              {version.version === data.currentVersion ? " — vigente" : ""}
            </li>
          ))}
        </ul>
      </section>
    </PageContainer>
  );
}
