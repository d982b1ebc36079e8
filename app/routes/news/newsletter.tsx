import { Alert, Anchor, Button, Checkbox, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { CuentaLayout } from "#app/routes/accounts/account/account-layout";
import { SimpleGrid } from "#app/ui/grid";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/newsletter";
import { boletinAction, loadBoletin } from "./newsletter.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadBoletin(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return boletinAction(context, request);
}

export function meta() {
  return [{ title: "Boletín de noticias" }, { name: "robots", content: "noindex" }];
}

export default function Boletin({ loaderData, actionData }: Route.ComponentProps) {
  const [subscribed, setSubscribed] = useState(loaderData.subscribed);
  const navigation = useNavigation();
  const { failure, formRef } = useFormFailure(actionData);
  const saved = actionData?.ok ? actionData : null;
  return (
    <CuentaLayout title="Boletín de noticias">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="boletin-title">
        <Form method="post" ref={formRef}>
          <Stack gap="md">
            <Title order={2} size="h4" id="boletin-title">
              Boletín semanal
            </Title>
            <Text size="sm" c="gray.7">
              Cada lunes por la mañana, las noticias más importantes de la semana en las áreas que elijas. Puedes darte de baja cuando
              quieras, también desde el enlace de cada correo. Guardamos cada alta y baja con su fecha, como explica la{" "}
              <Anchor component={Link} to={linkTo("legal", { documento: "privacidad" })} underline="always">
                política de privacidad
              </Anchor>
              .
            </Text>
            <Switch
              name="subscribed"
              label="Quiero recibir el boletín semanal"
              checked={subscribed}
              onChange={(event) => setSubscribed(event.currentTarget.checked)}
            />
            <Checkbox.Group
              label="Áreas"
              description="Si no eliges ninguna, recibirás todas."
              defaultValue={loaderData.areaIds}
              aria-disabled={!subscribed}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
                {loaderData.areas.map((area) => (
                  <Checkbox key={area.value} name="area_ids" value={area.value} label={area.label} disabled={!subscribed} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {saved || failure ? (
              <Alert color={saved ? "teal" : "red"} role={saved ? "status" : "alert"}>
                {saved?.message ?? failure?.message}
              </Alert>
            ) : null}
            <div>
              <Button type="submit" loading={navigation.state === "submitting"}>
                Guardar
              </Button>
            </div>
          </Stack>
        </Form>
      </Paper>
    </CuentaLayout>
  );
}
