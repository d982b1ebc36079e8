import { Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";

/** product-spec §8 quotes the failure dialog word for word (without comma or accents); pages outside §8 (the error page, the API's 500) write it correctly (decision 0068). */
export const FAILURE_TITLE = "Ups algo ha ido mal";
export const FAILURE_MESSAGE = "Intentalo de nuevo mas tarde";
export const LOGIN_FAILED_TITLE = "¡Lo sentimos!";

type DialogOptions = {
  title: string;
  message: string;
  okLabel?: string;
  onOk?: () => void;
  /** Extra action next to OK (e.g. "Reenviar correo"). */
  secondary?: { label: string; onClick: () => void };
};

/**
 * A modal with a title, a message and an OK button. Mantine's Modal traps focus inside the dialog,
 * labels it by its title and gives focus back to the opener on close.
 */
export function showDialog({ title, message, okLabel = "Aceptar", onOk, secondary }: DialogOptions): string {
  // The same dialog is never stacked twice (a page may report one failure from two places).
  const key = `${title}\n${message}`;
  const open = openDialogs.get(key);
  if (open) return open;
  const id = modals.open({
    title,
    centered: true,
    closeButtonProps: { "aria-label": "Cerrar" },
    onClose: () => {
      openDialogs.delete(key);
      onOk?.();
    },
    children: (
      <>
        <Text data-testid="dialog-message">{message}</Text>
        <Group justify="flex-end" mt="lg">
          {secondary && (
            <Button
              variant="default"
              onClick={() => {
                modals.close(id);
                secondary.onClick();
              }}
            >
              {secondary.label}
            </Button>
          )}
          <Button data-autofocus onClick={() => modals.close(id)}>
            {okLabel}
          </Button>
        </Group>
      </>
    ),
  });
  openDialogs.set(key, id);
  return id;
}

const openDialogs = new Map<string, string>();

/** "Ups algo ha ido mal" with the server's message when there is one (product-spec §8). */
export function showFailureDialog(serverMessage?: string, onOk?: () => void) {
  return showDialog({ title: FAILURE_TITLE, message: serverMessage || FAILURE_MESSAGE, onOk });
}
