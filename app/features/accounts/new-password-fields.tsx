import { PasswordInput } from "@mantine/core";
import { PASSWORD_RULES } from "#common/accounts";

type PasswordField = "password" | "password_confirmation";

/**
 * A new password and its confirmation, with the rules shown under the first field: registration,
 * password reset and the change of password in the user area. Named and uncontrolled, so a form
 * posted before hydration sends them; `error(field)` is the action's failure (decision 0060). A
 * password is never echoed back, so the fields start empty after a failed submit.
 */
export function NewPasswordFields({
  error,
  label = "Contraseña",
  confirmLabel = "Repite la contraseña",
  disabled,
}: {
  error?: (field: PasswordField) => string | undefined;
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
        error={error?.("password")}
      />
      <PasswordInput
        label={confirmLabel}
        name="password_confirmation"
        autoComplete="new-password"
        required
        disabled={disabled}
        error={error?.("password_confirmation")}
      />
    </>
  );
}
