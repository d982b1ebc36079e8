import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { unsubscribeAlert } from "#app/routes/jobs/jobs.server";
import { UnsubscribeCard } from "#app/ui/unsubscribe-card";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/alert-unsubscribe";

export function loader({ context }: Route.LoaderArgs) {
  return { brandName: context.app.config.brandName };
}

/**
 * The unsubscribe happens on POST, after the person confirms: mail scanners that open every link
 * in a message (GET) must not remove alerts on their own. No session is needed: the token is the proof.
 */
export async function action({ context, params }: Route.ActionArgs) {
  const removed = await unsubscribeAlert(context.app, params.token);
  return { removed: removed?.descripcion ?? null, done: true as const };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Darse de baja de una alerta · ${data?.brandName ?? "Farmanexo"}` }, { name: "robots", content: "noindex" }];
}

export default function AlertaBaja({ actionData }: Route.ComponentProps) {
  return (
    <UnsubscribeCard
      heading="Alerta de empleo"
      question="¿Quieres dejar de recibir los correos de esta alerta de empleo?"
      outcome={
        actionData?.done
          ? actionData.removed
            ? { color: "teal", title: "Te has dado de baja", text: `Ya no recibirás correos de la alerta «${actionData.removed}».` }
            : {
                color: "gray",
                title: "Esta alerta ya no existe",
                text: "El enlace ya se usó o la alerta se eliminó antes. No recibirás más correos de ella.",
              }
          : null
      }
      footer={
        <>
          Puedes gestionar todas tus alertas en{" "}
          <Anchor component={Link} to={linkTo("empleo-alertas")} underline="always">
            Alertas de empleo
          </Anchor>
          .
        </>
      }
    />
  );
}
