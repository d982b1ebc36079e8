import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViews, sessions, users } from "#server/db/schema";
import { FILE_CSP } from "#server/platform/downloads";
import { findEstadosOfPais } from "#server/reference/catalog";
import { BrowserClient, bearerTokenFor } from "#tests/support/browser-client";
import { imageBytes, jpegWithExif, PNG_SIGNATURE_THEN_HTML, pngHeaderClaiming } from "#tests/support/files";
import { readZip } from "#tests/support/read-zip";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createEmpleoUser, createEmpresa, createUser } from "./factories";
import { LOGGED_COOKIE } from "./session";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_MB: "1" });
});
afterAll(() => server?.close());

let PNG: Buffer;
beforeAll(async () => {
  PNG = await imageBytes(900, 600, "png");
});
const upload = (client: BrowserClient, bytes: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.append("avatar", new Blob([new Uint8Array(bytes)], { type }), name);
  return client.fetch("/api/user/avatar", { method: "POST", body: form });
};

describe("avatar", () => {
  it("accepts a PNG, serves it re-encoded as a 512 px square WebP with cache headers, and removes it", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const response = await upload(client, PNG, "foto.png", "image/png");
    expect(response.status).toBe(200);
    const { user: authUser } = await response.json();
    expect(authUser.avatar).toMatch(new RegExp(`^/api/user/avatar/${user.id}\\?v=\\d+$`));
    const image = await server.fetch(authUser.avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("public, max-age=86400");
    // Re-encoded by the app, so shown inline; still unsniffable and sandboxed if opened alone.
    expect(image.headers.get("content-disposition")).toBe("inline");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-security-policy")).toBe(FILE_CSP);
    expect(image.headers.get("cross-origin-resource-policy")).toBe("same-site");
    const served = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: "webp", width: 512, height: 512 });
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    const file = path.join(server.ctx.config.dataDir, "uploads", row?.avatar ?? "x");
    expect(fs.existsSync(file)).toBe(true);

    const removed = await client.fetch("/api/user/avatar", { method: "DELETE" });
    expect((await removed.json()).user.avatar).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
    expect((await server.fetch(`/api/user/avatar/${user.id}`)).status).toBe(404);
  });

  it("refuses a text file renamed .png, a PNG signature followed by HTML (415), a bomb (422) and a file over the limit (413)", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    for (const forged of [Buffer.from("no soy una imagen"), PNG_SIGNATURE_THEN_HTML]) {
      const renamed = await upload(client, forged, "foto.png", "image/png");
      expect(renamed.status).toBe(415);
      expect((await renamed.json()).message).toBe("La foto debe ser una imagen JPEG, PNG o WebP válida.");
    }
    const bomb = await upload(client, pngHeaderClaiming(50_000, 50_000), "bomba.png", "image/png");
    expect(bomb.status).toBe(422);
    expect((await bomb.json()).message).toMatch(/^La foto es demasiado grande/);
    const big = await upload(client, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), "grande.png", "image/png");
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe("La foto no puede superar 1 MB.");
    const [row] = await server.ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id));
    expect(row?.avatar).toBeNull();
  });

  it("strips the photo's metadata", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    expect((await upload(client, await jpegWithExif(), "foto.jpg", "image/jpeg")).status).toBe(200);
    const served = Buffer.from(await (await server.fetch(`/api/user/avatar/${user.id}`)).arrayBuffer());
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(served.includes(Buffer.from("CamaraSecreta"))).toBe(false);
  });

  it("needs a file and a session", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const missing = await client.fetch("/api/user/avatar", { method: "POST", body: new FormData() });
    expect(missing.status).toBe(422);
    expect((await new BrowserClient(server).fetch("/api/user/avatar", { method: "POST", body: new FormData() })).status).toBe(401);
  });
});

// «Mi cuenta»'s avatar forms (decision 0060): a multipart POST to the page's action, before
// hydration as after, through the same service as POST and DELETE /api/user/avatar.
describe("the account page's avatar forms", () => {
  const postPage = (client: BrowserClient, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append("avatar", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return client.fetch("/app/cuenta", { method: "POST", body: form, headers: { Accept: "text/html" } });
  };
  const avatarOf = async (client: BrowserClient) => ((await (await client.get("/api/user")).json()) as { avatar: string | null }).avatar;

  it("stores the chosen picture re-encoded, then removes it", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const saved = await postPage(client, { intent: "avatar" }, { bytes: PNG, name: "foto.png", type: "image/png" });
    expect(saved.status).toBe(200);
    const avatar = await avatarOf(client);
    expect(avatar).toMatch(new RegExp(`^/api/user/avatar/${user.id}\\?v=\\d+$`));
    const served = await sharp(Buffer.from(await (await server.fetch(avatar ?? "")).arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: "webp", width: 512, height: 512 });

    expect((await postPage(client, { intent: "avatar_remove" })).status).toBe(200);
    expect(await avatarOf(client)).toBeNull();
    expect((await server.fetch(`/api/user/avatar/${user.id}`)).status).toBe(404);
  });

  it("says under the field why a file is refused, and keeps the picture it had", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const none = await postPage(client, { intent: "avatar" });
    expect(none.status).toBe(422);
    expect(await none.text()).toContain("Elige una imagen PNG, JPEG o WebP");
    const forged = await postPage(
      client,
      { intent: "avatar" },
      { bytes: Buffer.from("no soy una imagen"), name: "foto.png", type: "image/png" },
    );
    expect(forged.status).toBe(415);
    expect(await forged.text()).toContain("La foto debe ser una imagen JPEG, PNG o WebP válida.");
    const big = await postPage(
      client,
      { intent: "avatar" },
      { bytes: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), name: "g.png", type: "image/png" },
    );
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("La foto no puede superar 1 MB.");
    expect(await avatarOf(client)).toBeNull();
  });

  it("sends a signed-out visitor to the sign-in page and changes nothing", async () => {
    const response = await postPage(new BrowserClient(server), { intent: "avatar" }, { bytes: PNG, name: "foto.png", type: "image/png" });
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("Location")).toContain("/app/auth/login");
  });
});

describe("PUT /api/user/profile", () => {
  it("edits the basics and validates them", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const madrid = findEstadosOfPais(28)[0]?.id;
    const response = await client.json(
      "/api/user/profile",
      {
        nombre: "Irene",
        apellidos: "Soler",
        pais_id: 28,
        estado_id: madrid,
        cargo: "Técnica de farmacia",
        telefono: "+34 600 000 000",
        publicidad: 1,
      },
      "PUT",
    );
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ nombre: "Irene", apellidos: "Soler", avatar_text: "IS", pais: { id: 28 } });
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ estadoId: madrid, cargoTexto: "Técnica de farmacia", telefono: "+34 600 000 000", publicidad: true });
    const bad = await client.json("/api/user/profile", { nombre: "", apellidos: "S", pais_id: 99999, publicidad: false }, "PUT");
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.nombre).toEqual(["Introduce tu nombre"]);
    const badPais = await client.json("/api/user/profile", { nombre: "I", apellidos: "S", pais_id: 99999, publicidad: false }, "PUT");
    expect((await badPais.json()).errors.pais_id).toEqual(["Elige un país de la lista"]);
  });
});

describe("sessions", () => {
  it("lists one entry per login, marks the current one, and ends only one's own", async () => {
    const user = await createUser(server.ctx.db);
    const here = new BrowserClient(server);
    await here.json("/api/login", { email: user.email, password: user.password });
    const there = new BrowserClient(server);
    await there.fetch("/api/login", {
      method: "POST",
      body: JSON.stringify({ email: user.email, password: user.password }),
      headers: { "Content-Type": "application/json", "User-Agent": "Otro navegador" },
    });
    const list = await (await here.get("/api/user/sessions")).json();
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual(["created_at", "current", "id", "ip", "kind", "last_used_at", "user_agent"]);
    const other = list.find((s: { current: boolean }) => !s.current);
    expect(other.user_agent).toBe("Otro navegador");

    const stranger = await createUser(server.ctx.db);
    const strangerClient = await new BrowserClient(server).signInAs(stranger.id);
    expect((await strangerClient.fetch(`/api/user/sessions/${other.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await there.get("/api/user")).status).toBe(200);

    expect((await here.fetch(`/api/user/sessions/${other.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await there.get("/api/user")).status).toBe(401);
    expect((await here.get("/api/user")).status).toBe(200);
  });
});

describe("GET /api/user/export", () => {
  it("downloads everything about the user as a ZIP attachment whose datos.json has no secrets", async () => {
    const { user } = await createEmpleoUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const response = await client.get("/api/user/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="mis-datos-${user.id}.zip"`);
    const text = (await readZip(Buffer.from(await response.arrayBuffer()))).get("datos.json")?.toString() ?? "";
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: user.id, email: user.email });
    expect(data.roles.map((r: { role: string }) => r.role)).toEqual(["administrador_empleo"]);
    expect(data.empresa.id).toBe(user.empresaId);
    expect(data.sessions).toHaveLength(1);
    expect(text).not.toMatch(/argon2|password_?hash|token_?hash/i);
  });
});

describe("DELETE /api/user", () => {
  it("needs the password, then deletes the account, its sessions and its uploads", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const api = await bearerTokenFor(server, user.id);
    await upload(client, PNG, "a.png", "image/png");
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    const file = path.join(server.ctx.config.dataDir, "uploads", row?.avatar ?? "x");
    const wrong = await client.json("/api/user", { password: "no-es-1" }, "DELETE");
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.password).toEqual(["La contraseña no es correcta"]);
    const response = await client.json("/api/user", { password: user.password }, "DELETE");
    expect(response.status).toBe(204);
    expect(client.cookies.get(LOGGED_COOKIE)).toBe("0");
    expect(await server.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    expect((await server.fetch("/api/user", { headers: { Authorization: `Bearer ${api}` } })).status).toBe(401);
    expect((await new BrowserClient(server).json("/api/login", { email: user.email, password: user.password })).status).toBe(401);
  });
});

describe("GET /api/sistema/check-email/{email}", () => {
  it("checks form and domain only, answering the same for registered and unknown addresses", async () => {
    const user = await createUser(server.ctx.db);
    const registered = await (await server.fetch(`/api/sistema/check-email/${encodeURIComponent(user.email)}`)).json();
    const unknown = await (await server.fetch(`/api/sistema/check-email/${encodeURIComponent("otra-persona@example.com")}`)).json();
    expect(registered).toEqual({ email: user.email, valid: true });
    expect(unknown).toEqual({ email: "otra-persona@example.com", valid: true });
    expect(await (await server.fetch("/api/sistema/check-email/no-es-correo")).json()).toEqual({
      email: "no-es-correo",
      valid: false,
      message: "Introduce un correo electrónico válido",
    });
    expect((await (await server.fetch("/api/sistema/check-email/ana@gmial.com")).json()).message).toBe("¿Quisiste decir ana@gmail.com?");
  });

  it("is rate limited", async () => {
    await server.ctx.db.execute(sql`DELETE FROM rate_limits`);
    let status = 200;
    for (let i = 0; i < 31; i++) status = (await server.fetch(`/api/sistema/check-email/a${i}@example.com`)).status;
    expect(status).toBe(429);
  });
});

describe("GET /api/empresas/search", () => {
  it("finds companies ignoring accents and case, with their delegations, in data.data", async () => {
    const { empresa, delegacion } = await createEmpresa(server.ctx.db, { nombre: "Laboratorios Farmacéuticos Rovi" });
    await createEmpresa(server.ctx.db, { nombre: "Distribuciones Álvarez" });
    const body = await (await server.fetch("/api/empresas/search?query=farmaceuticos%20ROVI")).json();
    expect(body.data.data[0]).toEqual({
      id: empresa.id,
      empresa_nombre: "Laboratorios Farmacéuticos Rovi",
      slug: empresa.slug,
      delegacion: { id: delegacion?.id, nombre: "Sede central" },
      delegaciones: [{ id: delegacion?.id, nombre: "Sede central" }],
    });
    const accent = await (await server.fetch("/api/empresas/search?query=alvarez")).json();
    expect(accent.data.data.map((e: { empresa_nombre: string }) => e.empresa_nombre)).toContain("Distribuciones Álvarez");
    expect(await (await server.fetch("/api/empresas/search?query=a")).json()).toEqual({ data: { data: [] } });
  });

  it("returns at most 20", async () => {
    for (let i = 0; i < 22; i++) await createEmpresa(server.ctx.db, { nombre: `Grupo Zeta ${i}` });
    const body = await (await server.fetch("/api/empresas/search?query=grupo%20zeta")).json();
    expect(body.data.data).toHaveLength(20);
  });
});

describe("PUT /api/is-profesional-sanitario", () => {
  it("saves the flag for a signed-in user and echoes it for a visitor", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const response = await client.json("/api/is-profesional-sanitario", { is_profesional_sanitario: true }, "PUT");
    expect(await response.json()).toEqual({ profesional_sanitario: 1 });
    expect((await (await client.get("/api/user")).json()).profesional_sanitario).toBe(1);
    const anonymous = await new BrowserClient(server).json("/api/is-profesional-sanitario", { is_profesional_sanitario: 0 }, "PUT");
    expect(await anonymous.json()).toEqual({ profesional_sanitario: 0 });
    expect(
      (await new BrowserClient(server).json("/api/is-profesional-sanitario", { is_profesional_sanitario: "quizá" }, "PUT")).status,
    ).toBe(422);
  });
});

describe("POST /api/analytics/pageview", () => {
  it("stores path and role only", async () => {
    const response = await new BrowserClient(server).json("/api/analytics/pageview", {
      path: "/app/empleo/p/espana?q=secreto#x",
      role: "candidato",
    });
    expect(response.status).toBe(204);
    const rows = await server.ctx.db.select().from(pageViews);
    expect(rows.at(-1)).toMatchObject({ path: "/app/empleo/p/espana", role: "candidato" });
    expect(Object.keys(rows.at(-1) ?? {}).sort()).toEqual(["createdAt", "id", "path", "role"]);
    expect((await new BrowserClient(server).json("/api/analytics/pageview", { path: "https://otro.sitio" })).status).toBe(422);
  });
});

describe("POST /api/redirigir-academia without an academy", () => {
  it("answers 503", async () => {
    const user = await createUser(server.ctx.db, { type: "academia" });
    const client = await new BrowserClient(server).signInAs(user.id);
    const response = await client.json("/api/redirigir-academia", { userId: user.id });
    expect(response.status).toBe(503);
    expect((await response.json()).message).toBe("La Academia no está disponible en este momento.");
  });
});

describe("OpenAPI", () => {
  it("documents every accounts call", async () => {
    const doc = await (await server.fetch("/api/openapi.json")).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      "/login",
      "/logout",
      "/login/cookie",
      "/user",
      "/register",
      "/register/google",
      "/email/verify/{token}",
      "/email/verify/resend/{id}",
      "/renew-password/send",
      "/renew-password/verify/{token}",
      "/user/web",
      "/user/academia",
      "/user/candidato",
      "/user/visita",
      "/user/marketing",
      "/user/empleo",
      "/user/empleo/empresa",
      "/user/delegacion",
      "/redirigir-academia",
      "/sistema/check-email/{email}",
      "/empresas/search",
      "/is-profesional-sanitario",
      "/user/avatar",
      "/user/avatar/{id}",
      "/user/profile",
      "/user/password",
      "/user/sessions",
      "/user/sessions/{id}",
      "/user/export",
      "/analytics/pageview",
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
