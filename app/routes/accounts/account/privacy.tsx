import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { showNotice } from "#app/features/accounts/notice";
import { useBusy } from "#app/features/accounts/use-busy";
import { ApiError, api } from "#app/lib/api-client";
import { sessionStore } from "#app/lib/session-store";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { useConsent } from "#app/ui/consent/consent";
import { ConsentPreferences } from "#app/ui/consent/consent-preferences";
import { showFailureDialog } from "#app/ui/dialogs";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/privacy";
import { CuentaLayout } from "./account-layout";
import { loadDeclaration, withdrawDeclaration } from "./privacy.server";

/** Cookie choices and the professional declaration are open to everyone; data export and deletion need a session. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { signedIn: Boolean(context.user), declaration: await loadDeclaration(context, request) };
}

/** Withdraws the professional declaration (a plain form: works before hydration). */
export async function action({ context, request }: Route.ActionArgs) {
  return withdrawDeclaration(context, request);
}

export const handle = { title: "Privacidad y cookies" };

export function meta() {
  return [{ title: "Privacidad y cookies" }, { name: "robots", content: "noindex" }];
}

export default function Privacidad({ loaderData }: Route.ComponentProps) {
  const { consent, save } = useConsent();
  const { busyMessage, run } = useBusy();
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
      {loaderData.signedIn && <AccountData run={run} />}
    </>
  );
  return (
    <CuentaLayout title="Privacidad y cookies" busyMessage={busyMessage}>
      {body}
    </CuentaLayout>
  );
}

type Run = <T>(message: string, task: () => Promise<T>) => Promise<T>;

function DeleteAccountForm({ onDone, run }: { onDone: () => void; run: Run }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return setError("Introduce tu contraseña actual");
    try {
      await run(BUSY_MESSAGES.sending, () => api.delete("/api/user", { password }));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status !== 401 && failure.status < 500)
        setError(failure.fieldErrors.password?.[0] ?? failure.serverMessage ?? "No se ha podido eliminar la cuenta");
      else {
        modals.closeAll();
        showFailureDialog(failure instanceof ApiError ? failure.serverMessage : undefined);
      }
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          Se borrarán tu perfil, tus sesiones, tus CV, tus ofertas guardadas, tus alertas y tu cartera. Las personas con las que hablaste
          conservarán la conversación a nombre de «Usuario eliminado», y las empresas, tus candidaturas sin tu nombre, tu CV ni tu carta.
          Esta acción no se puede deshacer. Escribe tu contraseña para confirmarlo.
        </Text>
        <PasswordInput
          label="Contraseña actual"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            Cancelar
          </Button>
          <Button type="submit" color="red">
            Eliminar mi cuenta
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AccountData({ run }: { run: Run }) {
  const navigate = useNavigate();
  const openDelete = () =>
    modals.open({
      title: "Eliminar cuenta",
      centered: true,
      closeButtonProps: { "aria-label": "Cerrar" },
      children: (
        <DeleteAccountForm
          run={run}
          onDone={() => {
            modals.closeAll();
            sessionStore.clearSession();
            showNotice("Tu cuenta se ha eliminado");
            navigate(linkTo("home"), { replace: true });
          }}
        />
      ),
    });
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
        <Group justify="space-between" wrap="wrap">
          <Text maw={480}>Elimina tu cuenta y tus datos de forma definitiva.</Text>
          <Button color="red" variant="light" onClick={openDelete}>
            Eliminar cuenta
          </Button>
        </Group>
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
