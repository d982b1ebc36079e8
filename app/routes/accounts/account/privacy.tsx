import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { showNotice } from "#app/features/accounts/notice";
import { useFormFailure } from "#app/lib/form";
import { useConsent } from "#app/ui/consent/consent";
import { ConsentPreferences } from "#app/ui/consent/consent-preferences";
import type { Route } from "./+types/privacy";
import { CuentaLayout } from "./account-layout";
import classes from "./privacy.module.css";
import { loadDeclaration, privacyAction } from "./privacy.server";

/** Cookie choices and the professional declaration are open to everyone; data export and deletion need a session. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { signedIn: Boolean(context.user), declaration: await loadDeclaration(context, request) };
}

/** Withdraws the professional declaration or erases the account (plain forms: they work before hydration). */
export async function action({ context, request }: Route.ActionArgs) {
  return privacyAction(context, request);
}

export const handle = { title: "Privacidad y cookies" };

export function meta() {
  return [{ title: "Privacidad y cookies" }, { name: "robots", content: "noindex" }];
}

export default function Privacidad({ loaderData, actionData }: Route.ComponentProps) {
  const { consent, save } = useConsent();
  const body = (
    <>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cookies-title">
        <Title order={2} size="h4" mb="md" id="cookies-title">
          Cookies
        </Title>
        <ConsentPreferences
          initial={consent}
          onSave={(choice) => {
            save(choice);
            showNotice("Preferencias de cookies guardadas");
          }}
        />
      </Paper>
      <Declaration declaration={loaderData.declaration} />
      {loaderData.signedIn && <AccountData actionData={actionData} />}
    </>
  );
  return <CuentaLayout title="Privacidad y cookies">{body}</CuentaLayout>;
}

/**
 * Erasing the account: a native disclosure holding a plain form (it works before hydration). A wrong
 * password comes back under the field; success signs the browser out and lands on the login page.
 */
function DeleteAccount({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const { formRef, error } = useFormFailure(actionData, "eliminar-cuenta");
  const busy = useNavigation().formData?.get("intent") === "eliminar-cuenta";
  return (
    <details open={Boolean(error("password"))} className={classes.disclosure}>
      <summary className={classes.summary}>Eliminar cuenta</summary>
      <Form method="post" noValidate ref={formRef} replace>
        <input type="hidden" name="intent" value="eliminar-cuenta" />
        <Stack gap="md" mt="md" maw={560}>
          <Text>
            Se borrarán tu perfil, tus sesiones, tus CV, tus ofertas guardadas, tus alertas y tu cartera. Las personas con las que hablaste
            conservarán la conversación a nombre de «Usuario eliminado», y las empresas, tus candidaturas sin tu nombre, tu CV ni tu carta.
            Esta acción no se puede deshacer. Escribe tu contraseña para confirmarlo.
          </Text>
          <PasswordInput label="Contraseña actual" name="password" autoComplete="current-password" required error={error("password")} />
          <Group>
            <Button type="submit" color="red" loading={busy}>
              Eliminar mi cuenta
            </Button>
          </Group>
        </Stack>
      </Form>
    </details>
  );
}

function AccountData({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="datos-title">
      <Title order={2} size="h4" mb="md" id="datos-title">
        Tus datos
      </Title>
      <Stack gap="md">
        <Text maw={560} size="sm" c="gray.7">
          Si pides verificarte como profesional sanitario, solo la moderación ve tu justificante y lo borramos en cuanto decide; guardamos
          el resultado, quién lo revisó, la fecha y tu número de colegiado, que nunca se muestra en público.
        </Text>
        <Group justify="space-between" wrap="wrap">
          <Text maw={480}>
            Descarga una copia de todo lo que guardamos sobre ti: un archivo ZIP con tus datos en formato JSON y tus archivos (CV, adjuntos
            del chat, fotos).
          </Text>
          <Button component="a" href="/api/user/export" download variant="default">
            Descargar mis datos
          </Button>
        </Group>
        <Text maw={480}>Elimina tu cuenta y tus datos de forma definitiva.</Text>
        <DeleteAccount actionData={actionData} />
      </Stack>
    </Paper>
  );
}

const DATE = new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeZone: "Europe/Madrid" });

const declaredText = (since: string | null) =>
  `Has declarado ser profesional sanitario ${since ? `el ${DATE.format(new Date(since))}` : "en esta sesión del navegador"}: ves la información de los medicamentos que necesitan receta y quién los presenta.`;

/** The gate's answer, with the date a signed-in user gave it, and the way to take it back. */
function Declaration({ declaration }: { declaration: { declared: boolean; since: string | null } }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profesional-title">
      <Title order={2} size="h4" mb="md" id="profesional-title">
        Profesional sanitario
      </Title>
      {declaration.declared ? (
        <Form method="post">
          <input type="hidden" name="intent" value="retirar-profesional" />
          <Group justify="space-between" wrap="wrap">
            <Text maw={480}>{declaredText(declaration.since)}</Text>
            <Button type="submit" variant="default">
              Retirar mi declaración
            </Button>
          </Group>
        </Form>
      ) : (
        <Text>
          No has declarado ser profesional sanitario: la información de los medicamentos que necesitan receta y quién los presenta no se te
          muestra.
        </Text>
      )}
    </Paper>
  );
}
