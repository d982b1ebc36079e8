import { PasswordInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { PASSWORD_RULES } from "#common/accounts";

type PasswordForm = UseFormReturnType<{ password: string; password_confirmation: string } & Record<string, unknown>>;

/**
 * A new password and its confirmation, with the rules shown under the first field: registration,
 * password reset and the change of password in the user area. Named, so a form posted before
 * hydration (the reset page's) sends them.
 */
export function NewPasswordFields({
  form,
  label = "Contraseña",
  confirmLabel = "Repite la contraseña",
  disabled,
}: {
  form: PasswordForm;
  label?: string;
  confirmLabel?: string;
  disabled?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        name="password"
        description={PASSWORD_RULES}
        autoComplete="new-password"
        required
        disabled={disabled}
        key={form.key("password")}
        {...form.getInputProps("password")}
      />
      <PasswordInput
        label={confirmLabel}
        name="password_confirmation"
        autoComplete="new-password"
        required
        disabled={disabled}
        key={form.key("password_confirmation")}
        {...form.getInputProps("password_confirmation")}
      />
    </>
  );
}
