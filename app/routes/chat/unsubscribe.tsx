import { UnsubscribeCard } from "#app/ui/unsubscribe-card";
import type { Route } from "./+types/unsubscribe";
import { unsubscribeUnreadEmails } from "./unsubscribe.server";

export function loader({ context }: Route.LoaderArgs) {
  return { brandName: context.app.config.brandName };
}

/**
 * The unsubscribe happens on POST, after one click: mail scanners that open every link in a
 * message (GET) must not unsubscribe people on their own.
 */
export async function action({ context, params }: Route.ActionArgs) {
  return { done: await unsubscribeUnreadEmails(context.app, params.token) };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Avisos de mensajes sin leer · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function ChatBaja({ actionData }: Route.ComponentProps) {
  return (
    <UnsubscribeCard
      heading="Avisos de mensajes sin leer"
      question="¿Quieres dejar de recibir un correo cuando tengas mensajes sin leer en el chat?"
      outcome={
        actionData
          ? actionData.done
            ? {
                color: "teal",
                title: "Te has dado de baja",
                text: "Ya no te enviaremos correos cuando tengas mensajes sin leer en el chat.",
              }
            : {
                color: "red",
                title: "Enlace no válido",
                text: "Este enlace no es válido. Usa el enlace completo del último correo que te enviamos.",
              }
          : null
      }
    />
  );
}
