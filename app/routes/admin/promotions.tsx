import { Alert, Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, useNavigate, useNavigation } from "react-router";
import { PromotionPeriod } from "#app/features/visita/promotion-list";
import { type FormFailure, formFailure, useFormFailure } from "#app/lib/form";
import type { Route } from "./+types/promotions";
import { loadPromotionModeration, promotionModerationAction } from "./promotions.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPromotionModeration(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return promotionModerationAction(context, request);
}

export function meta() {
  return [{ title: "Promociones · Administración" }, { name: "robots", content: "noindex" }];
}

/** Moderators review published promotions and take down those that break the rules (audited; the author is told). */
export default function Promociones({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Promociones
      </Title>
      <Text c="gray.7">
        Promociones publicadas por visitadores y laboratorios. Retirar una la oculta al momento; queda en la auditoría y el autor ve el
        motivo.
      </Text>
      {actionData?.ok ? (
        <Alert color="teal" role="status">
          Promoción retirada; el autor ya tiene el motivo.
        </Alert>
      ) : null}
      <SegmentedControl
        aria-label="Estado"
        value={loaderData.estado}
        onChange={(value) => navigate(`?estado=${value}`)}
        data={[
          { value: "activa", label: "Activas" },
          { value: "caducada", label: "Caducadas" },
          { value: "retirada", label: "Retiradas" },
        ]}
        maw={420}
      />
      {loaderData.promotions.length === 0 ? <Text c="gray.7">No hay promociones en este estado.</Text> : null}
      <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {loaderData.promotions.map((p) => {
          const failure = formFailure(actionData);
          const failed = failure?.key === p.id ? failure : null;
          return (
            <Card key={p.id} withBorder radius="md" padding="md" component="li">
              <Stack gap="xs">
                <Group gap="xs">
                  <Badge variant="light" color="teal">
                    {p.tipo_texto}
                  </Badge>
                  <Badge variant="light" color={p.estado === "retirada" ? "red" : "gray"}>
                    {p.estado_texto}
                  </Badge>
                </Group>
                <Anchor href={p.url} fw={600}>
                  {p.titulo}
                </Anchor>
                <Text size="sm">
                  {p.producto.nombre} · {p.producto.laboratorio.nombre} · de {p.autor.nombre}
                </Text>
                <Text size="sm" c="gray.7">
                  <PromotionPeriod promotion={p} />
                </Text>
                {p.retirada ? <Text size="sm">Motivo: {p.retirada.motivo}</Text> : null}
                {p.estado !== "retirada" ? <TakeDownForm id={p.id} failed={failed} busy={navigation.state === "submitting"} /> : null}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** Takes one promotion down with a reason; its failure comes from the page's action, for this row only. */
function TakeDownForm({ id, failed, busy }: { id: number; failed: FormFailure | null; busy: boolean }) {
  const { formRef, error, value, message } = useFormFailure(failed);
  return (
    <Form method="post" ref={formRef}>
      <input type="hidden" name="id" value={id} />
      <Group align="flex-end" gap="sm">
        <TextInput
          name="motivo"
          label="Motivo de la retirada"
          required
          maxLength={500}
          defaultValue={value("motivo")}
          error={error("motivo") ?? message}
          style={{ flex: "1 1 260px" }}
        />
        <Button type="submit" color="red" variant="light" loading={busy}>
          Retirar
        </Button>
      </Group>
    </Form>
  );
}
