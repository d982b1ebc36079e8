import { Anchor, Button, Checkbox, Stack, Text, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import classes from "#app/features/legal/legal.module.css";
import { useFormFailure } from "#app/lib/form";
import { formatDate } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/accept";
import { acceptAction, loadAcceptPage } from "./legal.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAcceptPage(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return acceptAction(context, request);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Nuevas condiciones de uso · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

/**
 * Where every page sends a signed-in user after a material change of the terms (issue 27): what
 * changed, a link to the whole text, and an explicit, unticked checkbox. Declining leaves the
 * account's privacy page and sign-out open.
 */
export default function AcceptTermsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pending } = loaderData;
  const { formRef, error } = useFormFailure(actionData);
  const timeZone = useTimeZone();
  return (
    <PageContainer>
      <Stack gap="md" maw={640}>
        <Title order={1}>Hemos actualizado las condiciones de uso</Title>
        {pending ? (
          <>
            <Text>
              La versión {pending.version}, publicada el {formatDate(pending.publishedAt, timeZone)}, cambia lo siguiente: {pending.summary}
            </Text>
            <Text>
              Léela completa en{" "}
              <Anchor component={Link} to={linkTo("legal", { documento: "condiciones" })} underline="always">
                Condiciones de uso
              </Anchor>{" "}
              y consulta cómo tratamos tus datos en la{" "}
              <Anchor component={Link} to={linkTo("legal", { documento: "privacidad" })} underline="always">
                Política de privacidad
              </Anchor>
              . Para seguir usando tu cuenta necesitamos que la aceptes.
            </Text>
            <Form method="post" noValidate ref={formRef}>
              <Stack gap="md">
                <Checkbox
                  name="acepto"
                  value="1"
                  label="He leído y acepto la nueva versión de las condiciones de uso"
                  error={error("acepto")}
                />
                <Button type="submit" style={{ alignSelf: "flex-start" }}>
                  Aceptar y continuar
                </Button>
              </Stack>
            </Form>
            <p className={classes.meta}>
              Si no estás de acuerdo, puedes{" "}
              <Link to={linkTo("cuenta-privacidad")} className={classes.link}>
                descargar tus datos o borrar tu cuenta
              </Link>{" "}
              o{" "}
              <Link to={linkTo("logout")} className={classes.link}>
                cerrar la sesión
              </Link>
              .
            </p>
          </>
        ) : (
          <Text>
            No tienes condiciones pendientes de aceptar.{" "}
            <Anchor component={Link} to={linkTo("home")} underline="always">
              Ir al inicio
            </Anchor>
          </Text>
        )}
      </Stack>
    </PageContainer>
  );
}
