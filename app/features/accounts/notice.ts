import { notifications } from "@mantine/notifications";

/**
 * A notice at the top right with a Spanish close label: teal when something went through, red when
 * it did not. The accounts pages show every notice through it. The sign-in page imports it only when
 * a visitor asks for the confirmation e-mail again, not with its first load: an `import()` of
 * @mantine/notifications itself would make a chunk of the whole package.
 */
export function showNotice(message: string, color: "teal" | "red" = "teal") {
  notifications.show({ closeButtonProps: { "aria-label": "Cerrar notificación" }, color, message });
}
