import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { UnsubscribeCard } from "#app/ui/unsubscribe-card";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/newsletter-unsubscribe";
import { unsubscribeAction } from "./newsletter.server";

export function loader({ context }: Route.LoaderArgs) {
  return { brandName: context.app.config.brandName };
}

/**
 * The unsubscribe happens on POST, after the person confirms: mail scanners that open every link
 * in a message (GET) must not end a subscription on their own. No session is needed.
 */
export async function action({ context, params }: Route.ActionArgs) {
  return unsubscribeAction(context, params.token);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Darse de baja del boletín · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function BoletinBaja({ actionData }: Route.ComponentProps) {
  return (
    <UnsubscribeCard
      heading="Boletín semanal de noticias"
      question="¿Quieres dejar de recibir el boletín semanal de noticias?"
      outcome={
        actionData?.done
          ? actionData.removed
            ? { color: "teal", title: "Te has dado de baja", text: "Ya no recibirás el boletín semanal de noticias." }
            : {
                color: "gray",
                title: "Ya no estabas suscrito",
                text: "El enlace ya se usó o la suscripción se canceló antes. No recibirás más boletines.",
              }
          : null
      }
      footer={
        <>
          Puedes volver a activarlo cuando quieras en{" "}
          <Anchor component={Link} to={linkTo("cuenta-boletin")} underline="always">
            Mi cuenta › Boletín
          </Anchor>
          .
        </>
      }
    />
  );
}
