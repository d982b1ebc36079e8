import { Anchor, Button, Checkbox, Divider, Select, Stack, Text, TextInput } from "@mantine/core";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { sessionStore } from "#app/lib/session-store";
import { showFailureDialog } from "#app/ui/dialogs";
import { ACCOUNT_MESSAGES, type RegisterTypeName } from "#common/accounts";
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
  /** The page action's result (decision 0060): field errors and what was typed. */
  actionData: unknown;
};

/**
 * E-mail and password registration for one account type (product-spec §3 registration payload): a
 * plain POST to the page's action, so it works before hydration. A field error marks its field; any
 * other refusal (too many attempts) is the failure dialog; success redirects to the success page.
 */
export function RegisterForm({ type, paises, defaultPaisId, redirectUrl, googleClientId, actionData }: Props) {
  const navigation = useNavigation();
  const { failure, formRef, error, value } = useFormFailure(actionData);
  const marked = failure !== null && Object.keys(failure.errors).length > 0;
  const registered =
    navigation.state === "loading" && navigation.formMethod === "POST" && navigation.location.pathname.endsWith("/success");

  useEffect(() => {
    if (failure && !marked) showFailureDialog(failure.message);
  }, [failure, marked]);
  useEffect(() => {
    if (!registered) return;
    // Nothing of a previous session survives: the account must be verified by e-mail first (§4).
    sessionStore.clearAfterRegistration();
    showNotice(ACCOUNT_MESSAGES.confirmationSent);
  }, [registered]);

  return (
    <Form method="post" noValidate ref={formRef}>
      <Stack gap="md">
        <input type="hidden" name="register_type" value={type} />
        {redirectUrl && <input type="hidden" name="redirect_url" value={redirectUrl} />}
        <TextInput
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={value("email")}
          error={error("email")}
        />
        <NewPasswordFields error={error} />
        <Select
          label="País"
          name="pais_id"
          data={paises}
          searchable
          allowDeselect={false}
          nothingFoundMessage="Ningún país coincide"
          required
          defaultValue={value("pais_id", String(defaultPaisId))}
          error={error("pais_id")}
        />
        {/* Not pre-ticked, and separate from the advertising e-mails: each is its own choice (RGPD art. 7). */}
        <Checkbox
          label={
            <>
              He leído y acepto las{" "}
              <Anchor component={Link} to={linkTo("legal", { documento: "condiciones" })} target="_blank" underline="always">
                condiciones de uso
              </Anchor>{" "}
              y la{" "}
              <Anchor component={Link} to={linkTo("legal", { documento: "privacidad" })} target="_blank" underline="always">
                política de privacidad
              </Anchor>
            </>
          }
          name="acepta_condiciones"
          value="1"
          required
          defaultChecked={value("acepta_condiciones") === "1"}
          error={error("acepta_condiciones")}
        />
        <Checkbox
          label="Quiero recibir comunicaciones comerciales del sector por correo electrónico (opcional; puedes darte de baja cuando quieras)"
          name="publicidad"
          value="1"
          defaultChecked={value("publicidad") === "1"}
        />
        <Text size="xs" c="gray.7">
          Te enviaremos un correo para confirmar tu dirección. Cómo tratamos tus datos y tus derechos:{" "}
          <Anchor component={Link} to={linkTo("legal", { documento: "privacidad" })} underline="always">
            política de privacidad
          </Anchor>
          .
        </Text>
        <Button type="submit" fullWidth>
          Crear cuenta
        </Button>
        {googleClientId && (
          <>
            <Divider label="o" labelPosition="center" />
            <GoogleSignIn clientId={googleClientId} registerType={type} redirectUrl={redirectUrl} />
            <Text size="xs" c="gray.7" ta="center">
              Si continúas con Google, aceptas las condiciones de uso y la política de privacidad.
            </Text>
          </>
        )}
        <Text size="sm" ta="center">
          ¿Ya tienes cuenta?{" "}
          <Anchor component={Link} to={linkTo("login")}>
            Inicia sesión
          </Anchor>
        </Text>
      </Stack>
    </Form>
  );
}
