import { Alert } from "@mantine/core";

/** A form's overall error, announced to screen readers; nothing when there is none. */
export function FormError({ message }: { message?: string | null }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}
