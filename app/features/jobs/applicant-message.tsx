import { Anchor, Button, Stack, Text, Textarea } from "@mantine/core";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { FormError } from "#app/ui/form-error";
import { CHAT_MESSAGE_MAX_CHARS } from "#common/chat/vocabulary";
import { linkTo } from "#common/route-names";
import { readableDescription } from "./types";

/** Who the message goes to: an applicant (by application) or a profile found in the recruiter search. */
type Recipient = { field: "candidatura" | "perfil"; id: number };

const DESCRIPTION: Record<Recipient["field"], string> = {
  candidatura: "Le llegará por el chat; al inscribirse en tu oferta aceptó que tu empresa le escriba.",
  perfil: "Le llegará por el chat como una solicitud: podrá aceptarla o rechazarla. No verás su correo ni su teléfono.",
};

/**
 * «Enviar mensaje»: the first lines to an applicant or to a candidate open to offers, sent through
 * the chat (a plain form, so it works before hydration; the action opens the conversation). A
 * conversation that already exists is one link away.
 */
export function ApplicantMessage({
  to,
  name,
  clientId,
  conversationId,
}: {
  to: Recipient;
  name: string;
  clientId: string;
  conversationId: number | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "mensaje" && navigation.formData?.get(to.field) === String(to.id);
  const result = useFormFailure(useActionData(), "mensaje");
  // One form per recipient: only the one that was sent shows its failure.
  const mine = result.failure?.key === String(to.id);
  return (
    <details open={mine}>
      <Text component="summary" size="sm" fw={600} style={{ cursor: "pointer" }}>
        Enviar mensaje
      </Text>
      <Form method="post" ref={mine ? result.formRef : undefined} aria-label={`Mensaje para ${name}`}>
        <input type="hidden" name="intent" value="mensaje" />
        <input type="hidden" name={to.field} value={to.id} />
        <input type="hidden" name="client_id" value={clientId} />
        <Stack gap="xs" mt="xs">
          {conversationId ? (
            <Text size="sm">
              Ya tenéis una conversación:{" "}
              <Anchor component={Link} to={linkTo("chat", { id: conversationId })} underline="always">
                abrir el chat con {name}
              </Anchor>
              .
            </Text>
          ) : null}
          <Textarea
            name="body"
            label={`Mensaje para ${name}`}
            description={DESCRIPTION[to.field]}
            styles={readableDescription}
            size="sm"
            autosize
            minRows={3}
            maxLength={CHAT_MESSAGE_MAX_CHARS}
            defaultValue={mine ? result.value("body") : undefined}
            error={mine ? result.error("body") : undefined}
          />
          <Button type="submit" size="sm" variant="light" loading={sending} style={{ alignSelf: "flex-start" }}>
            Enviar mensaje
          </Button>
          <FormError message={mine && !result.error("body") ? result.message : null} />
        </Stack>
      </Form>
    </details>
  );
}
