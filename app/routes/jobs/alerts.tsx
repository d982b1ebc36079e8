import { Alert, Anchor, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { CandidateNav } from "#app/features/jobs/candidate-nav";
import { EmptyCard } from "#app/features/jobs/empty-card";
import {
  CONTRACT_OPTIONS,
  EDUCATION_OPTIONS,
  EXPERIENCE_OPTIONS,
  JORNADA_OPTIONS,
  WORK_MODE_OPTIONS,
} from "#app/features/jobs/listing-filters";
import { type FormFailure, formFailure, useFormFailure } from "#app/lib/form";
import { formatDate } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import { useEstados } from "#app/lib/use-estados";
import { FormError } from "#app/ui/form-error";
import { SimpleGrid } from "#app/ui/grid";
import { PageContainer } from "#app/ui/layout/app-layout";
import { ALERT_FREQUENCY_LABELS, type AlertFrequency, MAX_ALERTS_PER_USER } from "#common/jobs";
import { linkToAppPath } from "#common/route-names";
import type { Route } from "./+types/alerts";
import { alertasAction, loadAlertas } from "./alerts.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadAlertas(context, url);
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return alertasAction(context, request, url);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Alertas de empleo · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function Alertas({ loaderData, actionData }: Route.ComponentProps) {
  const { alerts } = loaderData;
  // Each alert's frequency form and the new-alert form share field names: a failure goes to the
  // form its intent (and, for a frequency, its alert id) says sent it.
  const frequencyFailure = formFailure(actionData, "frecuencia");
  return (
    <PageContainer>
      <Title order={1} mb="md">
        Alertas de empleo
      </Title>
      <CandidateNav current="empleo-alertas" />
      <Stack gap="xl">
        {loaderData.created ? (
          <Alert color="teal" title="Alerta creada" role="status">
            Te enviaremos un correo con las ofertas nuevas que encajen con esta búsqueda, con la frecuencia que elegiste.
          </Alert>
        ) : null}
        <section aria-labelledby="mis-alertas-title">
          <Title order={2} size="h3" id="mis-alertas-title" mb="sm">
            Mis alertas ({alerts.length} de {MAX_ALERTS_PER_USER})
          </Title>
          {alerts.length === 0 ? (
            <EmptyCard title="No tienes alertas">
              Crea una alerta con el formulario de abajo o con el botón «Crear alerta con esta búsqueda» del listado de ofertas.
            </EmptyCard>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {alerts.map((alert) => (
                <AlertItem
                  key={alert.id}
                  alert={alert}
                  frecuencias={loaderData.frecuencias}
                  failure={frequencyFailure?.values.id === String(alert.id) ? frequencyFailure : undefined}
                  saved={actionData?.ok === true && actionData.intent === "frecuencia" && actionData.id === alert.id}
                />
              ))}
            </Stack>
          )}
        </section>
        <NewAlertForm loaderData={loaderData} result={actionData} />
      </Stack>
    </PageContainer>
  );
}

function AlertItem({
  alert,
  frecuencias,
  failure,
  saved,
}: {
  alert: LoaderData["alerts"][number];
  frecuencias: LoaderData["frecuencias"];
  failure?: FormFailure;
  saved: boolean;
}) {
  const tz = useTimeZone();
  const fetcher = useFetcher();
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "frecuencia" &&
    navigation.formData?.get("id") === String(alert.id);
  const { formRef, error, value, message } = useFormFailure(failure, "frecuencia");
  if (fetcher.formData) return null;
  const typed = value("frecuencia", alert.frecuencia);
  return (
    <li>
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: "1 1 16rem" }}>
            <Text fw={600}>{alert.descripcion}</Text>
            <Text size="sm" c="gray.7">
              {`${ALERT_FREQUENCY_LABELS[alert.frecuencia as AlertFrequency]} · Creada el ${formatDate(alert.creadaEn, tz)}`}
            </Text>
          </Stack>
          <Group gap="xs">
            <Anchor component={Link} to={linkToAppPath(alert.listingUrl)} size="sm">
              Ver ofertas
            </Anchor>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={alert.id} />
              <Button type="submit" variant="subtle" color="red" size="xs" aria-label={`Eliminar la alerta ${alert.descripcion}`}>
                Eliminar
              </Button>
            </fetcher.Form>
          </Group>
        </Group>
        <Form method="post" aria-label={`Frecuencia de la alerta ${alert.descripcion}`} ref={formRef}>
          <input type="hidden" name="intent" value="frecuencia" />
          <input type="hidden" name="id" value={alert.id} />
          <Group gap="xs" mt="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              name="frecuencia"
              label="Frecuencia"
              data={frecuencias}
              defaultValue={typed}
              key={typed}
              error={error("frecuencia") ?? message}
              size="sm"
              style={{ flex: "0 1 12rem" }}
            />
            <Button type="submit" variant="light" size="sm" loading={saving}>
              Guardar
            </Button>
            {saved ? (
              <Text size="sm" c="teal.8" role="status">
                Frecuencia guardada.
              </Text>
            ) : null}
          </Group>
        </Form>
      </Card>
    </li>
  );
}

function NewAlertForm({ loaderData, result }: { loaderData: LoaderData; result: unknown }) {
  const { formRef, error, value, message } = useFormFailure(result, "create");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [pais, setPais] = useState(() => value("pais", loaderData.defaultPais));
  const idOf = (slug: string) => loaderData.paisIds[slug];
  const prefill = loaderData.prefill;
  // The provinces of the chosen country (the loader's list for the default one, fetched for others).
  const estados = useEstados(idOf(pais), loaderData.estados, idOf(loaderData.defaultPais));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="nueva-alerta-title">
      <Form method="post" ref={formRef}>
        <Stack gap="md">
          <Title order={2} size="h3" id="nueva-alerta-title">
            Nueva alerta
          </Title>
          <Text size="sm" c="gray.7">
            Elige qué ofertas te interesan y cada cuánto quieres el correo: al momento, una vez al día o una vez por semana. Solo te
            escribimos cuando hay ofertas nuevas.
          </Text>
          <FormError message={message} />
          <input type="hidden" name="intent" value="create" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              name="pais"
              label="País"
              data={loaderData.paises}
              value={pais}
              onChange={(event) => setPais(event.currentTarget.value)}
              error={error("pais")}
              required
            />
            <NativeSelect
              name="frecuencia"
              label="Frecuencia"
              data={loaderData.frecuencias}
              defaultValue={value("frecuencia", prefill.frecuencia || "diaria")}
              error={error("frecuencia")}
              required
            />
            <NativeSelect
              name="estado"
              label="Provincia o estado"
              data={[{ value: "", label: "Todas" }, ...estados]}
              defaultValue={value("estado", pais === loaderData.defaultPais ? prefill.estado : "")}
              error={error("estado")}
            />
            <NativeSelect
              name="cargo"
              label="Puesto"
              data={[{ value: "", label: "Todos los puestos" }, ...loaderData.cargos]}
              defaultValue={value("cargo", prefill.cargo)}
              error={error("cargo")}
            />
            <TextInput
              name="q"
              label="Palabras clave"
              placeholder="p. ej. oncología"
              maxLength={200}
              defaultValue={value("q", prefill.q)}
              error={error("q")}
            />
            <NativeSelect
              name="modalidad"
              label="Modalidad"
              data={WORK_MODE_OPTIONS}
              defaultValue={value("modalidad", prefill.modalidad)}
              error={error("modalidad")}
            />
            <NativeSelect
              name="contrato"
              label="Contrato"
              data={CONTRACT_OPTIONS}
              defaultValue={value("contrato", prefill.contrato)}
              error={error("contrato")}
            />
            <TextInput
              name="salario_min"
              label="Salario mínimo"
              type="number"
              inputMode="numeric"
              min={0}
              step={1000}
              defaultValue={value("salario_min", prefill.salario_min)}
              error={error("salario_min")}
            />
            <NativeSelect
              name="jornada"
              label="Jornada"
              data={JORNADA_OPTIONS}
              defaultValue={value("jornada", prefill.jornada)}
              error={error("jornada")}
            />
            <NativeSelect
              name="experiencia"
              label="Tu experiencia"
              data={EXPERIENCE_OPTIONS}
              defaultValue={value("experiencia", prefill.experiencia)}
              error={error("experiencia")}
            />
            <NativeSelect
              name="estudios"
              label="Tus estudios"
              data={EDUCATION_OPTIONS}
              defaultValue={value("estudios", prefill.estudios)}
              error={error("estudios")}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={busy}>
              Crear alerta
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}
