import { Anchor, Avatar, Breadcrumbs, Card, Group, Stack, Text, Title, Typography } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import { useCountOfferView } from "#app/features/jobs/count-offer-view";
import { OfferCard } from "#app/features/jobs/offer-card";
import { OfferFacts } from "#app/features/jobs/offer-facts";
import { locationText, salaryText } from "#app/features/jobs/salary";
import { ScreeningAnswers } from "#app/features/jobs/screening-answers";
import { ApplicationStatusBadge, OfferStatusBadge, WorkModeBadge } from "#app/features/jobs/status-badge";
import { useFormFailure } from "#app/lib/form";
import { formatDate } from "#app/lib/format";
import { metaDescription, shareMeta } from "#app/lib/share-meta";
import { useTimeZone } from "#app/lib/time-zone";
import { Grid, SimpleGrid } from "#app/ui/grid";
import { JsonLd } from "#app/ui/json-ld";
import { PageContainer } from "#app/ui/layout/app-layout";
import { PlainAlert } from "#app/ui/plain-alert";
import { PlainButton } from "#app/ui/plain-button";
import { PlainLoadingButton } from "#app/ui/plain-loading-button";
import { ONE_CLICK_FIELD, type ScreeningQuestion, unansweredQuestions } from "#common/jobs/screening";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/offer";
import { loadOffer, offerAction } from "./offer.server";

// The forms (file picker, date picker, selects) load only when a visitor opens them, not with the
// offer page every visitor reads (issue 10: first-load JavaScript; decision 0041). A page rendered
// with a form open renders it on the server too; React hydrates it when its code arrives and
// replays what was typed meanwhile (tests/e2e/offer-form-early-typing.spec.ts).
const AddCandidatoForm = lazy(() => import("#app/features/accounts/add-candidate-form").then((m) => ({ default: m.AddCandidatoForm })));
const ApplyForm = lazy(() => import("#app/features/jobs/apply-form").then((m) => ({ default: m.ApplyForm })));

export async function loader({ context, url, params }: Route.LoaderArgs) {
  return loadOffer(context, url, params);
}

export async function action({ context, request, url, params }: Route.ActionArgs) {
  return offerAction(context, request, url, params);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Oferta no encontrada" }];
  const { offer, brandName } = data;
  const title = `${offer.titulo} en ${offer.ciudad} · ${offer.empresa.nombre}`;
  const description = `${offer.empresa.nombre} busca ${offer.titulo} en ${locationText(offer)}. ${offer.snippet}`;
  return [
    { title: `${title} · ${brandName}` },
    { name: "description", content: metaDescription(description) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    ...shareMeta({
      title,
      description,
      url: data.canonicalUrl,
      image: data.shareImage,
      imageAlt: `${offer.titulo} · ${offer.empresa.nombre} · ${locationText(offer)}`,
      brandName,
    }),
    // Drafts (seen by their company) and closed offers are not for search engines.
    ...(offer.isOpen ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const tz = useTimeZone();
  const { offer, related, now } = loaderData;
  const salary = salaryText(offer.salario);
  useCountOfferView(offer.id);
  return (
    <PageContainer>
      {loaderData.jobPosting ? <JsonLd data={loaderData.jobPosting} /> : null}
      {loaderData.breadcrumbLd ? <JsonLd data={loaderData.breadcrumbLd} /> : null}
      <Stack gap="lg">
        <Breadcrumbs separator="›" styles={{ root: { flexWrap: "wrap" } }}>
          <Anchor component={Link} to={linkTo("empleo", { pais: offer.pais.slug })} size="sm">
            Empleo en {offer.pais.nombre}
          </Anchor>
          <Anchor component={Link} to={linkTo("empleo-cargo", { pais: offer.pais.slug, cargo: offer.cargo.slug })} size="sm">
            {offer.cargo.nombre}
          </Anchor>
        </Breadcrumbs>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Stack gap={6} component="header">
                {offer.status === "borrador" ? (
                  <Group>
                    <OfferStatusBadge status={offer.status} />
                  </Group>
                ) : null}
                <Title order={1} size="h2">
                  {offer.titulo}
                </Title>
                <Group gap="sm" wrap="nowrap">
                  {offer.empresa.logo ? (
                    <Avatar src={offer.empresa.logo} alt={`Logotipo de ${offer.empresa.nombre}`} size={48} radius="sm" />
                  ) : null}
                  <Text fw={600} size="lg" c="gray.8">
                    <Anchor
                      component={Link}
                      to={linkTo("empleo-empresa", { slug: offer.empresa.slug })}
                      inherit
                      c="gray.8"
                      underline="always"
                    >
                      {offer.empresa.nombre}
                    </Anchor>
                    {offer.delegacion ? ` · ${offer.delegacion.nombre}` : ""}
                  </Text>
                </Group>
                <Text c="gray.7">{locationText(offer)}</Text>
                <Group gap="xs">
                  <WorkModeBadge modalidad={offer.modalidad} />
                  {salary ? (
                    <Text fw={600} c="teal.9">
                      {salary}
                    </Text>
                  ) : null}
                </Group>
                {offer.status !== "borrador" ? (
                  <Text size="sm" c="gray.7">
                    Publicada el <time dateTime={offer.publicadaEn}>{formatDate(offer.publicadaEn, tz)}</time>
                    {offer.isOpen && offer.expiraEn ? (
                      <>
                        {" · "}Admite candidaturas hasta el <time dateTime={offer.expiraEn}>{formatDate(offer.expiraEn, tz)}</time>
                      </>
                    ) : null}
                    {!offer.isOpen ? (
                      <>
                        {" · "}
                        {offer.closedReason === "caducada" && offer.expiraEn ? (
                          <>
                            Plazo terminado el <time dateTime={offer.expiraEn}>{formatDate(offer.expiraEn, tz)}</time>
                          </>
                        ) : (
                          "Ya no admite candidaturas"
                        )}
                      </>
                    ) : null}
                  </Text>
                ) : null}
              </Stack>
              <ApplyPanel loaderData={loaderData} actionData={actionData} />
              <section aria-labelledby="descripcion-title">
                <Title order={2} size="h3" id="descripcion-title" mb="sm">
                  Descripción del puesto
                </Title>
                <Typography>
                  {/* Safe: descripcionHtml is sanitised on the server (sanitize-html, server/jobs/html.ts) when the offer is saved. */}
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side, see above. */}
                  <div dangerouslySetInnerHTML={{ __html: offer.descripcionHtml }} />
                </Typography>
              </section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="resumen-title">
              <Title order={2} size="h4" id="resumen-title" mb="sm">
                Resumen de la oferta
              </Title>
              <OfferFacts offer={offer} />
            </Card>
          </Grid.Col>
        </Grid>
        {related.length ? (
          <section aria-labelledby="relacionadas-title">
            <Title order={2} size="h3" id="relacionadas-title" mb="md">
              Más ofertas de {offer.cargo.nombre} en {offer.pais.nombre}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {related.map((item) => (
                <OfferCard key={item.id} offer={item} now={now} showSnippet={false} />
              ))}
            </SimpleGrid>
          </section>
        ) : null}
      </Stack>
    </PageContainer>
  );
}

function ApplyPanel({ loaderData, actionData }: { loaderData: LoaderData; actionData: Route.ComponentProps["actionData"] }) {
  const { offer, viewer, viewerState } = loaderData;
  const [searchParams] = useSearchParams();
  const justApplied = actionData?.ok === true && actionData.intent === "apply";
  const form = useFormFailure(actionData);
  const failure = form.failure ?? undefined;

  if (offer.status === "borrador") {
    return (
      <PlainAlert color="blue" title="Vista previa">
        Esta oferta es un borrador: solo la ve tu empresa. Publícala desde el panel de empleo para recibir candidaturas.
      </PlainAlert>
    );
  }

  let body: ReactNode;
  if (viewerState.applied) {
    body = (
      <Stack gap="xs">
        {justApplied ? (
          <PlainAlert color="teal" title="¡Candidatura enviada!" role="status">
            La empresa ha recibido tu CV. Te avisaremos por correo cuando cambie el estado.
          </PlainAlert>
        ) : null}
        <Group gap="xs">
          <Text fw={600}>Ya te has inscrito · Estado:</Text>
          {viewerState.applicationStatus ? <ApplicationStatusBadge status={viewerState.applicationStatus} /> : null}
        </Group>
        <Anchor component={Link} to={linkTo("empleo-candidaturas")} size="sm">
          Ver mis candidaturas
        </Anchor>
      </Stack>
    );
  } else if (!offer.isOpen) {
    body = (
      <PlainAlert color="gray" title="Oferta cerrada">
        {offer.closedReason === "caducada"
          ? "El plazo de esta oferta ha terminado y ya no admite candidaturas."
          : "La empresa ha cerrado esta oferta y ya no admite candidaturas."}
      </PlainAlert>
    );
  } else if (!viewer.signedIn) {
    body = (
      <Stack gap="xs" align="flex-start">
        <PlainButton href={loaderData.loginUrl} size="md">
          Inscribirme
        </PlainButton>
        <Text size="sm" c="gray.7">
          Inicia sesión o crea tu cuenta de candidato para inscribirte.
        </Text>
      </Stack>
    );
  } else if (!viewer.isCandidate && loaderData.candidatoDefaults) {
    // Any signed-in account may add the candidate role to itself: one person, one address.
    body = searchParams.has("inscribirme") ? (
      <AddCandidatoForm defaults={loaderData.candidatoDefaults} failure={form} />
    ) : (
      <Stack gap="xs" align="flex-start">
        <PlainButton to="?inscribirme=1#candidato-title" preventScrollReset size="md">
          Inscribirme
        </PlainButton>
        <Text size="sm" c="gray.7">
          Te pediremos unos datos de candidato la primera vez; tu cuenta y tu correo siguen siendo los mismos.
        </Text>
      </Stack>
    );
  } else if (searchParams.has("inscribirme") || (failure && !(failure.values.oneClick && loaderData.savedCvs.length))) {
    body = (
      <ApplyForm
        maxUploadBytes={loaderData.maxUploadBytes}
        failure={form}
        cancelTo="."
        savedCvs={loaderData.savedCvs}
        preguntas={offer.preguntas}
        answers={failure?.values.respuestas}
        typedCarta={failure?.values.carta}
      />
    );
  } else if (loaderData.savedCvs.length) {
    body = (
      <OneClickApply cv={loaderData.savedCvs[0] as (typeof loaderData.savedCvs)[number]} preguntas={offer.preguntas} failure={failure} />
    );
  } else {
    body = (
      <PlainButton to="?inscribirme=1#inscripcion" preventScrollReset size="md" style={{ alignSelf: "flex-start" }}>
        Inscribirme
      </PlainButton>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" bg="gray.0">
      <Stack gap="md">
        <Suspense fallback={null}>{body}</Suspense>
        {viewer.isCandidate ? <SaveToggle saved={viewerState.saved} /> : null}
        {viewer.isCompany ? (
          <Anchor component={Link} to={linkTo("empleo-panel")} size="sm">
            Ir al panel de empleo
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Saves or forgets the offer without leaving the page (optimistic with JavaScript). */
function SaveToggle({ saved }: { saved: boolean }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent");
  const isSaved = pending ? pending === "save" : saved;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={isSaved ? "unsave" : "save"} />
      <Group gap="xs">
        <PlainButton type="submit" variant={isSaved ? "light" : "default"} size="sm" aria-pressed={isSaved}>
          {isSaved ? "Oferta guardada" : "Guardar oferta"}
        </PlainButton>
        {isSaved ? (
          <Anchor component={Link} to={linkTo("empleo-guardadas")} size="sm">
            Ver guardadas
          </Anchor>
        ) : null}
      </Group>
    </fetcher.Form>
  );
}

/**
 * One click: the saved profile and the default CV (the list puts it first); other choices in the
 * form. The offer's screening questions are still asked, above the button.
 */
function OneClickApply({
  cv,
  preguntas,
  failure,
}: {
  cv: { id: number; nombre: string };
  preguntas: ScreeningQuestion[];
  failure?: { message: string | null; errors?: Record<string, string[]> | null; values: { respuestas: (string | undefined)[] } };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "apply";
  // The questions are read before anything is sent: an unanswered required one is marked here,
  // in the browser, and the application is not posted half answered (issue 28).
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const errors = { ...(failure?.errors ?? {}), ...clientErrors };
  const questionErrors = Object.keys(errors).some((field) => field.startsWith("respuesta_"));
  return (
    // Our messages beside the questions, not the browser's bubbles.
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      aria-label="Inscripción con un clic"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const missing = unansweredQuestions(preguntas, (field) => form.get(field));
        setClientErrors(missing);
        const first = Object.keys(missing)[0];
        if (first) {
          event.preventDefault();
          event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
        }
      }}
      onChange={(event) => {
        const name = (event.target as unknown as HTMLInputElement).name;
        if (clientErrors[name]) setClientErrors(({ [name]: _, ...rest }) => rest);
      }}
    >
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name={ONE_CLICK_FIELD} value="1" />
      <input type="hidden" name="cv_id" value={cv.id} />
      <Stack gap="xs" align="flex-start">
        {failure?.message && !questionErrors ? <PlainAlert color="red">{failure.message}</PlainAlert> : null}
        <ScreeningAnswers preguntas={preguntas} errors={errors} values={failure?.values.respuestas} />
        <PlainLoadingButton type="submit" size="md" loading={busy}>
          Inscribirme con un clic
        </PlainLoadingButton>
        <Text size="sm" c="gray.7">
          Con tu perfil y tu CV «{cv.nombre}».{" "}
          <Anchor component={Link} to="?inscribirme=1#inscripcion" preventScrollReset underline="always">
            Elegir otro CV o añadir una carta
          </Anchor>
        </Text>
      </Stack>
    </Form>
  );
}
