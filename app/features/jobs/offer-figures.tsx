import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { SimpleGrid } from "#app/ui/grid";
import type { OfferFigures, OfferFigureTotals } from "#server/jobs";

// The company's figures of one offer (decision 0111): views, applications and conversion over the
// last 30 days, day by day. Views are approximate by design (counted in batches, robots left out).

const percent = new Intl.NumberFormat("es-ES", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const number = new Intl.NumberFormat("es-ES");
const dayLabel = (iso: string) =>
  new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));

export const conversionText = (conversion: number | null) => (conversion === null ? "—" : percent.format(conversion));

/** The panel list's line: «Últimos 30 días: 120 visitas · 6 candidaturas · 5,0 % de conversión». */
export function figureTotalsText(totals: OfferFigureTotals | undefined): string {
  const { vistas = 0, candidaturas = 0, conversion = null } = totals ?? {};
  return `Últimos 30 días: ${number.format(vistas)} ${vistas === 1 ? "visita" : "visitas"} · ${number.format(candidaturas)} ${
    candidaturas === 1 ? "candidatura" : "candidaturas"
  }${conversion === null ? "" : ` · ${conversionText(conversion)} de conversión`}`;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {value}
      </Text>
    </Stack>
  );
}

export function OfferFiguresCard({ figures }: { figures: OfferFigures }) {
  const max = Math.max(1, ...figures.dias.map((day) => day.vistas));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="cifras-title" id="cifras">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="cifras-title">
            Cifras de los últimos 30 días
          </Title>
          <Text size="sm" c="gray.7">
            Del {dayLabel(figures.desde)} al {dayLabel(figures.hasta)}
          </Text>
        </Group>
        <SimpleGrid cols={3} spacing="md">
          <Stat label="Visitas" value={number.format(figures.vistas)} />
          <Stat label="Candidaturas" value={number.format(figures.candidaturas)} />
          <Stat label="Conversión" value={conversionText(figures.conversion)} />
        </SimpleGrid>
        {/* The bars repeat the table below for sighted readers; the table is what assistive technology reads. */}
        <div aria-hidden="true" style={{ display: "flex", alignItems: "flex-end", gap: 2, height: 96 }}>
          {figures.dias.map((day) => (
            <div
              key={day.dia}
              title={`${dayLabel(day.dia)}: ${day.vistas} visitas, ${day.candidaturas} candidaturas`}
              style={{ flex: 1, display: "flex", flexDirection: "column", justifyContent: "flex-end", height: "100%" }}
            >
              <div
                style={{
                  height: `${(day.vistas / max) * 100}%`,
                  minHeight: day.vistas ? 2 : 0,
                  background: "var(--mantine-color-teal-3)",
                  borderTop: day.candidaturas ? "4px solid var(--mantine-color-teal-9)" : undefined,
                  borderRadius: 2,
                }}
              />
            </div>
          ))}
        </div>
        <Text size="xs" c="gray.7">
          Barras: visitas por día; la marca oscura señala los días con candidaturas. Las visitas son aproximadas: no cuentan robots ni a tu
          empresa.
        </Text>
        <details>
          <summary style={{ cursor: "pointer", fontSize: "var(--mantine-font-size-sm)" }}>Ver día a día</summary>
          <table style={{ width: "100%", fontSize: "var(--mantine-font-size-sm)", borderCollapse: "collapse", marginTop: 8 }}>
            <thead>
              <tr>
                <th style={{ textAlign: "left" }}>Día</th>
                <th style={{ textAlign: "right" }}>Visitas</th>
                <th style={{ textAlign: "right" }}>Candidaturas</th>
              </tr>
            </thead>
            <tbody>
              {figures.dias.map((day) => (
                <tr key={day.dia}>
                  <td>{dayLabel(day.dia)}</td>
                  <td style={{ textAlign: "right" }}>{number.format(day.vistas)}</td>
                  <td style={{ textAlign: "right" }}>{number.format(day.candidaturas)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </Stack>
    </Card>
  );
}
