import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  PRO_VERIFICATION_RULES,
  PROFESSIONS,
  type Profession,
  type ProVerificationDecision,
  type ProVerificationRequest,
  type ProVerificationStatus,
  REJECTION_REASONS,
  type RejectionReason,
} from "#common/accounts/professional-verification";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { qualifiedColumn } from "#server/db/qualified-column";
import { professionalVerifications, users } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError } from "#server/platform/errors";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { type FileKind, IMAGE_KINDS } from "#server/platform/storage";
import { estadoBelongsToPais, findEstadoById } from "#server/reference";
import { assertCan } from "./guards";
import { verificationDecidedEmail, verificationExpiringEmail } from "./professional-emails";
import type { SessionUser } from "./session";

/** The folder of the proofs (a colegiado card or certificate): read only by moderators, deleted once decided. */
export const PROOFS_FOLDER = "proofs";
const PROOF_KINDS: FileKind[] = ["pdf", ...IMAGE_KINDS];
const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = "No hemos encontrado esta solicitud de verificación.";
const NOT_PENDING = "Esta solicitud ya está decidida.";
const pv = professionalVerifications;

/**
 * "Is this user a verified professional now": an approved request still valid. The one rule every
 * area uses (the gate, the badge in profiles, chat and visits, the chat's request filter).
 */
export const verifiedProfessionalSql = (userId: AnyPgColumn | SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from professional_verifications pv_now where pv_now.user_id = ${qualifiedColumn(userId)} and pv_now.status = 'aprobada' and pv_now.valid_until > now())`;

export async function isVerifiedProfessional(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pv.id })
    .from(pv)
    .where(and(eq(pv.userId, userId), eq(pv.status, "aprobada"), gt(pv.validUntil, sql`now()`)))
    .limit(1);
  return Boolean(row);
}

export type ProVerificationState = "sin_solicitud" | "pendiente" | "verificado" | "rechazada" | "caducada";

export type MyProVerification = {
  state: ProVerificationState;
  /** Valid until (verified), or until when it was valid (expired). */
  validUntil: string | null;
  /** A new request is accepted: none open, and not verified beyond the renewal month. */
  canRequest: boolean;
  last: {
    profession: Profession;
    professionLabel: string;
    colegio: string;
    collegiateNumber: string;
    provincia: string;
    status: ProVerificationStatus;
    rejectionReason: RejectionReason | null;
    rejectionText: string | null;
    createdAt: string;
    decidedAt: string | null;
  } | null;
};

/** The user's own state, as Mi cuenta › Profesional shows it (the latest request and the current verification). */
export async function getMyProVerification(ctx: Pick<AppContext, "db">, user: SessionUser): Promise<MyProVerification> {
  const rows = await ctx.db.select().from(pv).where(eq(pv.userId, user.id)).orderBy(desc(pv.createdAt), desc(pv.id)).limit(20);
  const now = Date.now();
  const latest = rows[0];
  const approved = rows.find((row) => row.status === "aprobada" && row.validUntil);
  const valid = approved?.validUntil && approved.validUntil.getTime() > now ? approved : undefined;
  const pending = rows.some((row) => row.status === "pendiente");
  let state: ProVerificationState = "sin_solicitud";
  if (pending) state = "pendiente";
  else if (valid) state = "verificado";
  else if (latest?.status === "rechazada") state = "rechazada";
  else if (approved) state = "caducada";
  const renewalOpen = !valid?.validUntil || valid.validUntil.getTime() - now <= PRO_VERIFICATION_RULES.reminderDays * DAY_MS;
  return {
    state,
    validUntil: (valid ?? approved)?.validUntil?.toISOString() ?? null,
    canRequest: !pending && renewalOpen,
    last: latest
      ? {
          profession: latest.profession,
          professionLabel: PROFESSIONS[latest.profession]?.label ?? latest.profession,
          colegio: PROFESSIONS[latest.profession]?.colegio ?? "",
          collegiateNumber: latest.collegiateNumber,
          provincia: findEstadoById(latest.estadoId)?.nombre ?? "",
          status: latest.status,
          rejectionReason: latest.rejectionReason,
          rejectionText: latest.rejectionText,
          createdAt: latest.createdAt.toISOString(),
          decidedAt: latest.decidedAt?.toISOString() ?? null,
        }
      : null,
  };
}

const proofError = (message: string) => new AppError("VALIDATION", message, { fieldErrors: { justificante: [message] } });

/**
 * Asks to be verified: one open request at a time; a verified user may renew only in the last
 * month. The proof is checked by its content (PDF structure; images decoded and re-encoded).
 */
export async function requestProVerification(
  ctx: AppContext,
  user: SessionUser,
  input: ProVerificationRequest,
  proof: unknown,
): Promise<MyProVerification> {
  const current = await getMyProVerification(ctx, user);
  if (current.state === "pendiente")
    throw new AppError("CONFLICT", "Ya tienes una solicitud pendiente: te avisaremos cuando la revisemos.");
  if (!current.canRequest) throw new AppError("CONFLICT", "Ya estás verificado: podrás renovarlo el último mes antes de que caduque.");
  if (!estadoBelongsToPais(input.estado_id, DEFAULT_COUNTRY_ID))
    throw new AppError("VALIDATION", "Elige la provincia de tu colegio.", {
      fieldErrors: { estado_id: ["Elige la provincia de tu colegio."] },
    });
  if (!(proof instanceof Blob) || proof.size === 0) throw proofError("Adjunta tu carné de colegiado o un certificado (PDF o imagen).");
  await enforceRateLimit(ctx.db, "professionalVerificationRequest", String(user.id));
  const stored = await ctx.storage
    .save(PROOFS_FOLDER, proof, { allowed: PROOF_KINDS, maxBytes: PRO_VERIFICATION_RULES.maxProofBytes, label: "justificante" })
    .catch((error: unknown) => {
      if (error instanceof AppError && error.status < 500) throw proofError(error.message);
      throw error;
    });
  const [row] = await ctx.db
    .insert(pv)
    .values({
      userId: user.id,
      profession: input.profesion,
      collegiateNumber: input.num_colegiado.toUpperCase(),
      estadoId: input.estado_id,
      proofKey: stored.key,
    })
    .onConflictDoNothing()
    .returning({ id: pv.id });
  if (!row) {
    await ctx.storage.remove(stored.key).catch(() => {});
    throw new AppError("CONFLICT", "Ya tienes una solicitud pendiente: te avisaremos cuando la revisemos.");
  }
  return getMyProVerification(ctx, user);
}

export type ProVerificationQueueItem = {
  id: number;
  userId: number;
  email: string;
  nombre: string;
  profession: Profession;
  professionLabel: string;
  colegio: string;
  collegiateNumber: string;
  provincia: string;
  createdAt: string;
  hasProof: boolean;
  /** The user's own request: a moderator never decides it. */
  own: boolean;
};

/** The moderators' queue: pending requests, oldest first. */
export async function listProVerificationQueue(
  ctx: Pick<AppContext, "db">,
  actor: SessionUser | null,
): Promise<ProVerificationQueueItem[]> {
  const moderator = assertCan(actor, "moderation");
  const rows = await ctx.db
    .select({
      id: pv.id,
      userId: pv.userId,
      email: users.email,
      nombre: sql<string>`trim(coalesce(${users.nombre}, '') || ' ' || coalesce(${users.apellidos}, ''))`,
      profession: pv.profession,
      collegiateNumber: pv.collegiateNumber,
      estadoId: pv.estadoId,
      createdAt: pv.createdAt,
      proofKey: pv.proofKey,
    })
    .from(pv)
    .innerJoin(users, eq(users.id, pv.userId))
    .where(eq(pv.status, "pendiente"))
    .orderBy(asc(pv.createdAt), asc(pv.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    email: row.email,
    nombre: row.nombre,
    profession: row.profession,
    professionLabel: PROFESSIONS[row.profession]?.label ?? row.profession,
    colegio: PROFESSIONS[row.profession]?.colegio ?? "",
    collegiateNumber: row.collegiateNumber,
    provincia: findEstadoById(row.estadoId)?.nombre ?? "",
    createdAt: row.createdAt.toISOString(),
    hasProof: Boolean(row.proofKey),
    own: row.userId === moderator.id,
  }));
}

/** The proof of a pending request, for moderators only; gone once decided. */
export async function readProVerificationProof(ctx: AppContext, actor: SessionUser | null, id: number) {
  assertCan(actor, "moderation");
  const [row] = await ctx.db.select({ key: pv.proofKey }).from(pv).where(eq(pv.id, id));
  if (!row?.key) throw new AppError("NOT_FOUND", "El justificante no existe o ya se ha borrado.");
  const file = await ctx.storage.read(row.key);
  return { ...file, filename: `justificante-${id}.${row.key.split(".").pop()}` };
}

/**
 * A moderator approves (valid for a year) or rejects (a reason and an optional text) a pending
 * request; never their own. Audited in the same transaction; the user is told; the proof file is
 * deleted after the commit (only the outcome, the reviewer and the date stay).
 */
export async function decideProVerification(
  ctx: AppContext,
  actor: SessionUser | null,
  id: number,
  decision: ProVerificationDecision,
): Promise<void> {
  const moderator = assertCan(actor, "moderation");
  const [found] = await ctx.db.select().from(pv).where(eq(pv.id, id));
  if (!found) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (found.userId === moderator.id) throw new AppError("FORBIDDEN", "No puedes decidir sobre tu propia solicitud de verificación.");
  if (found.status !== "pendiente") throw new AppError("CONFLICT", NOT_PENDING);
  const decidedAt = new Date();
  const approved = decision.decision === "aprobar";
  const validUntil = approved ? new Date(decidedAt.getTime() + PRO_VERIFICATION_RULES.validDays * DAY_MS) : null;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(pv)
      .set({
        status: approved ? "aprobada" : "rechazada",
        rejectionReason: approved ? null : decision.motivo,
        rejectionText: approved ? null : (decision.comentario ?? null),
        reviewerId: moderator.id,
        decidedAt,
        validUntil,
        proofKey: null,
        updatedAt: decidedAt,
      })
      .where(and(eq(pv.id, id), eq(pv.status, "pendiente")))
      .returning({ id: pv.id });
    if (!row) throw new AppError("CONFLICT", NOT_PENDING);
    await recordAudit(tx, {
      actor: { id: moderator.id, email: moderator.email },
      action: approved ? "professional.approve" : "professional.reject",
      subjectType: "professional_verification",
      subjectId: id,
      before: { status: "pendiente", user_id: found.userId },
      after: approved
        ? { status: "aprobada", valid_until: validUntil }
        : { status: "rechazada", reason: decision.motivo, text: decision.comentario ?? null },
    });
    await onVerificationDecided(ctx, tx, found.userId, decision, validUntil);
  });
  if (found.proofKey) await ctx.storage.remove(found.proofKey).catch((err: unknown) => ctx.logger.warn({ err }, "proof removal failed"));
}

/** Tells the user about the decision: a notification, and the e-mail unless they turned it off. */
async function onVerificationDecided(ctx: AppContext, tx: Db, userId: number, decision: ProVerificationDecision, validUntil: Date | null) {
  const [user] = await tx.select({ email: users.email, nombre: users.nombre }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const mail =
    decision.decision === "aprobar"
      ? verificationDecidedEmail(ctx.config, { to: user.email, nombre: user.nombre, decision: "aprobada", validUntil: validUntil as Date })
      : verificationDecidedEmail(ctx.config, {
          to: user.email,
          nombre: user.nombre,
          decision: "rechazada",
          reason: decision.motivo,
          text: decision.comentario ?? null,
        });
  const text =
    decision.decision === "aprobar"
      ? "Hemos verificado que eres profesional sanitario."
      : `No hemos podido verificar que eres profesional sanitario. Motivo: ${REJECTION_REASONS[decision.motivo]}.`;
  const { email } = await ctx.accountHooks.notify(ctx, tx, {
    userId,
    kind: "professional_verification",
    text,
    link: pathTo("cuenta-profesional"),
  });
  if (email) await ctx.mailer.enqueue(mail, tx);
}

/**
 * The reminder a month before a verification ends, once per verification, unless the user already
 * asked to renew (an open or newer approved request). Run by the scheduler; returns how many were sent.
 */
export async function remindExpiringVerifications(ctx: AppContext, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + PRO_VERIFICATION_RULES.reminderDays * DAY_MS);
  const newer = sql`exists (select 1 from ${pv} as later where later.user_id = ${pv.userId} and later.id > ${pv.id} and later.status in ('pendiente', 'aprobada'))`;
  const due = await ctx.db
    .select({ id: pv.id, userId: pv.userId, validUntil: pv.validUntil, email: users.email, nombre: users.nombre })
    .from(pv)
    .innerJoin(users, eq(users.id, pv.userId))
    .where(
      and(
        eq(pv.status, "aprobada"),
        isNull(pv.reminderSentAt),
        isNotNull(pv.validUntil),
        gt(pv.validUntil, now),
        lte(pv.validUntil, horizon),
        sql`not ${newer}`,
      ),
    )
    .limit(500);
  for (const row of due) {
    await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(pv)
        .set({ reminderSentAt: now })
        .where(and(eq(pv.id, row.id), isNull(pv.reminderSentAt)))
        .returning({ id: pv.id });
      if (claimed)
        await ctx.mailer.enqueue(
          verificationExpiringEmail(ctx.config, { to: row.email, nombre: row.nombre, validUntil: row.validUntil as Date }),
          tx,
        );
    });
  }
  return due.length;
}

/** The proof files still referred to (folder "proofs"): the owners for the orphan sweep. */
export const proofKeysInUse = async (db: Db, keys: string[]) => {
  const rows = await db.select({ key: pv.proofKey }).from(pv).where(inArray(pv.proofKey, keys));
  return new Set(rows.map((row) => row.key).filter((key): key is string => Boolean(key)));
};

/** What the data export holds of the user's requests (the colegiado number is the user's own data). */
export async function exportProVerifications(db: Db, userId: number) {
  return db
    .select({
      profession: pv.profession,
      collegiate_number: pv.collegiateNumber,
      estado_id: pv.estadoId,
      status: pv.status,
      rejection_reason: pv.rejectionReason,
      rejection_text: pv.rejectionText,
      decided_at: pv.decidedAt,
      valid_until: pv.validUntil,
      created_at: pv.createdAt,
      proof_on_file: sql<boolean>`${pv.proofKey} is not null`,
    })
    .from(pv)
    .where(eq(pv.userId, userId))
    .orderBy(asc(pv.id));
}
