import { Paper, Text } from "@mantine/core";

// A light trend line drawn as SVG from the loader's data: no chart library on the page (issue 32).

const WIDTH = 320;
const HEIGHT = 80;

export function TrendChart({ title, points }: { title: string; points: Array<{ dia: string; valor: number }> }) {
  const max = Math.max(1, ...points.map((p) => p.valor));
  const total = points.reduce((sum, p) => sum + p.valor, 0);
  const step = points.length > 1 ? WIDTH / (points.length - 1) : WIDTH;
  const path = points
    .map((p, i) => `${i ? "L" : "M"}${(i * step).toFixed(1)},${(HEIGHT - (p.valor / max) * (HEIGHT - 4) - 2).toFixed(1)}`)
    .join(" ");
  const first = points[0]?.dia ?? "";
  const last = points.at(-1)?.dia ?? "";
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="gray.8">
        {title}
      </Text>
      <Text fw={700} size="xl">
        {total.toLocaleString("es-ES")}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`${title}: ${total} del ${first} al ${last}, máximo diario ${max}`}
      >
        <path d={path} fill="none" stroke="var(--mantine-color-teal-7)" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
    </Paper>
  );
}
