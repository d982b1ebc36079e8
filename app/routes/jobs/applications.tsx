import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useRef } from "react";
import { Form, Link } from "react-router";
import card from "#app/features/jobs/application-card.module.css";
import { CandidateNav } from "#app/features/jobs/candidate-nav";
import { EmptyCard } from "#app/features/jobs/empty-card";
import { offerLink } from "#app/features/jobs/offer-card";
import { locationText } from "#app/features/jobs/salary";
import { SavedCvs } from "#app/features/jobs/saved-cvs";
import { AnswerList } from "#app/features/jobs/screening-answers";
import { ApplicationStatusBadge } from "#app/features/jobs/status-badge";
import { useFormFailure } from "#app/lib/form";
import { formatDate, formatDateTime } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import { PageContainer } from "#app/ui/layout/app-layout";
import { canWithdraw } from "#common/jobs/vocabulary";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/applications";
import { candidaturasAction, loadCandidaturas } from "./applications.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadCandidaturas(context, url);
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return candidaturasAction(context, request, url);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Mis candidaturas · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function Candidaturas({ loaderData, actionData }: Route.ComponentProps) {
  const tz = useTimeZone();
  const { applications } = loaderData;
  const form = useFormFailure(actionData);
  return (
    <PageContainer>
      <Title order={1} mb="md">
        Mis candidaturas
      </Title>
      <CandidateNav current="empleo-candidaturas" />
      {actionData?.message ? (
        <Alert color={form.failure ? "red" : "teal"} role={form.failure ? "alert" : "status"} mb="md">
          {actionData.message}
        </Alert>
      ) : null}
      {applications.length === 0 ? (
        <EmptyCard title="Todavía no te has inscrito en ninguna oferta" action={{ label: "Buscar ofertas", to: linkTo("empleo") }}>
          Cuando te inscribas en una oferta, aquí verás su estado: recibida, en proceso, finalista o descartada.
        </EmptyCard>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {applications.map((application) => (
            <li key={application.id}>
              <article className={card.card}>
                <div className={card.head}>
                  <div className={card.main}>
                    <h2 className={card.title}>
                      <Anchor component={Link} to={offerLink(application.oferta)}>
                        {application.oferta.titulo}
                      </Anchor>
                    </h2>
                    <p className={card.company}>{application.oferta.empresa.nombre}</p>
                    <p className={card.meta}>{locationText(application.oferta)}</p>
                    <p className={card.meta}>
                      Candidatura enviada el <time dateTime={application.creadaEn}>{formatDate(application.creadaEn, tz)}</time>
                      {application.actualizadaEn !== application.creadaEn ? (
                        <>
                          {" · "}Actualizada el{" "}
                          <time dateTime={application.actualizadaEn}>{formatDate(application.actualizadaEn, tz)}</time>
                        </>
                      ) : null}
                      {application.oferta.isOpen ? "" : " · Oferta cerrada"}
                    </p>
                  </div>
                  <div className={card.status}>
                    <p className={card.small}>Estado</p>
                    <ApplicationStatusBadge status={application.status} />
                    {application.vistaPorEmpresa ? <p className={card.small}>Vista por la empresa</p> : null}
                  </div>
                </div>
                <CompanyMessage historial={application.historial} />
                <AnswerList respuestas={application.respuestas} title="Tus respuestas" />
                <ApplicationHistory historial={application.historial} />
                {canWithdraw(application.status) ? <WithdrawButton id={application.id} titulo={application.oferta.titulo} /> : null}
              </article>
            </li>
          ))}
        </Stack>
      )}
      <Stack mt="xl">
        <SavedCvs cvs={loaderData.cvs} maxUploadBytes={loaderData.maxUploadBytes} failure={form} />
      </Stack>
    </PageContainer>
  );
}

/** The company's last message to the candidate (with «Contratada» or «Descartada»), as plain text. */
function CompanyMessage({ historial }: { historial: LoaderData["applications"][number]["historial"] }) {
  const last = historial.findLast((event) => event.mensaje);
  if (!last?.mensaje) return null;
  return (
    <div className={card.message}>
      <p className={card.label}>Mensaje de la empresa</p>
      <p className={`${card.text} ${card.preLine}`}>{last.mensaje}</p>
    </div>
  );
}

/** Who changed the status and when, oldest first. */
function ApplicationHistory({ historial }: { historial: LoaderData["applications"][number]["historial"] }) {
  const tz = useTimeZone();
  if (historial.length < 2) return null;
  return (
    <details className={card.history}>
      <summary>Historial de estados</summary>
      <ol className={card.historyList}>
        {historial.map((event) => (
          <li key={`${event.status}-${event.fecha}`} className={card.text}>
            {event.status_label} · <time dateTime={event.fecha}>{formatDateTime(event.fecha, tz)}</time> ·{" "}
            {event.por === "candidato" ? "por ti" : "por la empresa"}
          </li>
        ))}
      </ol>
    </details>
  );
}

function WithdrawButton({ id, titulo }: { id: number; titulo: string }) {
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form
      method="post"
      ref={form}
      style={{ marginTop: "var(--mantine-spacing-sm)" }}
      onSubmit={(event) => {
        if (event.currentTarget.dataset.confirmed === "1") return;
        // Withdrawing cannot be undone: ask first.
        event.preventDefault();
        modals.openConfirmModal({
          title: "¿Retirar la candidatura?",
          children: <Text size="sm">La empresa verá tu candidatura a «{titulo}» como retirada. No podrás volver a inscribirte.</Text>,
          labels: { confirm: "Retirar candidatura", cancel: "Cancelar" },
          confirmProps: { color: "red" },
          onConfirm: () => {
            if (!form.current) return;
            form.current.dataset.confirmed = "1";
            form.current.requestSubmit();
            delete form.current.dataset.confirmed;
          },
        });
      }}
    >
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="xs" variant="default" color="red" aria-label={`Retirar la candidatura a ${titulo}`}>
        Retirar candidatura
      </Button>
    </Form>
  );
}
