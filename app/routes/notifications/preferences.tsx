import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { PushOptIn } from "#app/features/notifications/push-opt-in";
import { useFormFailure } from "#app/lib/form";
import { PageContainer } from "#app/ui/layout/app-layout";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KIND_NAMES } from "#common/notifications/kinds";
import { preferencesSchema } from "#common/notifications/schemas";
import type { Route } from "./+types/preferences";
import { countSubscriptions, formMutation, listPreferences, parseFields, requireUser, savePreferences } from "./notifications.server";

const CHANNEL_LABELS = { in_app: "En la web", push: "Push", email: "E-mail" } as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, "0")}:00` }));

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const [prefs, devices] = await Promise.all([listPreferences(context.app.db, user), countSubscriptions(context.app.db, user)]);
  return { ...prefs, devices, brandName: context.app.config.brandName };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  return formMutation(request, async (form) => {
    const input = parseFields(preferencesSchema, {
      kinds: NOTIFICATION_KIND_NAMES.map((kind) => ({
        kind,
        ...Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, form.get(`${kind}.${channel}`) === "on"])),
      })),
      settings: {
        push_shows_text: form.get("push_shows_text") === "on",
        quiet_from: form.get("quiet_from") ?? "0",
        quiet_to: form.get("quiet_to") ?? "0",
        time_zone: context.timeZone,
      },
    });
    const { push_shows_text, quiet_from, quiet_to, time_zone } = input.settings ?? { push_shows_text: false, quiet_from: 0, quiet_to: 0 };
    await savePreferences(context.app.db, user, {
      kinds: input.kinds,
      settings: { pushShowsText: push_shows_text, quietFrom: quiet_from, quietTo: quiet_to, timeZone: time_zone },
    });
    return { ok: true as const };
  });
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Preferencias de notificaciones · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function PreferenciasNotificaciones({ loaderData, actionData }: Route.ComponentProps) {
  const { kinds, settings, devices } = loaderData;
  const saving = useNavigation().state === "submitting";
  const { failure, formRef } = useFormFailure(actionData);
  return (
    <PageContainer>
      <Title order={1} mb="md">
        Preferencias de notificaciones
      </Title>
      <Stack gap="lg">
        <PushOptIn devices={devices} />
        <Form method="post" ref={formRef}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="sm">
                Qué te avisamos y por dónde
              </Title>
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Aviso</Table.Th>
                      {NOTIFICATION_CHANNELS.map((channel) => (
                        <Table.Th key={channel}>{CHANNEL_LABELS[channel]}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {kinds.map((row) => (
                      <Table.Tr key={row.kind}>
                        <Table.Td>{row.label}</Table.Td>
                        {NOTIFICATION_CHANNELS.map((channel) => (
                          <Table.Td key={channel}>
                            <Checkbox
                              name={`${row.kind}.${channel}`}
                              defaultChecked={row[channel]}
                              aria-label={`${row.label}: ${CHANNEL_LABELS[channel]}`}
                            />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="sm">
                En la pantalla de bloqueo
              </Title>
              <Checkbox
                name="push_shows_text"
                defaultChecked={settings.pushShowsText}
                label="Mostrar el texto del aviso en las notificaciones push"
                description="Si no lo marcas, el móvil solo muestra «Tienes una notificación nueva»."
              />
              <Text fw={500} mt="md">
                No molestar
              </Text>
              <Text size="sm" c="gray.7" mb="xs">
                Durante estas horas no enviamos notificaciones push; las recibirás al terminar. Elige la misma hora en las dos para
                desactivarlo.
              </Text>
              <Group gap="sm">
                <NativeSelect name="quiet_from" label="Desde" data={HOURS} defaultValue={String(settings.quietFrom)} />
                <NativeSelect name="quiet_to" label="Hasta" data={HOURS} defaultValue={String(settings.quietTo)} />
              </Group>
            </Paper>
            <Group>
              <Button type="submit" loading={saving}>
                Guardar preferencias
              </Button>
              {actionData?.ok && (
                <Text role="status" c="teal.9">
                  Preferencias guardadas.
                </Text>
              )}
              {failure && (
                <Text role="alert" c="red.8">
                  {failure.message}
                </Text>
              )}
            </Group>
          </Stack>
        </Form>
      </Stack>
    </PageContainer>
  );
}
