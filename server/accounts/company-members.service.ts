import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import {
  type CompanyRole,
  companyJoinRequests,
  companyMembers,
  delegaciones,
  empresas,
  ofertas,
  userRoles,
  users,
} from "#server/db/schema";
import { AppError, validationError } from "#server/platform/errors";
import { joinDecisionEmail, joinRequestEmail } from "./company-emails";

/**
 * Company membership (decision 0017). company_members says who belongs to which company and who
 * administers it; nothing joins an existing company without an administrator's consent, and a
 * company left without administrators cannot be claimed by self-service.
 */

export type Membership = { empresaId: number; role: CompanyRole };

export async function membershipOf(db: Db, userId: number): Promise<Membership | null> {
  const [row] = await db
    .select({ empresaId: companyMembers.empresaId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return row ?? null;
}

/** Makes the user a member of empresaId (leaving any other company first) and points users.empresa_id at it. */
export async function addMember(db: Db, empresaId: number, userId: number, role: CompanyRole, delegacionId?: number | null) {
  const current = await membershipOf(db, userId);
  if (current && current.empresaId !== empresaId) await leaveCompany(db, userId);
  await db
    .insert(companyMembers)
    .values({ empresaId, userId, role })
    .onConflictDoUpdate({ target: [companyMembers.empresaId, companyMembers.userId], set: { role } });
  const values: Partial<typeof users.$inferInsert> = { empresaId, updatedAt: new Date() };
  if (delegacionId !== undefined) values.delegacionId = delegacionId;
  await db.update(users).set(values).where(eq(users.id, userId));
}

/**
 * Takes the user out of their company. The company, its offers and its applications stay with it.
 * When the last administrator leaves, the longest-standing member takes over; when nobody is left,
 * the company's published offers close (no one could read new applications) and the company waits,
 * unclaimable, for the platform's staff (decision 0017).
 */
export async function leaveCompany(db: Db, userId: number): Promise<void> {
  const current = await membershipOf(db, userId);
  if (!current) return;
  const { empresaId } = current;
  await db.delete(companyMembers).where(and(eq(companyMembers.empresaId, empresaId), eq(companyMembers.userId, userId)));
  await db.delete(companyJoinRequests).where(and(eq(companyJoinRequests.userId, userId), eq(companyJoinRequests.status, "pending")));
  await db.update(users).set({ empresaId: null, delegacionId: null, updatedAt: new Date() }).where(eq(users.id, userId));
  const [admin] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.empresaId, empresaId), eq(companyMembers.role, "admin")))
    .limit(1);
  if (admin) return;
  const [successor] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.empresaId, empresaId))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.userId))
    .limit(1);
  if (successor) {
    await db
      .update(companyMembers)
      .set({ role: "admin" })
      .where(and(eq(companyMembers.empresaId, empresaId), eq(companyMembers.userId, successor.userId)));
    return;
  }
  const now = new Date();
  await db
    .update(ofertas)
    .set({ status: "cerrada", closedAt: now, updatedAt: now })
    .where(and(eq(ofertas.empresaId, empresaId), eq(ofertas.status, "publicada")));
  // Nobody may answer requests any more: they are declined rather than left hanging.
  await db
    .update(companyJoinRequests)
    .set({ status: "declined", decidedAt: now })
    .where(and(eq(companyJoinRequests.empresaId, empresaId), eq(companyJoinRequests.status, "pending")));
}

export const JOIN_REQUESTED_MESSAGE =
  "Hemos enviado tu solicitud a los administradores de la empresa. Te avisaremos por correo cuando la revisen; mientras tanto puedes registrar otra empresa.";
const NO_ADMIN_MESSAGE =
  "Esta empresa no tiene ningún administrador que pueda aprobar tu solicitud, así que no es posible unirse a ella. Registra tu empresa con sus datos o escríbenos desde el formulario de contacto.";

/**
 * The company step's "join this company". Members rejoin at once; anyone else asks the company's
 * administrators, who are told by e-mail. Returns whether the user is now in the company.
 */
export async function requestToJoin(ctx: AppContext, userId: number, empresaId: number): Promise<"joined" | "requested"> {
  return ctx.db.transaction(async (tx) => {
    const [empresa] = await tx.select({ id: empresas.id, nombre: empresas.nombre }).from(empresas).where(eq(empresas.id, empresaId));
    if (!empresa) throw validationError({ empresa: ["La empresa elegida no existe"] });
    const current = await membershipOf(tx, userId);
    if (current?.empresaId === empresaId) {
      const [first] = await tx
        .select({ id: delegaciones.id })
        .from(delegaciones)
        .where(eq(delegaciones.empresaId, empresaId))
        .orderBy(asc(delegaciones.id))
        .limit(1);
      const [user] = await tx.select({ delegacionId: users.delegacionId }).from(users).where(eq(users.id, userId));
      await addMember(tx, empresaId, userId, current.role, user?.delegacionId ?? first?.id ?? null);
      return "joined";
    }
    const admins = await companyAdmins(tx, empresaId);
    if (admins.length === 0) throw validationError({ empresa: [NO_ADMIN_MESSAGE] }, NO_ADMIN_MESSAGE);
    const [created] = await tx
      .insert(companyJoinRequests)
      .values({ empresaId, userId })
      .onConflictDoNothing()
      .returning({ id: companyJoinRequests.id });
    if (created) {
      const [requester] = await tx
        .select({ nombre: users.nombre, apellidos: users.apellidos, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      const name = [requester?.nombre, requester?.apellidos].filter(Boolean).join(" ") || (requester?.email ?? "");
      for (const admin of admins) await ctx.mailer.enqueue(joinRequestEmail(ctx.config, admin, empresa.nombre, name), tx);
    }
    return "requested";
  });
}

async function companyAdmins(db: Db, empresaId: number) {
  return db
    .select({
      email: users.email,
      nombre: users.nombre,
      panel: sql<boolean>`EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id} AND ${userRoles.role} = 'administrador_empleo')`,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.empresaId, empresaId), eq(companyMembers.role, "admin")));
}

export type JoinRequestView = { id: number; nombre: string; email: string; created_at: string };

async function requireAdmin(db: Db, userId: number): Promise<number> {
  const membership = await membershipOf(db, userId);
  if (membership?.role !== "admin")
    throw new AppError("FORBIDDEN", "Solo los administradores de la empresa pueden gestionar las solicitudes.");
  return membership.empresaId;
}

/** Pending requests to join the actor's company; empty for anyone who does not administer one. */
export async function listJoinRequests(ctx: AppContext, actorId: number): Promise<JoinRequestView[]> {
  const membership = await membershipOf(ctx.db, actorId);
  if (membership?.role !== "admin") return [];
  const rows = await ctx.db
    .select({
      id: companyJoinRequests.id,
      nombre: users.nombre,
      apellidos: users.apellidos,
      email: users.email,
      createdAt: companyJoinRequests.createdAt,
    })
    .from(companyJoinRequests)
    .innerJoin(users, eq(users.id, companyJoinRequests.userId))
    .where(and(eq(companyJoinRequests.empresaId, membership.empresaId), eq(companyJoinRequests.status, "pending")))
    .orderBy(desc(companyJoinRequests.createdAt));
  return rows.map((row) => ({
    id: row.id,
    nombre: [row.nombre, row.apellidos].filter(Boolean).join(" ") || row.email,
    email: row.email,
    created_at: new Date(row.createdAt).toISOString(),
  }));
}

/** An administrator approves (the requester joins as a member) or declines a pending request. */
export async function decideJoinRequest(ctx: AppContext, actorId: number, requestId: number, approve: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const empresaId = await requireAdmin(tx, actorId);
    const [request] = Number.isSafeInteger(requestId)
      ? await tx
          .select()
          .from(companyJoinRequests)
          .where(
            and(
              eq(companyJoinRequests.id, requestId),
              eq(companyJoinRequests.empresaId, empresaId),
              eq(companyJoinRequests.status, "pending"),
            ),
          )
          .for("update")
      : [];
    if (!request) throw new AppError("NOT_FOUND", "Solicitud no encontrada.");
    const now = new Date();
    await tx
      .update(companyJoinRequests)
      .set({ status: approve ? "approved" : "declined", decidedAt: now, decidedBy: actorId })
      .where(eq(companyJoinRequests.id, requestId));
    if (approve) {
      const [first] = await tx
        .select({ id: delegaciones.id })
        .from(delegaciones)
        .where(eq(delegaciones.empresaId, empresaId))
        .orderBy(asc(delegaciones.id))
        .limit(1);
      await addMember(tx, empresaId, request.userId, "member", first?.id ?? null);
      // Any other pending request of the same person is moot now.
      await tx
        .delete(companyJoinRequests)
        .where(
          and(
            eq(companyJoinRequests.userId, request.userId),
            eq(companyJoinRequests.status, "pending"),
            ne(companyJoinRequests.id, requestId),
          ),
        );
    }
    const [requester] = await tx.select({ email: users.email, nombre: users.nombre }).from(users).where(eq(users.id, request.userId));
    const [empresa] = await tx.select({ nombre: empresas.nombre }).from(empresas).where(eq(empresas.id, empresaId));
    if (requester && empresa) await ctx.mailer.enqueue(joinDecisionEmail(ctx.config, requester, empresa.nombre, approve), tx);
  });
}

export type CompanyOverview = {
  empresa: { id: number; nombre: string } | null;
  role: CompanyRole | null;
  members: { id: number; nombre: string; role: CompanyRole; since: string }[];
  requests: JoinRequestView[];
};

/** The user area's "Mi empresa": the company, the user's role, and for administrators its members and requests. */
export async function companyOverview(ctx: AppContext, userId: number): Promise<CompanyOverview> {
  const membership = await membershipOf(ctx.db, userId);
  if (!membership) return { empresa: null, role: null, members: [], requests: [] };
  const [empresa] = await ctx.db
    .select({ id: empresas.id, nombre: empresas.nombre })
    .from(empresas)
    .where(eq(empresas.id, membership.empresaId));
  const rows = await ctx.db
    .select({
      id: users.id,
      nombre: users.nombre,
      apellidos: users.apellidos,
      role: companyMembers.role,
      createdAt: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.empresaId, membership.empresaId))
    .orderBy(asc(companyMembers.createdAt));
  return {
    empresa: empresa ?? null,
    role: membership.role,
    members: rows.map((row) => ({
      id: row.id,
      nombre: [row.nombre, row.apellidos].filter(Boolean).join(" ") || "Sin nombre",
      role: row.role,
      since: new Date(row.createdAt).toISOString(),
    })),
    requests: membership.role === "admin" ? await listJoinRequests(ctx, userId) : [],
  };
}
