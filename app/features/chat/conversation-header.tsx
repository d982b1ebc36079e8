import { ActionIcon, Avatar, Group, Menu, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { Link, useFetcher } from "react-router";
import { VerifiedBadge } from "#app/ui/verified-badge";
import { linkTo } from "#common/route-names";
import classes from "./chat.module.css";
import type { ConversationSummary } from "./state";

type Props = {
  other: ConversationSummary["other"];
  conversation: Pick<ConversationSummary, "muted" | "blocked"> | null;
  readReceipts: boolean;
  status: string | null;
  onReport: () => void;
};

/** Who the conversation is with, the way back to the list on a phone, and the conversation's options. */
export function ConversationHeader({ other, conversation, readReceipts, status, onReport }: Props) {
  const fetcher = useFetcher();
  const submit = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post" });
  return (
    <header className={classes.header}>
      <ActionIcon component={Link} to={linkTo("chat")} variant="subtle" hiddenFrom="sm" aria-label="Volver a las conversaciones" size="lg">
        ←
      </ActionIcon>
      <Avatar src={other.avatar} alt="" radius="xl" color="teal">
        {other.avatar_text}
      </Avatar>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="nowrap">
          <Text component="h1" fw={700} size="md" truncate>
            {other.nombre}
          </Text>
          {other.profesional_verificado ? <VerifiedBadge size="xs" /> : null}
        </Group>
        <Text size="xs" c="gray.7" truncate>
          {status ?? other.role_label}
        </Text>
      </div>
      {conversation && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Opciones de la conversación">
              ⋮
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => submit({ intent: conversation.muted ? "unmute" : "mute" })}>
              {conversation.muted ? "Activar notificaciones" : "Silenciar conversación"}
            </Menu.Item>
            <Menu.Item onClick={() => submit({ intent: "receipts", read_receipts: readReceipts ? "off" : "on" })}>
              {readReceipts ? "Desactivar confirmaciones de lectura" : "Activar confirmaciones de lectura"}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item onClick={onReport}>Denunciar conversación</Menu.Item>
            <Menu.Item
              color="red"
              onClick={() => {
                const send = () => submit({ intent: conversation.blocked ? "unblock" : "block", user_id: String(other.id) });
                if (conversation.blocked) return send();
                modals.openConfirmModal({
                  title: `Bloquear a ${other.nombre}`,
                  closeButtonProps: { "aria-label": "Cerrar" },
                  children: (
                    <Text size="sm">
                      Lo que {other.nombre} te envíe a partir de ahora no te llegará, y no se le avisará. Podrás desbloquear a{" "}
                      {other.nombre} cuando quieras desde esta conversación.
                    </Text>
                  ),
                  labels: { confirm: "Bloquear", cancel: "Cancelar" },
                  confirmProps: { color: "red" },
                  onConfirm: send,
                });
              }}
            >
              {conversation.blocked ? `Desbloquear a ${other.nombre}` : `Bloquear a ${other.nombre}`}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </header>
  );
}
