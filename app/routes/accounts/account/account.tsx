import { Avatar, Button, Checkbox, Group, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { PaisEstadoSelects } from "#app/features/accounts/country-estado-selects";
import { NewPasswordFields } from "#app/features/accounts/new-password-fields";
import { showNotice } from "#app/features/accounts/notice";
import { BirthDateInput, NameInputs } from "#app/features/accounts/person-inputs";
import { cargoOptions, estadoOptions, paisOptions } from "#app/features/accounts/reference.server";
import { reloadAuthUser } from "#app/lib/api-client";
import { useFormFailure } from "#app/lib/form";
import { loadAuthUser, loadOwnProfile, requireUser } from "#app/lib/page.server";
import { useHydrated } from "#app/lib/use-hydrated";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { showFailureDialog } from "#app/ui/dialogs";
import { SimpleGrid } from "#app/ui/grid";
import { ACCOUNT_MESSAGES, type AuthUser } from "#common/accounts";
import type { Route } from "./+types/account";
import classes from "./account.module.css";
import { cuentaAction } from "./account.server";
import { CuentaLayout } from "./account-layout";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const [authUser, profile] = await Promise.all([loadAuthUser(context.app, user.id), loadOwnProfile(context.app.db, user.id)]);
  if (!authUser || !profile) throw new Response("No encontrado", { status: 404 });
  return {
    authUser: authUser as AuthUser,
    profile,
    cargos: cargoOptions(),
    paises: paisOptions(),
    estados: estadoOptions(profile.paisId),
    maxUploadBytes: context.app.config.maxUploadBytes,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  return cuentaAction(context, request);
}

/** A refusal for too many attempts tells when to try again (Retry-After), as the API does. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}

export const handle = { title: "Mi cuenta" };

export function meta() {
  return [{ title: "Mi cuenta" }, { name: "robots", content: "noindex" }];
}

const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"];

/** The user area: see and edit one's profile and avatar, and change the password. */
export default function Cuenta({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <CuentaLayout title="Mi cuenta" busyMessage={posting ? BUSY_MESSAGES.sending : null}>
      <AvatarSection authUser={loaderData.authUser} maxUploadBytes={loaderData.maxUploadBytes} actionData={actionData} />
      <ProfileSection data={loaderData} actionData={actionData} />
      <PasswordSection actionData={actionData} />
    </CuentaLayout>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `seccion-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * Plain POSTs to the page's action (decision 0060), the services of POST and DELETE /api/user/avatar:
 * a multipart form that works before hydration (choose the file, then «Subir foto»); once hydrated,
 * choosing a file sends it at once, after the same type and size checks the server makes (which
 * only spare a pointless upload: the server decodes and crops the image itself).
 */
function AvatarSection({ authUser, maxUploadBytes, actionData }: { authUser: AuthUser; maxUploadBytes: number; actionData: unknown }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const upload = useFormFailure(actionData, "avatar");
  const removal = useFormFailure(actionData, "avatar_remove");
  const [checkError, setCheckError] = useState<string | null>(null);
  const done = actionData as { ok?: boolean; intent?: string } | undefined;
  const succeeded = done?.ok && (done.intent === "avatar" || done.intent === "avatar_remove") ? done : null;
  useEffect(() => {
    if (!succeeded) return;
    setCheckError(null);
    showNotice(succeeded.intent === "avatar" ? "Foto actualizada" : "Foto eliminada");
    // The header's avatar comes from the session store.
    reloadAuthUser().catch(() => {});
  }, [succeeded]);
  useEffect(() => {
    if (removal.failure) showFailureDialog(removal.failure.message);
  }, [removal.failure]);
  const maxMb = Math.round(maxUploadBytes / 1024 / 1024);
  const choose = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    setCheckError(null);
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) setCheckError("Elige una imagen PNG, JPEG o WebP");
    else if (file.size > maxUploadBytes) setCheckError(`La imagen no puede superar ${maxMb} MB`);
    else return submit(input.form, { method: "post", encType: "multipart/form-data" });
    input.value = "";
  };
  const error = checkError ?? (upload.failure ? (upload.error("avatar") ?? upload.failure.message) : null);
  const name = [authUser.nombre, authUser.apellidos].filter(Boolean).join(" ") || authUser.email;
  return (
    <Section title="Foto de perfil">
      <Group gap="lg">
        <Avatar src={authUser.avatar} alt={authUser.avatar ? `Foto de ${name}` : ""} size={88} radius="xl" color="teal">
          {authUser.avatar_text}
        </Avatar>
        <Stack gap="xs">
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="gray.7">
            {authUser.email}
          </Text>
          <Group gap="xs">
            <Form method="post" encType="multipart/form-data" ref={upload.formRef} className={classes.inline}>
              <input type="hidden" name="intent" value="avatar" />
              <input
                id="campo-avatar"
                type="file"
                name="avatar"
                accept={AVATAR_TYPES.join(",")}
                className={classes.file}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? "avatar-error" : undefined}
                onChange={(event) => choose(event.currentTarget)}
              />
              <Button component="label" htmlFor="campo-avatar" size="xs" className={classes.choose}>
                Cambiar foto
              </Button>
              {!hydrated && (
                <Button type="submit" size="xs" variant="default">
                  Subir foto
                </Button>
              )}
            </Form>
            {authUser.avatar && (
              <Form method="post" className={classes.inline}>
                <input type="hidden" name="intent" value="avatar_remove" />
                <Button type="submit" size="xs" variant="default">
                  Quitar foto
                </Button>
              </Form>
            )}
          </Group>
          {error && (
            <Text size="sm" c="red.8" role="alert" id="avatar-error">
              {error}
            </Text>
          )}
          <Text size="xs" c="gray.7">
            PNG, JPEG o WebP de hasta {maxMb} MB.
          </Text>
        </Stack>
      </Group>
    </Section>
  );
}

/** A plain POST to the page's action (decision 0060), the service of PUT /api/user/profile. */
function ProfileSection({ data, actionData }: { data: Route.ComponentProps["loaderData"]; actionData: unknown }) {
  const { authUser, profile } = data;
  const fields = useFormFailure(actionData, "profile");
  const { failure, value, error } = fields;
  const marked = failure !== null && Object.keys(failure.errors).length > 0;
  const saved =
    (actionData as { ok?: boolean; intent?: string } | undefined)?.intent === "profile" && (actionData as { ok?: boolean }).ok
      ? actionData
      : null;
  useEffect(() => {
    if (failure && !marked) showFailureDialog(failure.message);
  }, [failure, marked]);
  useEffect(() => {
    if (!saved) return;
    showNotice("Perfil actualizado");
    // The header's name and avatar initials come from the session store.
    reloadAuthUser().catch(() => {});
  }, [saved]);
  return (
    <Section title="Datos personales">
      <Form method="post" noValidate ref={fields.formRef}>
        <input type="hidden" name="intent" value="profile" />
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NameInputs
              nombre={value("nombre", authUser.nombre ?? "")}
              apellidos={value("apellidos", authUser.apellidos ?? "")}
              error={error}
            />
            <PaisEstadoSelects
              fields={fields}
              paisField="pais_id"
              estadoField="estado_id"
              paises={data.paises}
              initialEstados={data.estados}
              initialPaisId={String(profile.paisId)}
              initialEstado={profile.estadoId ? String(profile.estadoId) : null}
              estadoClearable
            />
            <Select
              label="Cargo"
              name="cargo"
              data={data.cargos}
              searchable
              clearable
              defaultValue={value("cargo", profile.cargoId ? String(profile.cargoId) : "") || null}
              error={error("cargo")}
            />
            <TextInput
              label="Teléfono"
              name="telefono"
              type="tel"
              autoComplete="tel"
              defaultValue={value("telefono", profile.telefono ?? "")}
              error={error("telefono")}
            />
          </SimpleGrid>
          <RegistrationFields authUser={authUser} profile={profile} fields={fields} />
          <Checkbox
            label="Quiero recibir comunicaciones comerciales del sector por correo electrónico"
            name="publicidad"
            value="1"
            defaultChecked={failure ? value("publicidad") === "1" : profile.publicidad}
          />
          <Group>
            <Button type="submit">Guardar cambios</Button>
          </Group>
        </Stack>
      </Form>
    </Section>
  );
}

/** Account types whose registration asks for the person's company (or that they are unemployed). */
const NAMES_COMPANY = new Set(["web", "academia", "candidato"]);

/**
 * What registration asked beyond the basics, editable with its rules (issue 26): the birth date
 * of a candidate, and the company of a web, academia or candidate account (company accounts edit
 * theirs in «Mi empresa»).
 */
function RegistrationFields({
  authUser,
  profile,
  fields,
}: {
  authUser: AuthUser;
  profile: Route.ComponentProps["loaderData"]["profile"];
  fields: ReturnType<typeof useFormFailure>;
}) {
  const { failure, value, error } = fields;
  const withBirthDate = authUser.roles.candidato === 1 || profile.nacimiento !== null;
  const withCompany = !authUser.empresa && (NAMES_COMPANY.has(authUser.register_type) || profile.empresaNombre !== null);
  const [desempleado, setDesempleado] = useState(failure ? value("desempleado") === "1" : profile.desempleado);
  if (!withBirthDate && !withCompany) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {withBirthDate ? <BirthDateInput defaultValue={value("nacimiento", profile.nacimiento ?? "")} error={error("nacimiento")} /> : null}
      {withCompany ? (
        <Stack gap="xs">
          <input type="hidden" name="empresa_editable" value="1" />
          <TextInput
            label="Empresa"
            name="empresa_nombre"
            autoComplete="organization"
            required={!desempleado}
            disabled={desempleado}
            defaultValue={value("empresa_nombre", profile.empresaNombre ?? "")}
            error={error("empresa_nombre")}
          />
          <Checkbox
            label="Estoy desempleado/a"
            name="desempleado"
            value="1"
            checked={desempleado}
            onChange={(event) => setDesempleado(event.currentTarget.checked)}
          />
        </Stack>
      ) : null}
    </SimpleGrid>
  );
}

/**
 * A plain POST to the page's action (decision 0060): works before hydration; passwords are never
 * echoed back, so a refused change starts again from empty fields with the errors shown.
 */
function PasswordSection({ actionData }: { actionData: unknown }) {
  const { failure, formRef, error } = useFormFailure(actionData, "password");
  const marked = failure !== null && Object.keys(failure.errors).length > 0;
  // The result object, not a flag: a second change in a row shows its notice too.
  const result = actionData as { ok?: boolean; intent?: string } | undefined;
  const changed = result?.ok === true && result.intent === "password" ? actionData : null;
  useEffect(() => {
    if (failure && !marked) showFailureDialog(failure.message);
  }, [failure, marked]);
  useEffect(() => {
    if (!changed) return;
    formRef.current?.reset();
    showNotice(ACCOUNT_MESSAGES.passwordChanged);
  }, [changed, formRef]);
  return (
    <Section title="Cambiar contraseña">
      <Form method="post" noValidate ref={formRef}>
        <input type="hidden" name="intent" value="password" />
        <Stack gap="md" maw={420}>
          <PasswordInput
            label="Contraseña actual"
            name="current_password"
            autoComplete="current-password"
            required
            error={error("current_password")}
          />
          <NewPasswordFields error={error} label="Contraseña nueva" confirmLabel="Repite la contraseña nueva" />
          <Group>
            <Button type="submit">Cambiar contraseña</Button>
          </Group>
        </Stack>
      </Form>
    </Section>
  );
}
