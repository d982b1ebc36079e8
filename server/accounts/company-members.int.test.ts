import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { candidaturas, companyMembers, empresas, ofertas, users } from "#server/db/schema";
import { findCargoBySlug, findEstadosOfPais } from "#server/reference/catalog";
import { createCandidate, insertOffer, mailsTo, PDF_BYTES } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createEmpleoUser, createUser } from "./factories";

/** Issue #8 item 1: a company cannot be taken over; membership needs an administrator's consent. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const CARGO = findCargoBySlug("visitador-medico")?.id ?? 0;
const companyFields = {
  emailEmpresa: "rrhh@ejemplo.es",
  empresaCodigoPostal: "28001",
  empresaDireccion: "Calle Mayor 1",
  empresaPais: 28,
  empresaPoblacion: "Madrid",
  tipoEmpresa: 1,
  empresaTelefono: "910000000",
  empresaEstado: findEstadosOfPais(28)[0]?.id,
};

async function empleoAccount() {
  const user = await createUser(server.ctx.db, { type: "empleo" });
  return { user, client: await new BrowserClient(server).signInAs(user.id) };
}

const join = (client: BrowserClient, empresaId: number) => client.json("/api/user/empleo/empresa", { empresa: empresaId });
const roleOf = async (userId: number) =>
  (await server.ctx.db.select({ role: companyMembers.role }).from(companyMembers).where(eq(companyMembers.userId, userId)))[0]?.role ??
  null;

async function companyWithApplicant() {
  const owner = await createEmpleoUser(server.ctx.db, { empresaNombre: `Laboratorios Custodia ${Date.now()}` });
  const offer = await insertOffer(server.ctx, owner.empresa.id, { titulo: "Delegado comercial" });
  const candidate = await createCandidate(server.ctx, { nombre: "Nuria" });
  const body = new FormData();
  body.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), "cv.pdf");
  const candidateClient = await new BrowserClient(server).signInAs(candidate.id);
  expect((await candidateClient.fetch(`/api/empleo/ofertas/${offer.id}/candidaturas`, { method: "POST", body })).status).toBe(201);
  return { owner, offer, ownerClient: await new BrowserClient(server).signInAs(owner.user.id) };
}

describe("joining an existing company", () => {
  it("asks the administrators instead of joining; nothing of the company is reachable meanwhile", async () => {
    const { owner, offer, ownerClient } = await companyWithApplicant();
    const intruder = await empleoAccount();
    const response = await join(intruder.client, owner.empresa.id);
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(body).toMatchObject({ pending: true, user: { empresa: null } });
    expect(body.message).toMatch(/^Hemos enviado tu solicitud a los administradores de la empresa/);
    // Asking twice is one request.
    expect((await join(intruder.client, owner.empresa.id)).status).toBe(202);
    expect((await intruder.client.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`)).status).toBe(403);
    expect((await intruder.client.get("/api/empleo/panel/ofertas")).status).toBe(403);
    const mails = await mailsTo(server.ctx, owner.user.email);
    expect(mails.filter((m) => m.kind === "company_join_request")).toHaveLength(1);

    // The requester cannot approve their own request; the administrator sees and declines it.
    const [request] = await (await ownerClient.get("/api/user/empresa/solicitudes")).json();
    expect(request).toMatchObject({ email: intruder.user.email });
    expect((await intruder.client.json(`/api/user/empresa/solicitudes/${request.id}/aprobar`, {})).status).toBe(403);
    const declined = await ownerClient.json(`/api/user/empresa/solicitudes/${request.id}/rechazar`, {});
    expect(declined.status).toBe(200);
    expect(await declined.json()).toEqual([]);
    expect((await mailsTo(server.ctx, intruder.user.email)).map((m) => m.kind)).toContain("company_join_declined");
    expect(await roleOf(intruder.user.id)).toBeNull();
    expect((await ownerClient.json(`/api/user/empresa/solicitudes/${request.id}/aprobar`, {})).status).toBe(404);
  });

  it("lets an approved member work with offers and applicants, but not rename the company or approve others", async () => {
    const { owner, offer, ownerClient } = await companyWithApplicant();
    const colleague = await empleoAccount();
    expect((await join(colleague.client, owner.empresa.id)).status).toBe(202);
    const [request] = await (await ownerClient.get("/api/user/empresa/solicitudes")).json();
    expect((await ownerClient.json(`/api/user/empresa/solicitudes/${request.id}/aprobar`, {})).status).toBe(200);
    expect(await roleOf(colleague.user.id)).toBe("member");
    expect((await mailsTo(server.ctx, colleague.user.email)).map((m) => m.kind)).toContain("company_join_approved");
    const applicants = await colleague.client.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`);
    expect(applicants.status).toBe(200);
    expect((await applicants.json()).items).toHaveLength(1);
    const me = await (await colleague.client.get("/api/user")).json();
    expect(me.empresa).toMatchObject({ id: owner.empresa.id });

    const third = await empleoAccount();
    expect((await join(third.client, owner.empresa.id)).status).toBe(202);
    expect(await (await colleague.client.get("/api/user/empresa/solicitudes")).json()).toEqual([]);
    const [pending] = await (await ownerClient.get("/api/user/empresa/solicitudes")).json();
    expect((await colleague.client.json(`/api/user/empresa/solicitudes/${pending.id}/aprobar`, {})).status).toBe(403);

    // A member saving company data gets a company of their own; the original keeps its name.
    const saved = await colleague.client.json("/api/user/empleo", {
      nombre: "Pablo",
      apellidos: "Intruso",
      cargo: CARGO,
      ...companyFields,
      empresa: "Nombre Robado S.L.",
    });
    expect(saved.status).toBe(200);
    const [original] = await server.ctx.db.select({ nombre: empresas.nombre }).from(empresas).where(eq(empresas.id, owner.empresa.id));
    expect(original?.nombre).toBe(owner.empresa.nombre);
    expect((await colleague.client.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`)).status).toBe(404);
  });

  it("decides requests with the «Mi empresa» form (no /api call from the page), an administrator only", async () => {
    const owner = await createEmpleoUser(server.ctx.db, { empresaNombre: `Laboratorios Formulario ${Date.now()}` });
    const ownerClient = await new BrowserClient(server).signInAs(owner.user.id);
    const colleague = await empleoAccount();
    const stranger = await empleoAccount();
    expect((await join(colleague.client, owner.empresa.id)).status).toBe(202);
    expect((await join(stranger.client, owner.empresa.id)).status).toBe(202);
    const requests = (await (await ownerClient.get("/api/user/empresa/solicitudes")).json()) as { id: number; email: string }[];
    const idOf = (email: string) => String(requests.find((request) => request.email === email)?.id);
    const decide = (client: BrowserClient, intent: string, id: string) =>
      client.fetch("/app/cuenta/empresa", {
        method: "POST",
        body: new URLSearchParams({ intent, id }),
        headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      });

    const refused = await decide(colleague.client, "aprobar", idOf(stranger.user.email));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Solo los administradores de la empresa pueden gestionar las solicitudes.");

    const approved = await decide(ownerClient, "aprobar", idOf(colleague.user.email));
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain("ya forma parte de tu empresa.");
    expect(await roleOf(colleague.user.id)).toBe("member");
    const declined = await decide(ownerClient, "rechazar", idOf(stranger.user.email));
    expect(await declined.text()).toContain("Solicitud rechazada.");
    expect(await roleOf(stranger.user.id)).toBeNull();
    // Decided already: said in the form, nothing changes.
    const again = await decide(ownerClient, "aprobar", idOf(stranger.user.email));
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Solicitud no encontrada.");
    expect(await roleOf(stranger.user.id)).toBeNull();
  });

  it("hands the company to the longest-standing member when the last administrator leaves, and locks it when nobody is left", async () => {
    const { owner, offer, ownerClient } = await companyWithApplicant();
    const colleague = await empleoAccount();
    await join(colleague.client, owner.empresa.id);
    const [request] = await (await ownerClient.get("/api/user/empresa/solicitudes")).json();
    await ownerClient.json(`/api/user/empresa/solicitudes/${request.id}/aprobar`, {});

    expect((await ownerClient.json("/api/user", { password: owner.user.password }, "DELETE")).status).toBe(204);
    expect(await roleOf(colleague.user.id)).toBe("admin");
    expect((await colleague.client.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`)).status).toBe(200);

    expect((await colleague.client.json("/api/user", { password: colleague.user.password }, "DELETE")).status).toBe(204);
    // Nobody left: the offer closes, its applications stay with the company and nobody can claim it.
    const [closed] = await server.ctx.db.select({ status: ofertas.status }).from(ofertas).where(eq(ofertas.id, offer.id));
    expect(closed?.status).toBe("cerrada");
    expect(await server.ctx.db.select().from(candidaturas).where(eq(candidaturas.ofertaId, offer.id))).toHaveLength(1);
    const claimant = await empleoAccount();
    const refused = await join(claimant.client, owner.empresa.id);
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.empresa[0]).toMatch(/^Esta empresa no tiene ningún administrador/);
    expect(await roleOf(claimant.user.id)).toBeNull();
    expect((await claimant.client.get(`/api/empleo/panel/ofertas/${offer.id}/candidaturas`)).status).toBe(403);
    expect((await claimant.client.get(`/api/empleo/panel/ofertas/${offer.id}`)).status).toBe(403);
  });

  it("protects companies created by marketing users the same way", async () => {
    const mkt = await createUser(server.ctx.db, { type: "mkt", profileCompleted: false });
    const mktClient = await new BrowserClient(server).signInAs(mkt.id);
    const created = await mktClient.json("/api/user/marketing", {
      nombre: "Marta",
      apellidos: "Mercado",
      cargo: CARGO,
      ...companyFields,
      empresaWeb: "https://ejemplo.es",
      empresa: `Marketing Propio ${Date.now()}`,
    });
    expect(created.status).toBe(200);
    const empresaId = (await created.json()).user.empresa.id;
    expect(await roleOf(mkt.id)).toBe("admin");
    const poster = await empleoAccount();
    expect((await join(poster.client, empresaId)).status).toBe(202);
    expect(await (await mktClient.get("/api/user/empresa/solicitudes")).json()).toHaveLength(1);
    expect((await mktClient.json("/api/user", { password: mkt.password }, "DELETE")).status).toBe(204);
    expect((await join(poster.client, empresaId)).status).toBe(422);
    expect((await poster.client.get("/api/empleo/panel/ofertas")).status).toBe(403);
  });

  it("lets a member come back to their own company at once", async () => {
    const { user, empresa, delegacion } = await createEmpleoUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    expect((await client.fetch("/api/user/delegacion", { method: "DELETE" })).status).toBe(200);
    const back = await join(client, empresa.id);
    expect(back.status).toBe(200);
    const body = await back.json();
    expect(body.redirect).toBe("/app/empleo/panel");
    expect(body.user.empresa.id).toBe(empresa.id);
    // Its only delegation went with DELETE /api/user/delegacion; the company step can add one.
    expect(delegacion).toBeDefined();
    expect(body.user.empresa.delegacion).toBeNull();
  });
});

describe("migration 0007", () => {
  it("backfills owners as administrators and other linked accounts as members", async () => {
    const { empresa } = await createEmpleoUser(server.ctx.db);
    const poster = await createUser(server.ctx.db, { type: "empleo" });
    const web = await createUser(server.ctx.db, { type: "web" });
    // Accounts linked the old way (users.empresa_id only), as before the migration.
    await server.ctx.db.update(users).set({ empresaId: empresa.id }).where(sql`${users.id} IN (${poster.id}, ${web.id})`);
    await server.ctx.db.delete(companyMembers).where(eq(companyMembers.empresaId, empresa.id));
    const file = fs.readFileSync(path.resolve("server/db/migrations/0009_accounts_company_members.sql"), "utf8");
    const backfill = file.split("--> statement-breakpoint").find((statement) => statement.includes('INSERT INTO "company_members"'));
    expect(backfill).toBeDefined();
    await server.ctx.db.execute(sql.raw(backfill ?? ""));
    const rows = await server.ctx.db
      .select({ userId: companyMembers.userId, role: companyMembers.role })
      .from(companyMembers)
      .where(and(eq(companyMembers.empresaId, empresa.id)));
    expect(rows).toEqual(
      expect.arrayContaining([
        { userId: poster.id, role: "admin" },
        { userId: web.id, role: "member" },
      ]),
    );
  });
});
