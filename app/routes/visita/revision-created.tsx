import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import { REVISION_STATUS_LABELS } from "#common/visita/vocabulary";
import type { Route } from "./+types/revision-created";
import { loadRevisionSuccess } from "./proposals.server";

/** crear-revision-success?revision=: the proposal is with the moderators. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadRevisionSuccess(context, request, url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [{ title: "Propuesta enviada" }, { name: "robots", content: "noindex" }];
}

export default function CrearRevisionSuccess({ loaderData }: Route.ComponentProps) {
  const { revision } = loaderData;
  return (
    <PageContainer>
      <Stack gap="lg" maw={720}>
        <Title order={1} size="h2">
          {revision.estado === "pendiente" ? "¡Propuesta enviada!" : "Tu propuesta"}
        </Title>
        <Alert color="blue" variant="light" title={`«${revision.nombre}»: ${REVISION_STATUS_LABELS[revision.estado]}`}>
          {revision.estado === "pendiente"
            ? "Un moderador la revisará. Te avisaremos por correo y en tu perfil cuando la apruebe o si necesita cambios."
            : revision.estado === "rechazada"
              ? `No se aprobó. Motivo: ${revision.motivo ?? ""}`
              : revision.estado === "aprobada"
                ? "Ya está publicada en el catálogo."
                : revision.estado === "cerrada"
                  ? (revision.motivo ?? "El registro de la AEMPS ya incluye lo que proponías.")
                  : "Todavía no la has enviado."}
        </Alert>
        <Group gap="sm">
          <Button component={Link} to={linkTo("visitadorPage")}>
            Ir a mi perfil
          </Button>
          <Button component={Link} to={linkTo("search-product")} variant="default">
            Buscar en el catálogo
          </Button>
          <Button component={Link} to={linkTo("nuevo-producto")} variant="default">
            Proponer otro producto
          </Button>
        </Group>
      </Stack>
    </PageContainer>
  );
}
