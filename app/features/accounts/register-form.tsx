import { Anchor, Button, Checkbox, Divider, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link, useNavigate } from "react-router";
import { ApiError, api } from "#app/lib/api-client";
import { sessionStore } from "#app/lib/session-store";
import { apiFieldErrors, zodResolver } from "#app/lib/zod-resolver";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { showFailureDialog } from "#app/ui/dialogs";
import { ACCOUNT_MESSAGES, type MessageResponse, type RegisterTypeName, registerSchema } from "#common/accounts";
import { linkTo } from "#common/route-names";
import { GoogleSignIn } from "./google-sign-in";
import { NewPasswordFields } from "./new-password-fields";
import { showNotice } from "./notice";

export type Option = { value: string; label: string };

type Props = {
  type: RegisterTypeName;
  paises: Option[];
  defaultPaisId: number;
  redirectUrl: string | null;
  googleClientId: string | null;
  run: <T>(message: string, task: () => Promise<T>) => Promise<T>;
};

/** E-mail and password registration for one account type (product-spec §3 registration payload). */
export function RegisterForm({ type, paises, defaultPaisId, redirectUrl, googleClientId, run }: Props) {
  const navigate = useNavigate();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "", password: "", password_confirmation: "", pais_id: String(defaultPaisId), publicidad: false },
    validate: (values) => zodResolver(registerSchema)({ ...values, register_type: type }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const result = await run(BUSY_MESSAGES.sending, () =>
        api.post<MessageResponse>("/api/register", {
          ...values,
          pais_id: Number(values.pais_id),
          register_type: type,
          redirect_url: redirectUrl || undefined,
        }),
      );
      // Nothing of a previous session survives: the account must be verified by e-mail first (§4).
      sessionStore.clearAfterRegistration();
      showNotice(result?.message || ACCOUNT_MESSAGES.confirmationSent);
      navigate(linkTo("crear-cuenta-success", {}, { email: values.email.trim().toLowerCase(), register_type: type }));
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) form.setErrors(apiFieldErrors(error.fieldErrors));
      else showFailureDialog(error instanceof ApiError ? error.serverMessage : undefined);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          required
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <NewPasswordFields form={form} />
        <Select
          label="País"
          data={paises}
          searchable
          allowDeselect={false}
          nothingFoundMessage="Ningún país coincide"
          required
          key={form.key("pais_id")}
          {...form.getInputProps("pais_id")}
        />
        <Checkbox
          label="Quiero recibir comunicaciones comerciales del sector por correo electrónico"
          key={form.key("publicidad")}
          {...form.getInputProps("publicidad", { type: "checkbox" })}
        />
        <Text size="xs" c="gray.7">
          Al crear tu cuenta aceptas las condiciones de uso y la política de privacidad. Te enviaremos un correo para confirmar tu
          dirección.
        </Text>
        <Button type="submit" fullWidth>
          Crear cuenta
        </Button>
        {googleClientId && (
          <>
            <Divider label="o" labelPosition="center" />
            <GoogleSignIn clientId={googleClientId} registerType={type} redirectUrl={redirectUrl} />
          </>
        )}
        <Text size="sm" ta="center">
          ¿Ya tienes cuenta?{" "}
          <Anchor component={Link} to={linkTo("login")}>
            Inicia sesión
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
