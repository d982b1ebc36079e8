import { notifications } from "@mantine/notifications";

/**
 * A green notice with a Spanish close label. Its own module so that the sign-in page can import it
 * when a visitor asks for the confirmation e-mail again, not with its first load: importing
 * @mantine/notifications itself with `import()` would make a chunk of the whole package.
 */
export function showSuccessNotice(message: string) {
  notifications.show({ closeButtonProps: { "aria-label": "Cerrar notificación" }, color: "teal", message });
}
