import { Anchor, Badge, Breadcrumbs, Button, Group, NativeSelect, Spoiler, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { ApplicantMessage } from "#app/features/jobs/applicant-message";
import { ApplicantNote } from "#app/features/jobs/applicant-note";
import { EmptyCard } from "#app/features/jobs/empty-card";
import { offerLink } from "#app/features/jobs/offer-card";
import { OfferFiguresCard } from "#app/features/jobs/offer-figures";
import { personCardClasses as card, PersonCard, PersonList } from "#app/features/jobs/person-card";
import { ProfileSummary } from "#app/features/jobs/profile-summary";
import { AnswerList } from "#app/features/jobs/screening-answers";
import { ApplicationStatusBadge, OfferStatusBadge } from "#app/features/jobs/status-badge";
import { readableDescription } from "#app/features/jobs/types";
import { useFormFailure } from "#app/lib/form";
import { formatDateTime } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import {
  applicantsPanelPage,
  assertCan,
  changeApplicationStatus,
  EVERY_REFUSAL,
  formAction,
  idParam,
  manageOffers,
  messageApplicant,
  pageRedirect,
  saveApplicantNote,
} from "#app/routes/jobs/jobs.server";
import { FormError } from "#app/ui/form-error";
import { PageContainer } from "#app/ui/layout/app-layout";
import { LinkifiedText } from "#app/ui/linkified-text";
import { LoadMorePager, useLoadMore } from "#app/ui/load-more-pager";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_TRANSITIONS,
  type ApplicationStatus,
  applicantFormSchema,
  type CandidateProfile,
  NO_CUMPLE_LABEL,
  REQUIREMENTS_FILTER_LABELS,
  REQUIREMENTS_FILTERS,
  type RequirementsFilter,
  STATUS_MESSAGE_MAX,
  STATUSES_WITH_MESSAGE,
} from "#common/jobs";
import { linkTo, pathTo } from "#common/route-names";
import type { ApplicantView } from "#server/jobs";
import type { Route } from "./+types/candidates";

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = assertCan(context, url, manageOffers);
  const id = idParam(params.id);
  const asked = url.searchParams.get("requisitos");
  const requisitos = (REQUIREMENTS_FILTERS as readonly string[]).includes(asked ?? "") ? (asked as RequirementsFilter) : undefined;
  // A page of applicants after the one the cursor names (a bad cursor starts from the first).
  const after = Number(url.searchParams.get("cursor")?.slice(0, 12)) || undefined;
  // One service for the whole page: a handful of queries (issue 33), the policy checked once.
  const page = await applicantsPanelPage(context.app, user, id, { requisitos, after });
  return {
    offer: page.offer,
    figures: page.figures,
    // Each message form carries its own client_id, so a double submit sends the message once; a
    // later page brings its own with its applicants.
    applicants: page.items.map((applicant) => ({ ...applicant, messageId: crypto.randomUUID() })),
    total: page.total,
    nextCursor: page.nextCursor,
    isFirstPage: !after,
    requisitos: requisitos ?? null,
    brandName: context.app.config.brandName,
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = assertCan(context, url, manageOffers);
  const form = await request.formData();
  return formAction(
    form,
    applicantFormSchema,
    async (input) => {
      const id = idParam(input.candidatura);
      if (input.intent === "mensaje") {
        const sent = await messageApplicant(context.app, user, id, input);
        throw pageRedirect(pathTo("chat", { id: sent.conversationId }));
      }
      if (input.intent === "nota") await saveApplicantNote(context.app, user, id, input);
      else await changeApplicationStatus(context.app, user, id, input.status, input.mensaje);
      return { ok: true as const, intent: input.intent, id };
    },
    { inline: EVERY_REFUSAL, key: String(form.get("candidatura") ?? "") },
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `Candidaturas de «${data?.offer.titulo ?? "oferta"}» · ${data?.brandName ?? "Farmanexo"}` },
    { name: "robots", content: "noindex" },
  ];
}

/** The CV goes through the API (cookie-authenticated), which checks the company owns the offer. */
const cvUrl = (id: number) => `/api/empleo/panel/candidaturas/${id}/cv`;

type LoaderData = Route.ComponentProps["loaderData"];

export default function Candidatos({ loaderData }: Route.ComponentProps) {
  // Keyed by the filter: another filter starts the list again instead of appending to this one.
  return <ApplicantsPage key={loaderData.requisitos ?? ""} loaderData={loaderData} />;
}

function ApplicantsPage({ loaderData }: { loaderData: LoaderData }) {
  const { offer, total, requisitos } = loaderData;
  // Fifty applicants, then «Cargar más candidaturas» (a plain link to the next page without JavaScript).
  const {
    items: applicants,
    cursor,
    loading,
    load,
  } = useLoadMore({ items: loaderData.applicants, nextCursor: loaderData.nextCursor }, (next: LoaderData) => ({
    items: next.applicants,
    nextCursor: next.nextCursor,
  }));
  const here = linkTo("empleo-panel-candidatos", { id: String(offer.id) }, requisitos ? { requisitos } : undefined);
  const next = cursor
    ? linkTo("empleo-panel-candidatos", { id: String(offer.id) }, requisitos ? { requisitos, cursor } : { cursor })
    : null;
  const hasKnockOut = offer.preguntas.some((pregunta) => pregunta.descarta_si !== null);
  return (
    <PageContainer>
      <Stack gap="lg">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={linkTo("empleo-panel")} size="sm">
            Panel de empleo
          </Anchor>
          <Text size="sm" c="gray.7" aria-current="page">
            Candidaturas
          </Text>
        </Breadcrumbs>
        <Stack gap={4}>
          <Title order={1} size="h2">
            Candidaturas: {offer.titulo}
          </Title>
          <Group gap="xs">
            <OfferStatusBadge status={offer.status} />
            <Text size="sm" c="gray.7">
              {total === 1 ? "1 candidatura" : `${total} candidaturas`}
            </Text>
            <Anchor component={Link} to={offerLink(offer)} size="sm">
              Ver la oferta
            </Anchor>
          </Group>
        </Stack>
        {loaderData.figures && offer.status !== "borrador" ? <OfferFiguresCard figures={loaderData.figures} /> : null}
        {hasKnockOut ? <RequirementsFilterLinks current={requisitos} /> : null}
        {applicants.length === 0 && requisitos ? (
          <EmptyCard title="Ninguna candidatura con este filtro">Prueba con «Todas».</EmptyCard>
        ) : applicants.length === 0 ? (
          <EmptyCard title="Todavía no hay candidaturas">
            {offer.status === "publicada"
              ? "Cuando alguien se inscriba en la oferta, aparecerá aquí con su CV y su carta de presentación."
              : "Publica la oferta para empezar a recibir candidaturas."}
          </EmptyCard>
        ) : (
          <PersonList>
            {applicants.map((applicant) => (
              <li key={applicant.id}>
                <ApplicantCard
                  applicant={applicant}
                  conversationId={applicant.conversationId}
                  messageId={applicant.messageId}
                  profile={applicant.perfil}
                />
              </li>
            ))}
          </PersonList>
        )}
        <LoadMorePager
          firstPageHref={loaderData.isFirstPage ? null : here}
          nextHref={next}
          loading={loading}
          onLoadMore={load}
          label="Cargar más candidaturas"
        />
      </Stack>
    </PageContainer>
  );
}

function ApplicantCard({
  applicant,
  conversationId,
  messageId,
  profile,
}: {
  applicant: ApplicantView;
  conversationId: number | null;
  messageId: string;
  profile: CandidateProfile | null;
}) {
  const tz = useTimeZone();
  const fetcher = useFetcher<typeof action>();
  const name = [applicant.candidato.nombre, applicant.candidato.apellidos].filter(Boolean).join(" ") || applicant.candidato.email;
  const pending = fetcher.formData?.get("status");
  const status = (typeof pending === "string" ? pending : applicant.status) as ApplicantView["status"];
  const next = APPLICATION_TRANSITIONS[applicant.status];
  const [chosen, setChosen] = useState<ApplicationStatus>(next[0] ?? applicant.status);
  const failure = useFormFailure(fetcher.data);
  const headingId = `candidato-${applicant.id}`;
  return (
    <PersonCard
      headingId={headingId}
      name={name}
      gap="sm"
      details={
        <>
          <p className={card.meta}>{[applicant.candidato.cargo, applicant.candidato.pais?.nombre].filter(Boolean).join(" · ")}</p>
          <p className={card.meta}>
            <Anchor href={`mailto:${applicant.candidato.email}`} size="sm" underline="always">
              {applicant.candidato.email}
            </Anchor>
            {" · "}Candidatura enviada el {formatDateTime(applicant.creadaEn, tz)}
          </p>
        </>
      }
      aside={
        <div className={card.row}>
          {applicant.cumpleRequisitos ? null : (
            <Badge color="orange" variant="light">
              {NO_CUMPLE_LABEL}
            </Badge>
          )}
          <ApplicationStatusBadge status={status} />
        </div>
      }
    >
      {profile ? (
        <section className={card.paper} aria-label={`Perfil de ${name}`}>
          <div className={card.block}>
            <p className={card.label}>Perfil</p>
            <ProfileSummary profile={profile} />
          </div>
        </section>
      ) : null}
      <AnswerList respuestas={applicant.respuestas} />
      {applicant.carta ? (
        <div className={card.block}>
          <p className={card.label}>Carta de presentación</p>
          <Spoiler maxHeight={96} showLabel="Leer toda la carta" hideLabel="Mostrar menos">
            <p className={card.text} style={{ whiteSpace: "pre-line" }}>
              <LinkifiedText text={applicant.carta} />
            </p>
          </Spoiler>
        </div>
      ) : (
        <p className={card.meta}>Sin carta de presentación.</p>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Button component="a" href={cvUrl(applicant.id)} variant="default" size="sm" download={applicant.cvNombre}>
          Descargar CV ({applicant.cvNombre})
        </Button>
        {next.length ? (
          <fetcher.Form method="post" key={applicant.status} ref={failure.formRef}>
            <input type="hidden" name="intent" value="estado" />
            <input type="hidden" name="candidatura" value={applicant.id} />
            <Stack gap="xs">
              <Group gap="xs" align="flex-end">
                <NativeSelect
                  name="status"
                  label={`Estado de ${name}`}
                  size="sm"
                  value={chosen}
                  onChange={(event) => setChosen(event.currentTarget.value as ApplicationStatus)}
                  data={next.map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] }))}
                />
                <Button type="submit" size="sm" loading={fetcher.state !== "idle" && fetcher.formData?.get("intent") === "estado"}>
                  Cambiar estado
                </Button>
              </Group>
              {STATUSES_WITH_MESSAGE.includes(chosen) ? (
                <Textarea
                  name="mensaje"
                  label="Mensaje para la persona candidata (opcional)"
                  description="Se lo enviaremos por correo con el nuevo estado."
                  styles={readableDescription}
                  size="sm"
                  autosize
                  minRows={2}
                  maxLength={STATUS_MESSAGE_MAX}
                  error={failure.error("mensaje")}
                />
              ) : null}
            </Stack>
          </fetcher.Form>
        ) : (
          <p className={card.meta}>Estado final: no admite más cambios.</p>
        )}
      </Group>
      {applicant.status === "retirada" ? null : (
        <ApplicantMessage
          to={{ field: "candidatura", id: applicant.id }}
          name={name}
          clientId={messageId}
          conversationId={conversationId}
        />
      )}
      <ApplicantNote applicant={applicant} name={name} />
      <FormError message={failure.message} />
    </PersonCard>
  );
}

/** Offers with knock-out questions: all applicants, those who meet the requirements, or those who do not. */
function RequirementsFilterLinks({ current }: { current: RequirementsFilter | null }) {
  const options: { value: RequirementsFilter | null; label: string }[] = [
    { value: null, label: "Todas" },
    ...REQUIREMENTS_FILTERS.map((value) => ({ value, label: REQUIREMENTS_FILTER_LABELS[value] })),
  ];
  return (
    <Group gap="xs" component="nav" aria-label="Filtrar por requisitos">
      {options.map((option) => (
        <Button
          key={option.label}
          component={Link}
          to={option.value ? `?requisitos=${option.value}` : "?"}
          size="xs"
          variant={current === option.value ? "filled" : "default"}
          aria-current={current === option.value ? "page" : undefined}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
