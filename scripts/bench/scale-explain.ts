import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { OFFER_QUERIES, OPEN } from "./explain";
import type { ScaleFixtures } from "./scale-seed";

/** A hot query's plan, with the sequential scans of tables over SEQ_SCAN_ROWS rows (a miss on a hot path). */
export type ScalePlan = { name: string; executionMs: number; seqScans: string[]; plan: string };

const SEQ_SCAN_ROWS = 10_000;

/**
 * The hot paths the scale bench measures, written as the services write them (the same tables,
 * conditions and order), with this database's sample rows.
 */
function queries(f: ScaleFixtures): Array<{ name: string; query: ReturnType<typeof sql> }> {
  const cursor = f.historyCursors.at(-1) ?? 0;
  return [
    ...OFFER_QUERIES,
    {
      name: "listing counts (country, grouping sets)",
      query: sql`SELECT grouping(cargo_id), grouping(estado_id), cargo_id, estado_id, count(*) FROM ofertas WHERE pais_id = 28 AND ${OPEN}
        GROUP BY GROUPING SETS ((cargo_id), (estado_id), ())`,
    },
    {
      name: "jobs sitemap files",
      query: sql`SELECT ((id - 1) / 49000)::int + 1, max(updated_at) FROM ofertas WHERE ${OPEN} GROUP BY 1 ORDER BY 1`,
    },
    {
      // One batch of file 2 (the file is streamed in batches of 5,000 read from the last id; decision 0114).
      name: "jobs sitemap file 2, one batch",
      query: sql`SELECT o.id, o.slug, e.slug, o.updated_at FROM ofertas o JOIN empresas e ON e.id = o.empresa_id
        WHERE ${sql.raw(`o.status = 'publicada' AND (o.expires_at IS NULL OR o.expires_at > now())`)} AND o.id > 49000 AND o.id <= 98000 ORDER BY o.id LIMIT 5000`,
    },
    {
      name: "candidate's applications",
      query: sql`SELECT c.id, o.titulo, e.nombre FROM candidaturas c JOIN ofertas o ON o.id = c.oferta_id JOIN empresas e ON e.id = o.empresa_id
        WHERE c.user_id = (SELECT id FROM users WHERE email = 'demo-candidato@farmanexo.test') ORDER BY c.created_at DESC, c.id DESC`,
    },
    {
      // The panel's first page (50 and one more, decision 0103) of an offer with 2,000 applicants.
      name: "employer's applicants (page of 2,000)",
      query: sql`SELECT c.id, u.nombre, u.apellidos, u.email FROM candidaturas c JOIN users u ON u.id = c.user_id
        WHERE c.oferta_id = ${f.panelOfferId} ORDER BY c.created_at, c.id LIMIT 51`,
    },
    {
      name: "chat history, first page",
      query: sql`SELECT * FROM chat_messages WHERE conversation_id = ${f.longConversationId} AND withheld = false ORDER BY id DESC LIMIT 51`,
    },
    {
      name: "chat history, 20 pages back",
      query: sql`SELECT * FROM chat_messages WHERE conversation_id = ${f.longConversationId} AND withheld = false AND id < ${cursor}
        ORDER BY id DESC LIMIT 51`,
    },
    {
      name: "chat list (500 conversations)",
      query: sql`SELECT p.conversation_id, u.nombre, m.body FROM chat_participants p
        JOIN chat_conversations c ON c.id = p.conversation_id JOIN users u ON u.id = p.other_user_id
        LEFT JOIN chat_participants o ON o.conversation_id = p.conversation_id AND o.user_id = p.other_user_id
        LEFT JOIN chat_messages m ON m.id = p.last_message_id
        WHERE p.user_id = (SELECT id FROM users WHERE email LIKE 'scale-%' ORDER BY id DESC LIMIT 1)
          AND (c.status = 'active' OR c.requested_by = p.user_id)
        ORDER BY p.last_message_at DESC NULLS LAST, p.conversation_id DESC LIMIT 100`,
    },
    {
      name: "news index",
      query: sql`SELECT id FROM noticias WHERE status <> 'borrador' AND publicada_en <= now() ORDER BY publicada_en DESC, id DESC LIMIT 20`,
    },
  ];
}

/** EXPLAIN ANALYZE of each hot query; a sequential scan of a table over 10,000 rows is flagged. */
export async function explainScaleQueries(db: Db, fixtures: ScaleFixtures): Promise<ScalePlan[]> {
  const sizes = (await db.execute(sql`SELECT relname, reltuples::bigint AS n FROM pg_class WHERE relkind = 'r'`)) as unknown as {
    rows: Array<{ relname: string; n: string }>;
  };
  const rowsOf = new Map(sizes.rows.map((r) => [r.relname, Number(r.n)]));
  const out: ScalePlan[] = [];
  for (const { name, query } of queries(fixtures)) {
    const result = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)) as unknown as { rows: Array<{ "QUERY PLAN": string }> };
    const plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    const scanned = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1] as string);
    const seqScans = [...new Set(scanned)].filter((table) => (rowsOf.get(table) ?? 0) > SEQ_SCAN_ROWS);
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
    out.push({ name, executionMs, seqScans, plan });
  }
  return out;
}
