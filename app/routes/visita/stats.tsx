import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, Form, Link } from "react-router";
import { AreaBackLink } from "#app/features/visita/area-back-link";
import { StatsTable } from "#app/features/visita/stats-table";
import { TrendChart } from "#app/features/visita/trend-chart";
import { SimpleGrid } from "#app/ui/grid";
import { PageContainer } from "#app/ui/layout/app-layout";
import { linkTo } from "#common/route-names";
import { STATS_EVENT_LABELS, type StatsEvent, tableEvents } from "#common/visita/stats";
import type { Route } from "./+types/stats";
import { loadStats } from "./stats.server";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { dashboard, headers } = await loadStats(context, request, url);
  return data({ dashboard }, { headers });
}

export function meta() {
  return [{ title: "Estadísticas · Farmanexo" }, { name: "robots", content: "noindex" }];
}

const RANGE_LABELS = [
  { value: "7", label: "7 días" },
  { value: "30", label: "30 días" },
  { value: "90", label: "90 días" },
  { value: "personalizado", label: "Personalizado" },
];
/** The trend lines: every view together, then the figures a team acts on. */
const TRENDS: Array<{ title: string; events: StatsEvent[] }> = [
  { title: "Visitas", events: ["vista_perfil", "vista_producto", "vista_promocion", "vista_cartera"] },
  { title: STATS_EVENT_LABELS.contacto, events: ["contacto"] },
  { title: STATS_EVENT_LABELS.clic_promocion, events: ["clic_promocion"] },
  { title: STATS_EVENT_LABELS.verificacion_confirmada, events: ["verificacion_confirmada"] },
];
const TOP_PROMOTIONS = 10;

export default function Stats({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  const { rango } = dashboard;
  const laboratory = dashboard.alcance === "laboratorio";
  const query = { alcance: dashboard.alcance, rango: rango.rango, desde: rango.desde, hasta: rango.hasta };
  const csv = (tabla: string) => `/api/visita/estadisticas/csv?${new URLSearchParams({ ...query, tabla })}`;
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap={4}>
          <AreaBackLink />
          <Title order={1}>{laboratory ? "Estadísticas de tus laboratorios" : "Tus estadísticas"}</Title>
          <Text c="gray.7">
            {laboratory
              ? `${dashboard.laboratorios.map((lab) => lab.nombre).join(", ") || "Tu empresa no está vinculada a ningún laboratorio"}: visitas, contactos y verificaciones de sus productos.`
              : "Visitas a tu perfil, tu cartera y tus promociones, contactos y verificaciones."}{" "}
            Son recuentos agregados: nunca se muestra quién ha visitado.
          </Text>
        </Stack>
        <Paper withBorder radius="md" p="md">
          <Form method="get">
            <input type="hidden" name="alcance" value={dashboard.alcance} />
            <Group align="flex-end" wrap="wrap">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="rango-label">
                  Periodo
                </Text>
                {/* Extra small: the four choices fit a 390 px phone inside the card. */}
                <SegmentedControl size="xs" name="rango" defaultValue={rango.rango} data={RANGE_LABELS} aria-labelledby="rango-label" />
              </Stack>
              <TextInput type="date" name="desde" label="Desde" defaultValue={rango.desde} error={rango.errors.desde?.[0]} />
              <TextInput type="date" name="hasta" label="Hasta" defaultValue={rango.hasta} error={rango.errors.hasta?.[0]} />
              <Button type="submit">Ver</Button>
            </Group>
          </Form>
          {Object.keys(rango.errors).length ? (
            <Text size="sm" c="red.8" mt="xs" role="alert">
              Revisa las fechas: mostramos los últimos 30 días.
            </Text>
          ) : null}
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {TRENDS.map((trend) => (
            <TrendChart
              key={trend.title}
              title={trend.title}
              points={dashboard.dias.map((day) => ({
                dia: day.dia,
                valor: trend.events.reduce((sum, e) => sum + (day.cifras[e] ?? 0), 0),
              }))}
            />
          ))}
        </SimpleGrid>
        {laboratory && !dashboard.laboratorios.length ? (
          <Alert color="blue" title="Sin laboratorio">
            Pide a un administrador que vincule tu empresa a su laboratorio para ver sus productos.
          </Alert>
        ) : null}
        <StatsTable
          id="productos"
          title="Por producto"
          first="Producto"
          rows={dashboard.productos}
          eventos={tableEvents(dashboard.eventos, "productos")}
          csvHref={csv("productos")}
          empty="No hay productos."
        />
        {laboratory ? (
          <StatsTable
            id="visitadores"
            title="Por visitador (solo tus productos)"
            first="Visitador"
            rows={dashboard.visitadores}
            eventos={tableEvents(dashboard.eventos, "visitadores")}
            csvHref={csv("visitadores")}
            empty="Ningún visitador presenta tus productos todavía."
          />
        ) : null}
        <StatsTable
          id="provincias"
          title="Por provincia"
          first="Provincia"
          rows={dashboard.provincias}
          eventos={dashboard.eventos}
          csvHref={csv("provincias")}
          empty="Sin datos en este periodo."
        />
        <StatsTable
          id="promociones"
          title="Promociones más vistas"
          first="Promoción"
          rows={dashboard.promociones.slice(0, TOP_PROMOTIONS)}
          eventos={tableEvents(dashboard.eventos, "promociones")}
          csvHref={csv("promociones")}
          empty="Sin visitas a promociones en este periodo."
        />
        <Text size="sm" c="gray.7">
          <Anchor href={csv("dias")} download>
            Descargar las cifras de cada día (CSV)
          </Anchor>
          {laboratory ? (
            <>
              {" · "}
              <Anchor component={Link} to={linkTo("estadisticas", {}, { alcance: "visitador" })}>
                Ver mis estadísticas como visitador
              </Anchor>
            </>
          ) : null}
        </Text>
      </Stack>
    </PageContainer>
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}
