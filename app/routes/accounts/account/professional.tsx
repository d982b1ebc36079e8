import { Alert, Badge, Button, Card, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { useTimeZone } from "#app/lib/time-zone";
import { FilePicker } from "#app/ui/file-picker";
import { FormError } from "#app/ui/form-error";
import { PROFESSIONS, REJECTION_REASONS, VERIFIED_BADGE } from "#common/accounts/professional-verification";
import type { Route } from "./+types/professional";
import { CuentaLayout } from "./account-layout";
import { loadProfessional, professionalAction } from "./professional.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProfessional(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return professionalAction(context, request);
}

export const handle = { title: "Profesional sanitario" };

export function meta() {
  return [{ title: "Profesional sanitario" }, { name: "robots", content: "noindex" }];
}

function useDate() {
  const timeZone = useTimeZone();
  const format = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone });
  return (iso: string) => format.format(new Date(iso));
}

type Data = Route.ComponentProps["loaderData"];

export default function Profesional({ loaderData, actionData }: Route.ComponentProps) {
  const { verification, visitRequests } = loaderData;
  const done = actionData && "ok" in actionData && actionData.ok ? actionData.message : null;
  return (
    <CuentaLayout title="Profesional sanitario">
      {done ? (
        <Alert color="teal" role="status">
          {done}
        </Alert>
      ) : null}
      <VerificationState verification={verification} />
      {verification.canRequest ? <RequestForm provincias={loaderData.provincias} actionData={actionData} /> : null}
      {visitRequests.length ? <VisitRequests requests={visitRequests} /> : null}
    </CuentaLayout>
  );
}

function VerificationState({ verification }: { verification: Data["verification"] }) {
  const date = useDate();
  const last = verification.last;
  const lines: Record<Data["verification"]["state"], { title: string; text: string; color: string }> = {
    sin_solicitud: {
      title: "Sin verificar",
      text: "Verifica tu colegiación una vez y verás la información de los medicamentos de prescripción sin declararlo en cada dispositivo. Tu número de colegiado nunca se muestra en público.",
      color: "gray",
    },
    pendiente: {
      title: "Solicitud pendiente",
      text: "La moderación está revisando tu solicitud. Te avisaremos por correo.",
      color: "yellow",
    },
    verificado: {
      title: VERIFIED_BADGE,
      text: verification.validUntil ? `Tu verificación vale hasta el ${date(verification.validUntil)}.` : "",
      color: "teal",
    },
    rechazada: {
      title: "Solicitud rechazada",
      text: last?.rejectionReason
        ? `Motivo: ${REJECTION_REASONS[last.rejectionReason]}.${last.rejectionText ? ` ${last.rejectionText}` : ""}`
        : "",
      color: "red",
    },
    caducada: {
      title: "Verificación caducada",
      text: verification.validUntil ? `Caducó el ${date(verification.validUntil)}. Envía un justificante actualizado para renovarla.` : "",
      color: "orange",
    },
  };
  const line = lines[verification.state];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="estado-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="estado-title">
          Verificación de profesional sanitario
        </Title>
        <Badge color={line.color} variant="light" size="lg" tt="none">
          {line.title}
        </Badge>
      </Group>
      <Stack gap="xs">
        <Text>{line.text}</Text>
        {last ? (
          <Text size="sm" c="gray.7">
            Última solicitud: {last.professionLabel} · {last.colegio} de {last.provincia} · n.º {last.collegiateNumber} · enviada el{" "}
            {date(last.createdAt)}
            {last.decidedAt ? ` · decidida el ${date(last.decidedAt)}` : ""}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function RequestForm({ provincias, actionData }: { provincias: Data["provincias"]; actionData: Route.ComponentProps["actionData"] }) {
  const { formRef, message, error, value } = useFormFailure(actionData, "solicitar");
  const [chosen, setChosen] = useState<string | null>(null);
  const busy = useNavigation().formData?.get("intent") === "solicitar";
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="solicitud-title">
      <Title order={2} size="h4" mb="md" id="solicitud-title">
        Solicitar la verificación
      </Title>
      <Form method="post" encType="multipart/form-data" noValidate ref={formRef}>
        <input type="hidden" name="intent" value="solicitar" />
        <Stack gap="md" maw={520}>
          <FormError message={message} />
          <NativeSelect
            label="Profesión"
            name="profesion"
            required
            defaultValue={value("profesion")}
            error={error("profesion")}
            data={[
              { value: "", label: "Elige tu profesión" },
              ...Object.entries(PROFESSIONS).map(([key, p]) => ({ value: key, label: `${p.label} (${p.colegio})` })),
            ]}
          />
          <TextInput
            label="Número de colegiado"
            name="num_colegiado"
            required
            maxLength={20}
            autoComplete="off"
            defaultValue={value("num_colegiado")}
            error={error("num_colegiado")}
          />
          <NativeSelect
            label="Provincia del colegio"
            name="estado_id"
            required
            defaultValue={value("estado_id")}
            error={error("estado_id")}
            data={[{ value: "", label: "Elige la provincia" }, ...provincias]}
          />
          <div>
            <Text component="label" htmlFor="justificante" size="sm" fw={500}>
              Justificante (carné de colegiado o certificado, PDF o imagen, máx. 10 MB)
            </Text>
            <FilePicker
              id="justificante"
              name="justificante"
              accept="application/pdf,image/png,image/jpeg,image/webp"
              chosen={chosen}
              aria-invalid={error("justificante") ? true : undefined}
              aria-describedby={error("justificante") ? "justificante-error" : undefined}
              onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
            />
            {error("justificante") ? (
              <Text id="justificante-error" size="sm" c="red.8" mt={4}>
                {error("justificante")}
              </Text>
            ) : null}
          </div>
          <Text size="sm" c="gray.7">
            Solo la moderación ve el justificante y lo borramos en cuanto decide; guardamos el resultado, quién lo revisó y la fecha.
          </Text>
          <Group>
            <Button type="submit" loading={busy}>
              Enviar solicitud
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

function VisitRequests({ requests }: { requests: Data["visitRequests"] }) {
  const date = useDate();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="visitas-title">
      <Title order={2} size="h4" mb="md" id="visitas-title">
        Visitas por confirmar
      </Title>
      <Stack gap="sm">
        {requests.map((request) => (
          <Card withBorder key={request.id} padding="sm">
            <Text>
              {request.visitador.nombre}
              {request.visitador.empresa ? ` (${request.visitador.empresa})` : ""} te pide que confirmes que te presenta «{request.producto}
              ».
            </Text>
            <Text size="sm" c="gray.7" mb="xs">
              Puedes responder hasta el {date(request.caducaEn)}.
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="visita" />
              <input type="hidden" name="id" value={request.id} />
              <Group gap="sm">
                <Button type="submit" name="decision" value="confirmar" aria-label={`Confirmar la visita de ${request.visitador.nombre}`}>
                  Confirmar
                </Button>
                <Button type="submit" name="decision" value="rechazar" variant="default">
                  Rechazar
                </Button>
              </Group>
            </Form>
          </Card>
        ))}
      </Stack>
    </Paper>
  );
}
