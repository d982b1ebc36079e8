import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { KeywordSearch, OlderPageButton } from "#app/features/admin/list-controls";
import { type FormFailure, formFailure, useFormFailure } from "#app/lib/form";
import type { Route } from "./+types/laboratories";
import { laboratoriosAction, loadLaboratorios } from "./laboratories.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadLaboratorios(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return laboratoriosAction(context, request);
}

export function meta() {
  return [{ title: "Laboratorios · Administración" }, { name: "robots", content: "noindex" }];
}

/**
 * Administrators link a company to a laboratory as its marketing team (decisions 0024 and 0026):
 * its marketing users then see the laboratory's dashboard and promote its products. Audited.
 */
export default function Laboratorios({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Laboratorios
      </Title>
      <Text c="gray.7">
        Vincula cada laboratorio con la empresa que forma su equipo de marketing: sus usuarios de marketing verán el panel del laboratorio y
        podrán crear promociones de sus medicamentos. Cada laboratorio tiene como mucho una empresa; los cambios quedan en la auditoría.
      </Text>
      <KeywordSearch placeholder="Nombre del laboratorio" keep={[]} />
      {actionData?.ok ? (
        <Alert color="teal" role="status">
          {actionData.message}
        </Alert>
      ) : null}
      {loaderData.items.length === 0 ? <Text>No hay laboratorios que coincidan.</Text> : null}
      <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {loaderData.items.map((lab) => {
          const failure = formFailure(actionData);
          const failed = failure?.key === lab.id ? failure : null;
          const busy = busyId === String(lab.id);
          return (
            <Card key={lab.id} withBorder radius="md" padding="md" component="li" aria-labelledby={`lab-${lab.id}`}>
              <Stack gap="xs">
                <Group gap="xs" justify="space-between">
                  <Text fw={600} id={`lab-${lab.id}`}>
                    {lab.nombre}{" "}
                    <Text span size="xs" c="gray.7">
                      #{lab.id}
                    </Text>
                  </Text>
                  {lab.empresa ? (
                    <Badge variant="light" color="teal" style={{ textTransform: "none" }}>
                      {`Equipo de marketing: ${lab.empresa.nombre} (#${lab.empresa.id})`}
                    </Badge>
                  ) : (
                    <Badge variant="light" color="gray" style={{ textTransform: "none" }}>
                      Sin empresa vinculada
                    </Badge>
                  )}
                </Group>
                {failed && !failed.errors.empresa?.length ? (
                  <Text size="sm" c="red.8" role="alert">
                    {failed.message}
                  </Text>
                ) : null}
                <Group align="flex-end" gap="sm">
                  <LinkCompanyForm lab={lab} failed={failed} busy={busy} />
                  {lab.empresa ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={lab.id} />
                      <input type="hidden" name="intent" value="desvincular" />
                      <Button type="submit" color="red" variant="light" loading={busy}>
                        Desvincular
                      </Button>
                    </Form>
                  ) : null}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </Stack>
      <Group>
        <OlderPageButton before={loaderData.nextBefore} />
      </Group>
    </Stack>
  );
}

type Lab = Route.ComponentProps["loaderData"]["items"][number];

/** Links (or changes) the lab's company; its failure comes from the page's action, for this lab only. */
function LinkCompanyForm({ lab, failed, busy }: { lab: Lab; failed: FormFailure | null; busy: boolean }) {
  const { formRef, error, value } = useFormFailure(failed);
  return (
    <Form method="post" style={{ flex: "1 1 320px" }} ref={formRef}>
      <input type="hidden" name="id" value={lab.id} />
      <input type="hidden" name="intent" value={lab.empresa ? "cambiar" : "vincular"} />
      <Group align="flex-end" gap="sm">
        <TextInput
          name="empresa"
          label={lab.empresa ? "Cambiar por la empresa (nombre o id)" : "Empresa (nombre o id)"}
          required
          maxLength={200}
          defaultValue={value("empresa")}
          key={failed ? `failed-${value("empresa")}` : "empty"}
          error={error("empresa")}
          style={{ flex: "1 1 220px" }}
        />
        <Button type="submit" variant={lab.empresa ? "default" : "filled"} loading={busy}>
          {lab.empresa ? "Cambiar" : "Vincular"}
        </Button>
      </Group>
    </Form>
  );
}
