// What the catalogue commands print: a progress bar while they work, then the counts and the skipped records.

/** A one-line progress bar on stderr (redrawn in place on a terminal, one line per step otherwise). */
export function progressBar(label: string) {
  return (done: number, total: number) => {
    const width = 30;
    const filled = Math.round((Math.min(done, total) / Math.max(total, 1)) * width);
    const line = `${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}${done >= total ? "\n" : ""}`);
    else process.stderr.write(`${line}\n`);
  };
}

export function printSummary(counts: Record<string, number>, skipped: Array<{ nregistro: string; problem: string }>) {
  const line = (key: string, label: string) => (counts[key] !== undefined ? `  ${label}: ${counts[key]}` : null);
  console.log(
    [
      line("medicines", "Medicamentos leídos"),
      line("presentations", "Presentaciones"),
      line("created", "Nuevos"),
      line("updated", "Actualizados"),
      line("unchanged", "Sin cambios"),
      line("flagged", "Suspendidos o revocados (avisados sus visitadores)"),
      line("supplyChanged", "Presentaciones con cambios de suministro"),
    ]
      .filter(Boolean)
      .join("\n"),
  );
  if (skipped.length) {
    console.log(`  Omitidos (${skipped.length}):`);
    for (const item of skipped.slice(0, 50)) console.log(`    nº registro ${item.nregistro}: ${item.problem}`);
    if (skipped.length > 50) console.log(`    … y ${skipped.length - 50} más`);
  }
}
