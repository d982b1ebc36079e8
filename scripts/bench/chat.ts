/**
 * npm run bench:chat: N WebSocket clients on one instance, then on two instances sharing one
 * PostgreSQL; pairs of users send each other messages at a steady rate over the socket. Reports
 * delivery latency (send → recipient's socket) p50/p99, messages lost and duplicated (must be 0),
 * and the server's memory per connection. Results go to bench-results/chat-<timestamp>.{json,md}.
 *
 * BENCH_CHAT_CONNECTIONS (5000), BENCH_CHAT_RATE (200 messages/s), BENCH_CHAT_SECONDS (10),
 * BENCH_CHAT_INSTANCES ("1,2"), BENCH_CHAT_PORT (4310; the instances use it and the next one),
 * BENCH_NODE_FLAGS (the servers' Node flags), BUILD_DIR, TEST_DATABASE_URL.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import WebSocket from "ws";
import { openPostgres } from "#server/db/client";
import { migrateDatabase } from "#server/db/migrate";
import { hashToken } from "#server/platform/tokens";
import { syncReferenceData } from "#server/reference/sync";
import { rssMb } from "./load";

const CONNECTIONS = Number(process.env.BENCH_CHAT_CONNECTIONS ?? 5000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const INSTANCE_COUNTS = (process.env.BENCH_CHAT_INSTANCES ?? "1,2").split(",").map(Number);
const BASE_PORT = Number(process.env.BENCH_CHAT_PORT ?? 4310);
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
const GRACE_MS = 5000;

const log = (message: string) => console.log(`[bench:chat] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Users in pairs, one accepted conversation per pair, one web session per user (no argon2: not measured). */
async function seed(url: string, users: number): Promise<{ tokens: string[]; conversations: number[] }> {
  const database = await openPostgres(url, { max: 2 });
  await migrateDatabase(database);
  await syncReferenceData(database.db);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tokens = Array.from({ length: users }, () => randomBytes(24).toString("base64url"));
  try {
    await client.query(
      `INSERT INTO users (email, password_hash, register_type, nombre, apellidos, email_verified_at, profile_completed_at)
       SELECT 'bench-' || g || '@farmanexo.test', 'x', 'web', 'Bench', 'Usuario ' || g, now(), now() FROM generate_series(1, $1) g`,
      [users],
    );
    const { rows } = await client.query<{ id: number }>("SELECT id FROM users WHERE email LIKE 'bench-%' ORDER BY id");
    const ids = rows.map((r) => r.id);
    await client.query(
      `INSERT INTO sessions (user_id, kind, token_hash, expires_at)
       SELECT unnest($1::int[]), 'web', unnest($2::text[]), now() + interval '1 day'`,
      [ids, tokens.map(hashToken)],
    );
    await client.query(
      `WITH pairs AS (SELECT ids[i] AS low, ids[i + 1] AS high FROM (SELECT $1::int[] AS ids) s, generate_series(1, array_length($1::int[], 1) - 1, 2) i),
       conv AS (INSERT INTO chat_conversations (user_low_id, user_high_id, status, requested_by)
                SELECT low, high, 'active', low FROM pairs RETURNING id, user_low_id, user_high_id)
       INSERT INTO chat_participants (conversation_id, user_id, other_user_id)
       SELECT id, user_low_id, user_high_id FROM conv UNION ALL SELECT id, user_high_id, user_low_id FROM conv`,
      [ids],
    );
    await client.query("INSERT INTO chat_user_state (user_id) SELECT unnest($1::int[])", [ids]);
    // Pair p is (users 2p, 2p+1): its conversation is the p-th by lower user id.
    const conversations = await client.query<{ id: number }>("SELECT id FROM chat_conversations ORDER BY user_low_id");
    return { tokens, conversations: conversations.rows.map((r) => r.id) };
  } finally {
    await client.end();
  }
}

async function startServer(port: number, databaseUrl: string): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-chat-bench-"));
  const child = spawn(process.execPath, [...NODE_FLAGS, "--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      BUILD_DIR,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {}
    await sleep(250);
  }
  throw new Error("server did not become ready");
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

type Client = { index: number; socket: WebSocket; lastSeq: number; received: Map<string, number> };

function connect(port: number, token: string, index: number, onMessage: (client: Client, body: string) => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { Cookie: `farmanexo_session=${token}`, Origin: `http://127.0.0.1:${port}` },
      perMessageDeflate: false,
    });
    const client: Client = { index, socket, lastSeq: 0, received: new Map() };
    socket.on("message", (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type === "hello") {
        socket.send(JSON.stringify({ type: "chat.resume", since: 0 }));
        resolve(client);
      } else if (frame.type === "chat.event" && frame.kind === "message") {
        client.lastSeq = Math.max(client.lastSeq, frame.seq);
        if (frame.message.sender_id !== undefined) onMessage(client, frame.message.body);
      }
    });
    socket.on("error", reject);
  });
}

type Result = {
  instances: number;
  connections: number;
  connectSeconds: number;
  rate: number;
  seconds: number;
  sent: number;
  acked: number;
  errors: number;
  delivered: number;
  lost: number;
  duplicated: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  ackP50Ms: number;
  ackP99Ms: number;
  /** The machine's 1-minute load average when the sending ended (shared machine: context for every figure). */
  load: number;
  rssBeforeMb: number[];
  rssAfterMb: number[];
  kbPerConnection: number;
};

async function run(instances: number): Promise<Result> {
  const dbName = `chat_bench_${Date.now()}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${dbName}`;
  const servers: ChildProcess[] = [];
  const clients: Client[] = [];
  try {
    const users = CONNECTIONS - (CONNECTIONS % 2);
    log(`${instances} instance(s): seeding ${users} users in ${users / 2} conversations`);
    const { tokens, conversations } = await seed(url.toString(), users);
    for (let i = 0; i < instances; i++) servers.push(await startServer(BASE_PORT + i, url.toString()));
    await sleep(1000);
    const rssBefore = servers.map((s) => rssMb(s.pid as number) ?? 0);

    // Latency is measured from the send to the recipient's socket, in this process's clock.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const deliveries = new Map<string, number>();
    const onMessage = (client: Client, body: string) => {
      const [tag, from] = body.split("|");
      if (!tag || Number(from) === client.index) return; // the sender's own echo
      const count = (deliveries.get(tag) ?? 0) + 1;
      deliveries.set(tag, count);
      const started = sentAt.get(tag);
      if (count === 1 && started !== undefined) latencies.push(performance.now() - started);
    };
    const connectStart = Date.now();
    for (let i = 0; i < users; i += 200) {
      const batch = tokens.slice(i, i + 200).map((token, k) => connect(BASE_PORT + ((i + k) % instances), token, i + k, onMessage));
      clients.push(...(await Promise.all(batch)));
    }
    const connectSeconds = (Date.now() - connectStart) / 1000;
    log(`${instances} instance(s): ${clients.length} sockets connected in ${connectSeconds.toFixed(1)} s`);
    await sleep(2000);
    const rssAfter = servers.map((s) => rssMb(s.pid as number) ?? 0);

    // Senders alternate between the two sides of random pairs; with two instances the partners
    // sit on different instances (index parity), so every message crosses over.
    // Ack latency (send → the sender's chat.ack) tells the send path from the delivery path.
    let acked = 0;
    let errors = 0;
    const ackLatencies: number[] = [];
    const sentAtByClientId = new Map<string, number>();
    for (const client of clients) {
      client.socket.on("message", (raw) => {
        const frame = JSON.parse(String(raw));
        if (frame.type === "chat.ack") {
          acked++;
          const started = sentAtByClientId.get(frame.client_id);
          if (started !== undefined) ackLatencies.push(performance.now() - started);
        }
        if (frame.type === "chat.error") errors++;
      });
    }
    const total = RATE * SECONDS;
    const interval = 1000 / RATE;
    const start = performance.now();
    for (let n = 0; n < total; n++) {
      const due = start + n * interval;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const pair = Math.floor(Math.random() * (clients.length / 2));
      const sender = clients[pair * 2 + (n % 2)] as Client;
      const tag = `m${n}`;
      const clientId = randomUUID();
      sentAt.set(tag, performance.now());
      sentAtByClientId.set(clientId, performance.now());
      sender.socket.send(
        JSON.stringify({
          type: "chat.send",
          conversation_id: conversations[pair],
          client_id: clientId,
          body: `${tag}|${sender.index}`,
        }),
      );
    }
    const sendSeconds = (performance.now() - start) / 1000;
    const load = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;
    await sleep(GRACE_MS);
    const delivered = [...deliveries.values()].filter((c) => c >= 1).length;
    const duplicated = [...deliveries.values()].filter((c) => c > 1).length;
    latencies.sort((a, b) => a - b);
    ackLatencies.sort((a, b) => a - b);
    const rssGrowth = rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0);
    const result: Result = {
      instances,
      connections: clients.length,
      connectSeconds: Math.round(connectSeconds * 10) / 10,
      rate: Math.round((total / sendSeconds) * 10) / 10,
      seconds: SECONDS,
      sent: total,
      acked,
      errors,
      delivered,
      lost: total - delivered,
      duplicated,
      p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
      maxMs: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
      ackP50Ms: Math.round(percentile(ackLatencies, 50) * 10) / 10,
      ackP99Ms: Math.round(percentile(ackLatencies, 99) * 10) / 10,
      load,
      rssBeforeMb: rssBefore.map(Math.round),
      rssAfterMb: rssAfter.map(Math.round),
      kbPerConnection: Math.round(((rssGrowth * 1024) / clients.length) * 10) / 10,
    };
    log(
      `${instances} instance(s): ${result.sent} sent at ${result.rate}/s, ${result.acked} acked, ${result.errors} refused, ${result.delivered} delivered, ` +
        `lost ${result.lost}, duplicated ${result.duplicated}, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
        `max ${result.maxMs} ms, ack p50 ${result.ackP50Ms} ms, ack p99 ${result.ackP99Ms} ms, load ${result.load}, RSS ${result.rssBeforeMb.join("+")} → ${result.rssAfterMb.join("+")} MB (${result.kbPerConnection} KB/connection)`,
    );
    return result;
  } finally {
    for (const client of clients) client.socket.terminate();
    for (const server of servers) await stopServer(server);
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  }
}

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    log(`building the pages into ${BUILD_DIR}`);
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
  }
  const results: Result[] = [];
  for (const instances of INSTANCE_COUNTS) results.push(await run(instances));
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  fs.mkdirSync("bench-results", { recursive: true });
  const meta = {
    cpus: os.cpus().length,
    node: process.version,
    targets: { connections: 5000, p99Ms: 100, rate: 200, lost: 0, duplicated: 0 },
  };
  fs.writeFileSync(`bench-results/chat-${stamp}.json`, JSON.stringify({ meta, results }, null, 2));
  const lines = [
    `# Chat bench ${stamp}`,
    "",
    `${meta.cpus} CPUs, Node ${meta.node}. Targets: 5,000 connections on one instance, p99 ≤ 100 ms at 200 messages/s, 0 lost, 0 duplicated.`,
    "",
    "| instances | connections | connect s | rate/s | sent | delivered | lost | duplicated | p50 ms | p99 ms | max ms | ack p50/p99 ms | load | RSS before → after MB | KB/connection |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${r.instances} | ${r.connections} | ${r.connectSeconds} | ${r.rate} | ${r.sent} | ${r.delivered} | ${r.lost} | ${r.duplicated} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.ackP50Ms}/${r.ackP99Ms} | ${r.load} | ${r.rssBeforeMb.join("+")} → ${r.rssAfterMb.join("+")} | ${r.kbPerConnection} |`,
    ),
  ];
  fs.writeFileSync(`bench-results/chat-${stamp}.md`, `${lines.join("\n")}\n`);
  console.log(lines.join("\n"));
  const failed = results.some((r) => r.lost > 0 || r.duplicated > 0);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
