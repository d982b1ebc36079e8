import { STATS_EVENT_LABELS, tableEvents } from "#common/visita/stats";
import type { StatsDashboard, StatsRow } from "./stats.service";

// The dashboard's tables as CSV files for Excel in Spanish (issue 32): UTF-8 with a byte-order mark
// (without it Excel reads accents as Latin-1) and semicolons (Spanish Excel's list separator).

export const CSV_TABLES = ["productos", "visitadores", "provincias", "promociones", "dias"] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

const FIRST_COLUMN: Record<CsvTable, string> = {
  productos: "Producto",
  visitadores: "Visitador",
  provincias: "Provincia",
  promociones: "Promoción",
  dias: "Día",
};

/** A cell: quoted when it must be, and never read as a formula (CSV injection). */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function dashboardCsv(dashboard: StatsDashboard, table: CsvTable): string {
  const eventos = tableEvents(dashboard.eventos, table);
  const header = [FIRST_COLUMN[table], ...eventos.map((event) => STATS_EVENT_LABELS[event])];
  const rows: Array<Pick<StatsRow, "nombre" | "cifras">> =
    table === "dias" ? dashboard.dias.map((day) => ({ nombre: day.dia, cifras: day.cifras })) : dashboard[table];
  const lines = [header, ...rows.map((row) => [row.nombre, ...eventos.map((event) => row.cifras[event] ?? 0)])];
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(";")).join("\r\n")}\r\n`;
}

export const csvFileName = (dashboard: StatsDashboard, table: CsvTable) =>
  `estadisticas-${table}-${dashboard.rango.desde}-a-${dashboard.rango.hasta}.csv`;
