import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { seedAccountsDemo } from "#server/accounts/seed";
import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import type { AppContext } from "#server/context";
import { empresas, ofertas, users } from "#server/db/schema";
import { ensureDemoCompanies, insertGeneratedOffers } from "#server/jobs/seed";
import { authorUrl } from "#server/news/queries";
import { seedNewsDemo } from "#server/news/seed";
import { generateCatalogue } from "#server/visita/seed/catalogue";
import { insertCatalogue } from "#server/visita/seed/index";

/**
 * The data of `npm run bench:scale` at one size (factor 1 = today's bench: 100,000 offers; factor
 * 10 = issue 33's "ten times the data"). The texts come from the demo generators (a few thousand
 * rows); the bulk is multiplied in SQL (INSERT … SELECT over generate_series) with the table's
 * secondary indexes dropped and rebuilt after, so 10× takes minutes, not hours.
 */
export type ScaleSize = {
  offers: number;
  users: number;
  products: number;
  presentations: number;
  conversations: number;
  messages: number;
  news: number;
};

/** Shapes that do not grow with the data: one user's worth of it, the same at every size. */
export const FIXTURE = {
  candidateApplications: 60,
  panelApplicants: 2_000,
  longConversationMessages: 10_000,
  hubConversations: 500,
};

/**
 * The counts at a factor. Below 1 (a quick check that the bench runs, e.g. BENCH_SCALE_FACTORS=0.02,0.2)
 * the per-user shapes still need their rows: 2,000 applicants and the hub's 500 partners are users,
 * the 10,000-message conversation and the hub's conversations are chat rows.
 */
export const sizeFor = (factor: number): ScaleSize => {
  const users = Math.max(Math.round(20_000 * factor), FIXTURE.panelApplicants + FIXTURE.hubConversations);
  const conversations = Math.max(Math.round(20_000 * factor), FIXTURE.hubConversations * 2);
  return {
    offers: Math.round(100_000 * factor),
    users,
    products: Math.max(Math.round(2_500 * factor), 100),
    presentations: Math.max(Math.round(4_000 * factor), 160),
    conversations,
    messages: Math.max(Math.round(500_000 * factor), FIXTURE.longConversationMessages + conversations),
    news: Math.max(Math.round(100 * factor), 20),
  };
};

const TEMPLATE_OFFERS = 10_000;
const SCALE_EMAIL = (n: number) => `scale-${n}@farmanexo.test`;

type Log = (message: string) => void;

/** Runs one statement, logging how long it took. */
async function timed(client: pg.Client, log: Log, label: string, query: string, values: unknown[] = []) {
  const started = Date.now();
  const result = await client.query(query, values);
  log(`${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Drops a table's secondary indexes (not those behind a constraint; unique ones too: the bulk data
 * is unique by construction) around a bulk insert and
 * rebuilds them after: building a B-tree or GIN once is several times faster than maintaining it
 * row by row.
 */
async function withoutIndexes(client: pg.Client, log: Log, table: string, work: () => Promise<void>) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = $1
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const index of rows) await client.query(`DROP INDEX IF EXISTS "${index.name}"`);
  // Triggers off for the bulk copy (superuser): the foreign keys point at rows the copies were made
  // from, and the copied texts add no word to the typo vocabulary (ofertas_add_words) the
  // generated originals did not already add. Row by row they cost ~3 ms an offer.
  await client.query("SET session_replication_role = replica");
  try {
    await work();
  } finally {
    await client.query("SET session_replication_role = DEFAULT");
  }
  await client.query("SET maintenance_work_mem = '256MB'");
  for (const index of rows) await timed(client, log, `index ${index.name}`, index.definition);
}

/** The insertable columns of a table (no serial id, no generated column). */
async function copyableColumns(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
       AND coalesce(column_default, '') NOT LIKE 'nextval%' ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** Copies the rows `from` selects `copies` times (g = 1…copies), some columns rewritten as SQL of `t` and `g`. */
async function cloneRows(client: pg.Client, log: Log, table: string, from: string, copies: number, overrides: Record<string, string>) {
  if (copies <= 0) return;
  const columns = await copyableColumns(client, table);
  const select = columns.map((c) => overrides[c] ?? `t."${c}"`).join(", ");
  await timed(
    client,
    log,
    `${table} × ${copies}`,
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")})
     SELECT ${select} FROM generate_series(1, ${copies}) g CROSS JOIN (${from}) t`,
  );
}

const count = async (client: pg.Client, table: string) =>
  Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? 0);

async function seedOffers(ctx: AppContext, client: pg.Client, log: Log, size: ScaleSize) {
  if ((await count(client, "ofertas")) >= size.offers) return;
  const companies = await ensureDemoCompanies(ctx);
  await insertGeneratedOffers(ctx, companies, TEMPLATE_OFFERS, { seed: 7, batch: 1000 });
  log(`ofertas: ${TEMPLATE_OFFERS} generated`);
  const copies = Math.ceil(size.offers / TEMPLATE_OFFERS) - 1;
  await withoutIndexes(client, log, "ofertas", () =>
    cloneRows(client, log, "ofertas", `SELECT * FROM ofertas WHERE id <= ${TEMPLATE_OFFERS}`, copies, {
      // Spread over the last months, newest first, as a real board's history would be.
      published_at: `t.published_at - make_interval(hours => g * 7 + (t.id % 5))`,
      created_at: `t.created_at - make_interval(hours => g * 7)`,
      updated_at: `t.updated_at - make_interval(hours => g * 7)`,
    }),
  );
}

async function seedUsers(client: pg.Client, log: Log, size: ScaleSize) {
  if ((await count(client, `users WHERE email LIKE 'scale-%'`)) >= size.users) return;
  await timed(
    client,
    log,
    "users",
    `INSERT INTO users (email, password_hash, register_type, nombre, apellidos, pais_id, email_verified_at, profile_completed_at)
     SELECT 'scale-' || g || '@farmanexo.test', 'x', 'candidato',
       (ARRAY['Ana','Luis','María','Jorge','Lucía','Pablo','Sara','Diego','Elena','Raúl'])[1 + g % 10],
       (ARRAY['García','López','Martín','Sánchez','Pérez','Gómez','Ruiz','Díaz','Moreno','Álvarez'])[1 + (g / 10) % 10] || ' ' || g,
       28, now(), now()
     FROM generate_series(1, $1) g`,
    [size.users],
  );
  await timed(client, log, "chat_user_state", `INSERT INTO chat_user_state (user_id) SELECT id FROM users ON CONFLICT DO NOTHING`);
}

/** Background applications (two per scale user), the demo candidate's list and one offer with 2,000 applicants. */
async function seedApplications(ctx: AppContext, client: pg.Client, log: Log, size: ScaleSize): Promise<number> {
  const [lab] = await ctx.db.select({ id: empresas.id }).from(empresas).where(eq(empresas.slug, "laboratorios-demo"));
  if (!lab) throw new Error("the demo company was not seeded");
  const existing = await client.query<{ id: number }>(`SELECT id FROM ofertas WHERE empresa_id = $1 AND slug = 'panel-2000'`, [lab.id]);
  if (existing.rows[0]) return existing.rows[0].id;
  const columns = await copyableColumns(client, "ofertas");
  const select = columns.map((c) => (c === "empresa_id" ? String(lab.id) : c === "slug" ? `'panel-2000'` : `"${c}"`)).join(", ");
  const panel = await client.query<{ id: number }>(
    `INSERT INTO ofertas (${columns.map((c) => `"${c}"`).join(", ")}) SELECT ${select} FROM ofertas WHERE id = 1 RETURNING id`,
  );
  const panelId = panel.rows[0]?.id as number;
  const cv = `'cv/scale.pdf', 'CV.pdf'`;
  await withoutIndexes(client, log, "candidaturas", async () => {
    await timed(
      client,
      log,
      "candidaturas (background)",
      `INSERT INTO candidaturas (oferta_id, user_id, cv_key, cv_nombre, created_at)
       SELECT 1 + ((u.id::bigint * 7919 + k * 104729) % $1), u.id, ${cv}, now() - make_interval(days => (u.id + k) % 90)
       FROM users u CROSS JOIN generate_series(1, 2) k WHERE u.email LIKE 'scale-%'
       ON CONFLICT DO NOTHING`,
      [size.offers],
    );
    await timed(
      client,
      log,
      "candidaturas (panel offer)",
      `INSERT INTO candidaturas (oferta_id, user_id, cv_key, cv_nombre, estado, created_at)
       SELECT $1, u.id, ${cv}, (ARRAY['recibida','en_proceso','finalista','descartada'])[1 + u.id % 4], now() - make_interval(mins => u.id % 5000)
       FROM users u WHERE u.email LIKE 'scale-%' ORDER BY u.id LIMIT $2 ON CONFLICT DO NOTHING`,
      [panelId, FIXTURE.panelApplicants],
    );
    await timed(
      client,
      log,
      "candidaturas (demo candidate)",
      `INSERT INTO candidaturas (oferta_id, user_id, cv_key, cv_nombre, created_at)
       SELECT o.id, u.id, ${cv}, now() - make_interval(days => o.id % 60)
       FROM users u, (SELECT id FROM ofertas WHERE status = 'publicada' ORDER BY md5(id::text) LIMIT $1) o
       WHERE u.email = 'demo-candidato@farmanexo.test' ON CONFLICT DO NOTHING`,
      [FIXTURE.candidateApplications],
    );
  });
  return panelId;
}

/**
 * Conversations: a ring of pairs of scale users (user i with user i+1), plus the hub (the last
 * scale user) with 500 others; messages interleaved across conversations as they would arrive,
 * and one conversation (scale users 1 and 2) with 10,000 messages.
 */
async function seedChat(client: pg.Client, log: Log, size: ScaleSize) {
  if ((await count(client, "chat_conversations")) >= size.conversations) return;
  const ring = size.conversations - FIXTURE.hubConversations;
  await timed(
    client,
    log,
    "chat_conversations",
    `WITH s AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'scale-%'),
     pairs AS (
       SELECT ids[i] AS a, ids[i + 1] AS b, i FROM s, generate_series(1, $1) i
       UNION ALL SELECT ids[array_length(ids, 1)], ids[1000 + j], $1 + j FROM s, generate_series(1, $2) j)
     INSERT INTO chat_conversations (user_low_id, user_high_id, status, requested_by, created_at)
     SELECT least(a, b), greatest(a, b), 'active', a, now() - interval '400 days' FROM pairs ORDER BY i`,
    [ring, FIXTURE.hubConversations],
  );
  await timed(
    client,
    log,
    "chat_participants",
    `INSERT INTO chat_participants (conversation_id, user_id, other_user_id)
     SELECT id, user_low_id, user_high_id FROM chat_conversations UNION ALL SELECT id, user_high_id, user_low_id FROM chat_conversations`,
  );
  const longId = Number((await client.query(`SELECT min(id) AS id FROM chat_conversations`)).rows[0]?.id);
  const perConversation = Math.max(1, Math.floor((size.messages - FIXTURE.longConversationMessages) / (size.conversations - 1)));
  const body = `(ARRAY['Hola, ¿qué tal?','¿Te viene bien el jueves a las diez?','Te paso la ficha técnica del producto.','Gracias por la información.','Perfecto, nos vemos en la farmacia.','¿Tienes muestras del nuevo genérico?','Te escribo por la oferta de visitador médico.','Mañana te confirmo la cita.','Un saludo y buena semana.','De acuerdo, lo reviso y te digo.'])[1 + (g + c.id) % 10]`;
  await withoutIndexes(client, log, "chat_messages", async () => {
    await timed(
      client,
      log,
      `chat_messages (${perConversation} per conversation)`,
      `INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, created_at)
       SELECT c.id, CASE WHEN g % 2 = 0 THEN c.user_low_id ELSE c.user_high_id END, gen_random_uuid(), ${body},
         c.created_at + make_interval(mins => g * 30)
       FROM generate_series(1, $1) g CROSS JOIN chat_conversations c WHERE c.id <> $2`,
      [perConversation, longId],
    );
    await timed(
      client,
      log,
      "chat_messages (the long conversation)",
      `INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, created_at)
       SELECT c.id, CASE WHEN g % 2 = 0 THEN c.user_low_id ELSE c.user_high_id END, gen_random_uuid(), ${body},
         c.created_at + make_interval(mins => g)
       FROM generate_series(1, $1) g CROSS JOIN chat_conversations c WHERE c.id = $2`,
      [FIXTURE.longConversationMessages, longId],
    );
  });
  await timed(
    client,
    log,
    "chat_participants (last message)",
    `UPDATE chat_participants p SET last_message_id = m.last_id, last_message_at = m.last_at, last_read_message_id = m.last_id,
       delivered_message_id = m.last_id
     FROM (SELECT conversation_id, max(id) AS last_id, max(created_at) AS last_at FROM chat_messages GROUP BY conversation_id) m
     WHERE m.conversation_id = p.conversation_id`,
  );
}

async function seedCatalogue(ctx: AppContext, client: pg.Client, log: Log, size: ScaleSize) {
  if ((await count(client, "products")) >= size.products) return;
  await insertCatalogue(ctx, generateCatalogue({ seed: 13, count: size.products }), { batch: 1000 });
  const missing = size.presentations - (await count(client, "product_presentations"));
  // More packs for the same medicines (the generator's códigos nacionales start at 600000).
  await timed(
    client,
    log,
    "product_presentations",
    `INSERT INTO product_presentations (product_id, cn, name)
     SELECT p.id, (100000 + row_number() OVER ())::text, p.name || ' envase clínico'
     FROM (SELECT id, name FROM products ORDER BY id LIMIT greatest($1, 0)) p ON CONFLICT DO NOTHING`,
    [missing],
  );
}

async function seedNews(ctx: AppContext, client: pg.Client, log: Log, size: ScaleSize) {
  await seedNewsDemo(ctx);
  const have = await count(client, "noticias");
  if (have >= size.news) return;
  const copies = Math.ceil((size.news - have) / have);
  await cloneRows(
    client,
    log,
    "noticias",
    `SELECT * FROM noticias WHERE status = 'publicada' LIMIT ${Math.ceil((size.news - have) / copies)}`,
    copies,
    {
      slug: `t.slug || '-' || g`,
      publicada_en: `t.publicada_en - make_interval(days => g * 3)`,
      destacada: "0",
    },
  );
}

export type ScaleFixtures = {
  offers: Array<{ id: number; slug: string; empresa_slug: string }>;
  products: Array<{ id: number; slug: string }>;
  noticias: Array<{ id: number; slug: string }>;
  /** Laboratories with a product, and news authors with something published (their pages' paths). */
  laboratories: string[];
  authors: string[];
  panelOfferId: number;
  longConversationId: number;
  /** Message ids to scroll back from: each a page further back in the long conversation. */
  historyCursors: number[];
  cookies: { candidate: string; employer: string; longChat: string; hub: string };
  counts: Record<string, number>;
};

async function sessionCookie(ctx: AppContext, email: string) {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`${email} was not seeded`);
  const session = await createSession(ctx.db, { userId: user.id, kind: "web" });
  return `${SESSION_COOKIE}=${session.token}`;
}

/** Seeds (once: a database that holds the data already is used as it is), then picks the bench's sample rows. */
export async function seedScale(ctx: AppContext, url: string, size: ScaleSize, log: Log): Promise<ScaleFixtures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const fresh = (await count(client, "chat_messages")) < size.messages * 0.9;
    await seedAccountsDemo(ctx);
    await seedOffers(ctx, client, log, size);
    await seedUsers(client, log, size);
    const panelOfferId = await seedApplications(ctx, client, log, size);
    await seedChat(client, log, size);
    await seedCatalogue(ctx, client, log, size);
    await seedNews(ctx, client, log, size);
    // Statistics and the visibility map (index-only scans) as a database that has lived would have.
    if (fresh) await timed(client, log, "VACUUM ANALYZE", "VACUUM ANALYZE");

    const pick = async <T>(query: string) => (await client.query(query)).rows as T[];
    const offers = await pick<{ id: number; slug: string; empresa_slug: string }>(`
      SELECT o.id, o.slug, e.slug AS empresa_slug FROM ofertas o JOIN empresas e ON e.id = o.empresa_id
      WHERE o.status = 'publicada' AND o.expires_at > now() ORDER BY md5(o.id::text) LIMIT 100`);
    const products = await pick<{ id: number; slug: string }>(
      `SELECT id, slug FROM products WHERE prescription = 'sin_receta' ORDER BY md5(id::text) LIMIT 100`,
    );
    const noticias = await pick<{ id: number; slug: string }>(
      `SELECT id, slug FROM noticias WHERE status = 'publicada' ORDER BY md5(id::text) LIMIT 50`,
    );
    const laboratories = (
      await pick<{ slug: string }>(
        `SELECT slug FROM laboratories l WHERE EXISTS (SELECT 1 FROM products p WHERE p.holder_laboratory_id = l.id) ORDER BY md5(l.id::text) LIMIT 20`,
      )
    ).map((l) => `/app/visita/laboratorio/${l.slug}`);
    const authors = (
      await pick<{ id: number; nombre: string }>(
        `SELECT id, nombre FROM news_authors a WHERE EXISTS (SELECT 1 FROM noticias n WHERE n.autor_id = a.id AND n.status = 'publicada') ORDER BY md5(a.id::text) LIMIT 20`,
      )
    ).map((a) => authorUrl(Number(a.id), a.nombre));
    const longConversationId = Number((await client.query(`SELECT min(id) AS id FROM chat_conversations`)).rows[0]?.id);
    // Every 500th message from the newest: pages 1, 11, 21… of 50 scrolling back.
    const historyCursors = (
      await pick<{ id: number }>(`
        SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id DESC) AS n FROM chat_messages WHERE conversation_id = ${longConversationId}) m
        WHERE n % 500 = 0 ORDER BY id DESC`)
    ).map((r) => Number(r.id));
    const counts: Record<string, number> = {};
    for (const table of [
      "ofertas",
      "users",
      "candidaturas",
      "products",
      "product_presentations",
      "chat_conversations",
      "chat_messages",
      "noticias",
    ])
      counts[table] = await count(client, table);
    const [hub] = await ctx.db
      .execute<{ email: string }>(sql`SELECT email FROM users WHERE email LIKE 'scale-%' ORDER BY id DESC LIMIT 1`)
      .then((r) => (r as unknown as { rows: Array<{ email: string }> }).rows);
    const cookies = {
      candidate: await sessionCookie(ctx, "demo-candidato@farmanexo.test"),
      employer: await sessionCookie(ctx, "demo-empleo@farmanexo.test"),
      longChat: await sessionCookie(ctx, SCALE_EMAIL(1)),
      hub: await sessionCookie(ctx, hub?.email ?? SCALE_EMAIL(size.users)),
    };
    const [open] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(ofertas);
    log(`data: ${JSON.stringify(counts)} (${open?.n} offers)`);
    return { offers, products, noticias, laboratories, authors, panelOfferId, longConversationId, historyCursors, cookies, counts };
  } finally {
    await client.end();
  }
}
