import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { PlainAlert } from "#app/ui/plain-alert";
import { PlainButton } from "#app/ui/plain-button";
import { PlainLoadingButton } from "#app/ui/plain-loading-button";
import { linkTo } from "#common/route-names";

/**
 * "¿Es usted profesional sanitario?": Spanish law lets prescription-only medicines be presented
 * only to professionals who prescribe or dispense them. A plain form, so it works without JavaScript.
 */
export function ProfessionalGate({ declined }: { declined: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <Card withBorder radius="md" padding="xl" component="section" aria-labelledby="gate-title" maw={640}>
      <Stack gap="md">
        <Title order={2} size="h3" id="gate-title">
          ¿Es usted profesional sanitario?
        </Title>
        <Text>
          Este medicamento necesita receta médica. La ley solo permite mostrar su información, sus presentaciones y los visitadores que lo
          presentan a profesionales sanitarios facultados para prescribir o dispensar medicamentos.
        </Text>
        {declined ? (
          <PlainAlert color="blue" title="Información reservada" role="status">
            La información de los medicamentos que necesitan receta solo se muestra a profesionales sanitarios. Puedes consultar los
            medicamentos sin receta del catálogo.
          </PlainAlert>
        ) : null}
        <Form method="post" replace>
          <input type="hidden" name="intent" value="gate" />
          <Group gap="sm">
            <PlainLoadingButton type="submit" name="respuesta" value="si" loading={busy}>
              Sí, soy profesional sanitario
            </PlainLoadingButton>
            <PlainButton type="submit" name="respuesta" value="no" variant="default" disabled={busy}>
              No
            </PlainButton>
            <PlainButton to={linkTo("result", {}, { receta: "no" })} variant="subtle">
              Ver medicamentos sin receta
            </PlainButton>
          </Group>
        </Form>
        <Text size="xs" c="gray.7">
          Tu respuesta se recuerda mientras dure esta sesión del navegador y, si has iniciado sesión, en tu cuenta (puedes cambiarla en
          cualquier momento).
        </Text>
      </Stack>
    </Card>
  );
}
