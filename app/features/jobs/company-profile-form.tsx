import { Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import type { FormFailureView } from "#app/lib/form";
import { COMPANY_DESCRIPTION_MAX } from "#common/jobs";
import { linkToAppPath } from "#common/route-names";
import { CompanyLogoForm } from "./company-logo-form";
import { readableDescription } from "./types";

type Props = {
  profile: { nombre: string; url: string; descripcion: string; logo: string | null };
  failure: FormFailureView;
};

/** The panel's card for the company's public page: a link to it, its logo and its description. */
export function CompanyProfileForm({ profile, failure }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="perfil-empresa-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="perfil-empresa-title">
            Página pública de {profile.nombre}
          </Title>
          <Anchor component={Link} to={linkToAppPath(profile.url)} size="sm">
            Ver la página de la empresa
          </Anchor>
        </Group>
        <Text size="sm" c="gray.7">
          Los candidatos llegan a ella desde cada una de tus ofertas.
        </Text>
        <CompanyLogoForm nombre={profile.nombre} logo={profile.logo} failure={failure} />
        <Form method="post">
          <input type="hidden" name="intent" value="profile" />
          <Stack gap="sm">
            <Textarea
              name="descripcion"
              label="Descripción de la empresa"
              description={`Texto sin formato, hasta ${COMPANY_DESCRIPTION_MAX.toLocaleString("es-ES")} caracteres.`}
              defaultValue={profile.descripcion}
              styles={readableDescription}
              autosize
              minRows={3}
              maxRows={12}
              maxLength={COMPANY_DESCRIPTION_MAX}
              error={failure.error("descripcion")}
            />
            <Button type="submit" variant="default" loading={busy} style={{ alignSelf: "flex-start" }}>
              Guardar descripción
            </Button>
          </Stack>
        </Form>
      </Stack>
    </Card>
  );
}
