import { Anchor, Breadcrumbs, Card, Group, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { CountrySwitcher } from "#app/features/jobs/country-switcher";
import { FILTER_FIELDS, FiltersForm, KeywordSearch } from "#app/features/jobs/listing-filters";
import { OfferCard } from "#app/features/jobs/offer-card";
import { SortLinks } from "#app/features/jobs/sort-links";
import { metaDescription, shareMeta } from "#app/lib/share-meta";
import { JsonLd } from "#app/ui/json-ld";
import { PageContainer } from "#app/ui/layout/app-layout";
import { Facet } from "#app/ui/listing-facets";
import { LoadMorePager, useLoadMore } from "#app/ui/load-more-pager";
import { PlainAlert } from "#app/ui/plain-alert";
import { PlainButton } from "#app/ui/plain-button";
import { linkTo, pathTo } from "#common/route-names";
import type { Route } from "./+types/listing";
import classes from "./listing.module.css";
import { loadListing } from "./listing.server";

export async function loader({ context, url, params }: Route.LoaderArgs) {
  return loadListing(context, url, params);
}

function headingOf(data: { cargo: { nombre: string } | null; pais: { nombre: string } }) {
  return data.cargo ? `Ofertas de empleo de ${data.cargo.nombre} en ${data.pais.nombre}` : `Ofertas de empleo en ${data.pais.nombre}`;
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Página no encontrada" }];
  const title = `${headingOf(data)} · ${data.brandName}`;
  const total = data.result.total;
  const what = data.cargo ? `de ${data.cargo.nombre}` : "del sector farmacéutico y sanitario";
  const description = `${total.toLocaleString("es-ES")} ${total === 1 ? "oferta" : "ofertas"} de empleo ${what} en ${data.pais.nombre}. Filtra por ${data.pais.estadoTipo.toLowerCase()}, modalidad, contrato y salario, e inscríbete en ${data.brandName}.`;
  return [
    { title },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    ...shareMeta({
      title: headingOf(data),
      description,
      url: data.canonicalUrl,
      image: data.shareImage,
      imageAlt: `${data.brandName}: empleo, noticias y visita médica`,
      brandName: data.brandName,
    }),
    // Filtered or later pages repeat the canonical listing: keep them out of the index.
    ...(data.hasFilters || !data.isFirstPage ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

type LoaderData = Route.ComponentProps["loaderData"];

/** Query string of the current search (without the cursor), optionally changed. */
function searchQuery(filters: LoaderData["filters"], patch: Record<string, string | undefined> = {}) {
  const entries = Object.entries({ ...filters, ...patch }).filter(([, value]) => Boolean(value)) as [string, string][];
  return new URLSearchParams(entries);
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { pais, cargo, filters, result, viewer } = loaderData;
  const location = useLocation();
  const here = cargo ? linkTo("empleo-cargo", { pais: pais.slug, cargo: cargo.slug }) : linkTo("empleo", { pais: pais.slug });
  const heading = headingOf(loaderData);
  const estadoLabel = pais.estadoTipo || "Provincia o estado";
  const searchKey = location.pathname + searchQuery(filters).toString();

  return (
    <PageContainer>
      {loaderData.breadcrumbLd ? <JsonLd data={loaderData.breadcrumbLd} /> : null}
      <Stack gap="lg">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={linkTo("empleo", { pais: pais.slug })} size="sm">
            Empleo en {pais.nombre}
          </Anchor>
          {cargo ? (
            <Text component="span" size="sm" c="gray.7" aria-current="page">
              {cargo.nombre}
            </Text>
          ) : null}
        </Breadcrumbs>
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {heading}
            </Title>
            <Text c="gray.7" aria-live="polite">
              {result.total === 1 ? "1 oferta abierta" : `${result.total.toLocaleString("es-ES")} ofertas abiertas`}
              {filters.q ? ` para «${filters.q}»` : ""}
            </Text>
          </Stack>
          <CountrySwitcher
            key={pais.slug}
            current={pais.slug}
            options={loaderData.countries}
            keep={{ ...filters, estado: "", cargo: cargo?.slug ?? "" }}
          />
        </Group>
        <KeywordSearch
          key={`q-${searchKey}`}
          action={here}
          filters={filters}
          label={`Buscar en ${cargo ? cargo.nombre : "las ofertas"} de ${pais.nombre}`}
        />
        {loaderData.ignored.length ? (
          <PlainAlert color="blue" title="Hemos ignorado algún filtro">
            Algún valor de la dirección no era válido y no se ha aplicado.
          </PlainAlert>
        ) : null}
        <div className={classes.layout}>
          <FiltersDisclosure active={activeFilterCount(filters)}>
            <Card withBorder padding="md" radius="md">
              <FiltersForm
                key={`f-${searchKey}`}
                action={here}
                filters={filters}
                estados={loaderData.estados}
                estadoLabel={estadoLabel}
                clearHref={here}
              />
            </Card>
          </FiltersDisclosure>
          <section className={classes.results} aria-labelledby="resultados-title">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4" id="resultados-title">
                Resultados
              </Title>
              <AlertButton viewer={viewer} loaderData={loaderData} />
            </Group>
            <SortLinks
              current={filters.orden}
              hasKeywords={Boolean(filters.q)}
              hrefOf={(orden) => `${here}?${searchQuery(filters, { orden })}`}
            />
            <Results key={searchKey} loaderData={loaderData} here={here} />
          </section>
          <Stack gap="lg" className={classes.facets}>
            <Facet
              id="facet-cargos"
              title="Por puesto"
              allLink={cargo ? { label: "Todos los puestos", to: linkTo("empleo", { pais: pais.slug }, searchQuery(filters)) } : undefined}
              items={result.facets.cargos.map((facet) => ({
                key: facet.slug,
                label: facet.nombre,
                count: facet.count,
                current: facet.slug === cargo?.slug,
                to: linkTo("empleo-cargo", { pais: pais.slug, cargo: facet.slug }, searchQuery(filters)),
              }))}
            />
            <Facet
              id="facet-estados"
              title={`Por ${estadoLabel.toLowerCase()}`}
              items={result.facets.estados.map((facet) => ({
                key: String(facet.id),
                label: facet.nombre,
                count: facet.count,
                current: String(facet.id) === filters.estado,
                to: `${here}?${searchQuery(filters, { estado: String(facet.id) })}`,
              }))}
            />
            <Facet
              id="facet-paises"
              title="Por país"
              items={loaderData.countryLinks.map((country) => ({
                key: country.slug,
                label: country.nombre,
                count: country.count,
                current: country.slug === pais.slug && !cargo,
                to: linkTo("empleo", { pais: country.slug }),
              }))}
            />
          </Stack>
        </div>
      </Stack>
    </PageContainer>
  );
}

/** Filters in use besides the keywords (those show in the search box). */
function activeFilterCount(filters: LoaderData["filters"]): number {
  return FILTER_FIELDS.filter((key) => filters[key]).length;
}

const WIDE = "(min-width: 62em)";

/**
 * On a phone the filters fold behind "Filtros (n)" so the first offers show on the first screen;
 * from 62em they are always open beside the results. A native <details>, so it works without
 * JavaScript; with it, wide screens open it (CSS shows its content there too).
 */
function FiltersDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const sync = () => {
      if (ref.current && wide.matches) ref.current.open = true;
    };
    sync();
    wide.addEventListener("change", sync);
    return () => wide.removeEventListener("change", sync);
  }, []);
  return (
    <details ref={ref} className={classes.filters}>
      <summary className={classes.filtersSummary}>{active ? `Filtros (${active})` : "Filtros"}</summary>
      {children}
    </details>
  );
}

/** Candidates save the current search as an e-mail alert; visitors are invited to sign in. */
function AlertButton({ viewer, loaderData }: { viewer: LoaderData["viewer"]; loaderData: LoaderData }) {
  if (viewer.signedIn && !viewer.isCandidate) return null;
  const { filters, pais, cargo } = loaderData;
  if (!viewer.signedIn) {
    // After the login, the alert form with this search filled in (the intent survives the login).
    const criteria = Object.fromEntries(
      Object.entries({ ...filters, pais: pais.slug, cargo: cargo?.slug ?? "" }).filter(
        ([key, value]) => Boolean(value) && key !== "orden" && key !== "publicada",
      ),
    );
    return (
      <PlainButton to={linkTo("login", {}, { redirect_url: pathTo("empleo-alertas", {}, criteria) })} variant="light" size="xs">
        Crear alerta con esta búsqueda
      </PlainButton>
    );
  }
  return (
    <Form method="post" action={linkTo("empleo-alertas")}>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="pais" value={pais.slug} />
      {cargo ? <input type="hidden" name="cargo" value={cargo.slug} /> : null}
      {Object.entries(filters).map(([key, value]) => (value ? <input key={key} type="hidden" name={key} value={value} /> : null))}
      <PlainButton type="submit" variant="light" size="xs">
        Crear alerta con esta búsqueda
      </PlainButton>
    </Form>
  );
}

function Results({ loaderData, here }: { loaderData: LoaderData; here: string }) {
  const { result, filters, now } = loaderData;
  const { items, cursor, loading, load } = useLoadMore(result, (data: LoaderData) => data.result);

  if (!result.items.length) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack gap="sm" align="flex-start">
          <Title order={3} size="h4">
            No hay ofertas que coincidan
          </Title>
          <Text c="gray.7">
            {loaderData.hasFilters
              ? "Prueba a quitar algún filtro o a buscar con otras palabras."
              : `Ahora mismo no hay ofertas abiertas${loaderData.cargo ? ` de ${loaderData.cargo.nombre}` : ""} en ${loaderData.pais.nombre}.`}
          </Text>
          {loaderData.hasFilters ? (
            <PlainButton to={here} variant="light">
              Quitar filtros
            </PlainButton>
          ) : loaderData.cargo ? (
            <PlainButton to={linkTo("empleo", { pais: loaderData.pais.slug })} variant="light">
              Ver todas las ofertas de {loaderData.pais.nombre}
            </PlainButton>
          ) : null}
        </Stack>
      </Card>
    );
  }

  const nextHref = cursor ? `${here}?${searchQuery(filters, { cursor })}` : null;
  return (
    <Stack gap="md">
      <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {items.map((offer) => (
          <li key={offer.id}>
            <OfferCard offer={offer} now={now} />
          </li>
        ))}
      </Stack>
      <LoadMorePager
        firstPageHref={loaderData.isFirstPage ? null : `${here}?${searchQuery(filters)}`}
        nextHref={nextHref}
        loading={loading}
        onLoadMore={load}
        label="Cargar más ofertas"
      />
    </Stack>
  );
}
