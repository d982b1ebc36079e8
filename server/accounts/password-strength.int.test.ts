import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#server/db/schema";
import { linkParam, mailsTo, uniqueEmail } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { serverWithFreshRateLimits } from "#tests/support/server-per-file";
import { createUser } from "./factories";

// Every path that sets a password refuses common ones, says why in Spanish and changes nothing.
const server = serverWithFreshRateLimits();

const LEAKED =
  "Esta contraseña es fácil de adivinar: aparece en las listas de contraseñas más usadas y filtradas. Elige otra más larga, por ejemplo varias palabras poco habituales.";
const STRONG = "Mesa-verde-cohete-7";

describe("common passwords", () => {
  it("are refused at registration, and no account is created", async () => {
    const email = uniqueEmail("comun");
    const response = await new BrowserClient(server).json("/api/register", {
      email,
      password: "password123",
      password_confirmation: "password123",
      register_type: "web",
      pais_id: 28,
      acepta_condiciones: true,
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.password).toEqual([LEAKED]);
    expect(await server.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailsTo(server, email)).toEqual([]);
  });

  it("refuses Spanish words and the person's own name on a password change; the old password keeps working", async () => {
    const user = await createUser(server.ctx.db, { nombre: "Valentina" });
    const client = new BrowserClient(server);
    expect((await client.json("/api/login", { email: user.email, password: user.password })).status).toBe(200);
    const change = (password: string) =>
      client.json("/api/user/password", { current_password: user.password, password, password_confirmation: password }, "PUT");

    const word = await change("contraseña1");
    expect(word.status).toBe(422);
    expect((await word.json()).errors.password[0]).toContain("se basa en palabras o nombres muy comunes");
    const own = await change("Valentina2024");
    expect(own.status).toBe(422);
    expect((await own.json()).errors.password[0]).toContain("contiene tu correo, tu nombre o el nombre del sitio");
    expect(await mailsTo(server, user.email, "password_changed")).toEqual([]);
    expect((await new BrowserClient(server).json("/api/login", { email: user.email, password: user.password })).status).toBe(200);
    expect((await change(STRONG)).status).toBe(200);
  });

  it("are refused when resetting the password, without spending the grant", async () => {
    const user = await createUser(server.ctx.db);
    await new BrowserClient(server).json("/api/renew-password/send", { email: user.email });
    const [mail] = await mailsTo(server, user.email, "reset_password");
    const verified = await new BrowserClient(server).get(`/api/renew-password/verify/${linkParam(mail?.text ?? "", "token")}`);
    const grant = (await verified.json()).access_token as string;
    const put = (password: string) =>
      new BrowserClient(server).fetch("/api/user", {
        method: "PUT",
        headers: { Authorization: `Bearer ${grant}`, "Content-Type": "application/json" },
        body: JSON.stringify({ password, password_confirmation: password }),
      });
    const weak = await put("12345678a");
    expect(weak.status).toBe(422);
    expect((await weak.json()).errors.password).toEqual([LEAKED]);
    expect((await new BrowserClient(server).json("/api/login", { email: user.email, password: user.password })).status).toBe(200);
    expect((await put(STRONG)).status).toBe(200);
    expect((await new BrowserClient(server).json("/api/login", { email: user.email, password: STRONG })).status).toBe(200);
  });
});
