import { Alert, Badge, Box, Button, Group, Rating, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { KeywordSearch, OlderPageButton } from "#app/features/admin/list-controls";
import { useFormFailure } from "#app/lib/form";
import { LinkifiedText } from "#app/ui/linkified-text";
import { FEEDBACK_STATUS_LABELS, type FeedbackStatus } from "#common/news/vocabulary";
import type { Route } from "./+types/feedback";
import { loadOpiniones, opinionesAction } from "./feedback.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOpiniones(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return opinionesAction(context, request);
}

export function meta() {
  return [{ title: "Opiniones · Administración" }, { name: "robots", content: "noindex" }];
}

const COLORS: Record<FeedbackStatus, string> = { nuevo: "blue", leido: "yellow", resuelto: "teal" };
const NEXT: Record<FeedbackStatus, { status: FeedbackStatus; label: string } | null> = {
  nuevo: { status: "leido", label: "Marcar como leída" },
  leido: { status: "resuelto", label: "Marcar como resuelta" },
  resuelto: { status: "leido", label: "Reabrir" },
};

export default function Opiniones({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const estado = params.get("estado") ?? "";
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Opiniones
      </Title>
      <Text c="gray.7">Lo que los usuarios nos cuentan desde «Danos tu opinión». Léelas, resuélvelas y márcalas.</Text>
      <Group align="flex-end" justify="space-between">
        <SegmentedControl
          aria-label="Estado"
          value={estado}
          onChange={(value) => {
            const query = new URLSearchParams(params);
            query.delete("antes");
            if (value) query.set("estado", value);
            else query.delete("estado");
            navigate(`?${query.toString()}`);
          }}
          data={[
            { value: "", label: "Todas" },
            { value: "nuevo", label: "Nuevas" },
            { value: "leido", label: "Leídas" },
            { value: "resuelto", label: "Resueltas" },
          ]}
        />
        <KeywordSearch placeholder="Asunto, texto, nombre o e-mail" keep={["estado"]} />
      </Group>
      {loaderData.items.length === 0 ? (
        <Text>No hay opiniones que coincidan.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Recibida</Table.Th>
                <Table.Th>Valoración</Table.Th>
                <Table.Th>Opinión</Table.Th>
                <Table.Th>De</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                  </Table.Td>
                  <Table.Td>
                    {/* A read-only rating is a plain element: the label goes on an image role around it. */}
                    <Box role="img" aria-label={`Valoración: ${item.valoracion} de 5`} w="fit-content">
                      <Rating value={item.valoracion} readOnly size="sm" />
                    </Box>
                  </Table.Td>
                  <Table.Td maw={420}>
                    <Text fw={600}>{item.asunto}</Text>
                    <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                      <LinkifiedText text={item.contenido} />
                    </Text>
                    <Text size="xs" c="gray.7">
                      Página: {item.pagina}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.nombre}</Text>
                    <Text size="xs" c="gray.7">
                      {item.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusCell id={item.id} status={item.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <OlderPageButton before={loaderData.nextBefore} />
      </Group>
    </Stack>
  );
}

function StatusCell({ id, status }: { id: number; status: FeedbackStatus }) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.formData?.get("status") as FeedbackStatus | undefined;
  const shown = pending ?? status;
  const move = NEXT[shown];
  const { formRef, message } = useFormFailure(fetcher.data);
  return (
    <Stack gap={6} align="flex-start">
      <Badge color={COLORS[shown]} variant="light">
        {FEEDBACK_STATUS_LABELS[shown]}
      </Badge>
      {move ? (
        <fetcher.Form method="post" ref={formRef}>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="status" value={move.status} />
          <Button type="submit" size="compact-xs" variant="default">
            {move.label}
          </Button>
        </fetcher.Form>
      ) : null}
      {message ? (
        <Alert color="red" p={4}>
          {message}
        </Alert>
      ) : null}
    </Stack>
  );
}
