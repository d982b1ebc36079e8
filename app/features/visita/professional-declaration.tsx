import { Button, Group, Text } from "@mantine/core";
import { Form, useNavigation } from "react-router";

/**
 * Shown on every gated page to a viewer who declared being a healthcare professional: the gate says
 * the answer can be changed at any time, so this takes it back (a plain form: it works without
 * JavaScript). The page's action forgets the answer and reloads the page, gated again.
 */
export function ProfessionalDeclaration() {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" replace aria-label="Declaración de profesional sanitario">
      <input type="hidden" name="intent" value="gate" />
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="gray.7">
          Has declarado ser profesional sanitario.
        </Text>
        <Button type="submit" name="respuesta" value="retirar" variant="subtle" size="compact-sm" disabled={busy}>
          Retirar mi declaración
        </Button>
      </Group>
    </Form>
  );
}

/**
 * On a portfolio shown to a viewer who has not passed the gate: says that prescription-only
 * medicines are left out (for everyone alike, so it tells nothing about this representative) and
 * offers the gate's answer.
 */
export function GatedPortfolioNote() {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" replace aria-label="¿Es usted profesional sanitario?">
      <input type="hidden" name="intent" value="gate" />
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="gray.7">
          Los medicamentos que necesitan receta solo se muestran a profesionales sanitarios.
        </Text>
        <Button type="submit" name="respuesta" value="si" variant="subtle" size="compact-sm" disabled={busy}>
          Soy profesional sanitario
        </Button>
      </Group>
    </Form>
  );
}
