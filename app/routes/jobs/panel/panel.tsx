import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CompanyJoinRequests } from "#app/features/accounts/company-join-requests";
import { CompanyProfileForm } from "#app/features/jobs/company-profile-form";
import { EmptyCard } from "#app/features/jobs/empty-card";
import { offerLink } from "#app/features/jobs/offer-card";
import { figureTotalsText } from "#app/features/jobs/offer-figures";
import { locationText } from "#app/features/jobs/salary";
import { OfferStatusBadge } from "#app/features/jobs/status-badge";
import { useFormFailure } from "#app/lib/form";
import { formatDate, plural } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { OfferFigureTotals, PanelOffer } from "#server/jobs";
import type { Route } from "./+types/panel";
import { loadPanel, panelAction } from "./panel.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadPanel(context, url);
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return panelAction(context, request, url);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Panel de empleo · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function Panel({ loaderData, actionData }: Route.ComponentProps) {
  const { offers, joinRequests, noCompany, notice, profile } = loaderData;
  const form = useFormFailure(actionData);
  const message = actionData?.message ?? notice;
  return (
    <PageContainer>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Panel de empleo</Title>
            <Text c="gray.7">Publica ofertas, revisa candidaturas y gestiona el estado de cada candidato.</Text>
          </Stack>
          {noCompany ? null : (
            // The profile search lived only in the account menu: on a phone the panel is where a recruiter looks for it.
            <Group gap="xs">
              <Button component={Link} to={linkTo("empleo-panel-nueva")}>
                Nueva oferta
              </Button>
              <Button component={Link} to={linkTo("empleo-panel-talento")} variant="default">
                Buscar candidatos
              </Button>
            </Group>
          )}
        </Group>
        {message ? (
          <Alert color={form.failure ? "red" : "teal"} role={form.failure ? "alert" : "status"}>
            {message}
          </Alert>
        ) : null}
        <CompanyJoinRequests requests={joinRequests} />
        {noCompany ? (
          <Alert color="blue" title="Falta tu empresa">
            {noCompany}{" "}
            <Anchor component={Link} to={linkTo("crear-cuenta-empleo-empresa")}>
              Completar los datos de la empresa
            </Anchor>
          </Alert>
        ) : offers.length === 0 ? (
          <EmptyCard title="Aún no has creado ofertas" action={{ label: "Crear la primera oferta", to: linkTo("empleo-panel-nueva") }}>
            Crea una oferta, guárdala como borrador y publícala cuando esté lista.
          </EmptyCard>
        ) : (
          <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {offers.map((offer) => (
              <li key={offer.id}>
                <PanelOfferCard offer={offer} totals={loaderData.figures[String(offer.id)]} />
              </li>
            ))}
          </Stack>
        )}
        {profile ? <CompanyProfileForm profile={profile} failure={form} /> : null}
      </Stack>
    </PageContainer>
  );
}

function PanelOfferCard({ offer, totals }: { offer: PanelOffer; totals: OfferFigureTotals | undefined }) {
  const tz = useTimeZone();
  const { counts } = offer;
  const nuevas = counts.sin_revisar;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`oferta-${offer.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ flex: "1 1 18rem" }}>
            <Title order={2} size="h4" id={`oferta-${offer.id}`}>
              {offer.titulo}
            </Title>
            <Text size="sm" c="gray.7">
              {locationText(offer)}
              {offer.delegacion ? ` · ${offer.delegacion.nombre}` : ""}
            </Text>
            <Text size="sm" c="gray.7">
              {offer.status === "borrador" ? "Sin publicar" : `Publicada el ${formatDate(offer.publicadaEn, tz)}`}
              {offer.expiraEn ? ` · Caduca el ${formatDate(offer.expiraEn, tz)}` : ""}
            </Text>
          </Stack>
          <OfferStatusBadge status={offer.status} />
        </Group>
        <Text size="sm">
          <Anchor component={Link} to={linkTo("empleo-panel-candidatos", { id: offer.id })} fw={600}>
            {plural(counts.total, "candidatura", "candidaturas")}
          </Anchor>
          {nuevas ? <Text span c="gray.7">{` · ${nuevas} sin revisar`}</Text> : null}
          {counts.en_proceso ? <Text span c="gray.7">{` · ${counts.en_proceso} en proceso`}</Text> : null}
          {counts.finalista ? <Text span c="gray.7">{` · ${plural(counts.finalista, "finalista", "finalistas")}`}</Text> : null}
        </Text>
        {offer.status === "borrador" ? null : (
          <Text size="sm" c="gray.7">
            {figureTotalsText(totals)} {/* Inside a sentence: underlined, so it is told apart without colour (axe link-in-text-block). */}
            <Anchor
              component={Link}
              to={`${linkTo("empleo-panel-candidatos", { id: offer.id })}#cifras`}
              underline="always"
              style={{ whiteSpace: "nowrap" }}
            >
              Ver por día
            </Anchor>
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {offer.status !== "cerrada" ? (
            <Button component={Link} to={linkTo("empleo-panel-editar", { id: offer.id })} variant="default" size="xs">
              Editar
            </Button>
          ) : null}
          <Button component={Link} to={offerLink(offer)} variant="default" size="xs">
            {offer.status === "borrador" ? "Vista previa" : "Ver oferta"}
          </Button>
          {offer.status === "borrador" || offer.status === "caducada" ? (
            <OfferAction offer={offer} intent="publish" label="Publicar" />
          ) : null}
          {offer.status === "publicada" || offer.status === "caducada" ? (
            <OfferAction offer={offer} intent="close" label="Cerrar" confirm />
          ) : null}
          <OfferAction offer={offer} intent="duplicate" label="Duplicar" />
        </Group>
      </Stack>
    </Card>
  );
}

function OfferAction({ offer, intent, label, confirm }: { offer: PanelOffer; intent: string; label: string; confirm?: boolean }) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === String(offer.id);
  return (
    <Form
      method="post"
      ref={form}
      onSubmit={(event) => {
        if (!confirm || event.currentTarget.dataset.confirmed === "1") return;
        // Closing cannot be undone (a closed offer is duplicated, not reopened): ask first.
        event.preventDefault();
        modals.openConfirmModal({
          title: "¿Cerrar la oferta?",
          children: <Text size="sm">«{offer.titulo}» dejará de admitir candidaturas. Las candidaturas recibidas se conservan.</Text>,
          labels: { confirm: "Cerrar oferta", cancel: "Cancelar" },
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
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={offer.id} />
      <Button
        type="submit"
        size="xs"
        variant={intent === "publish" ? "filled" : "default"}
        color={intent === "close" ? "red" : undefined}
        loading={busy}
        aria-label={`${label}: ${offer.titulo}`}
      >
        {label}
      </Button>
    </Form>
  );
}
