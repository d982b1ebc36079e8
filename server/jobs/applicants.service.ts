import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isId } from "#common/ids";
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  type CandidateProfile,
  canTransition,
  type RequirementsFilter,
  STATUSES_WITH_MESSAGE,
} from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { SessionUser } from "#server/accounts";
import { conversationIdsWith, startConversation } from "#server/chat";
import type { AppContext } from "#server/context";
import { candidatoPerfiles, candidaturaEventos, candidaturas, empresas, ofertas, users } from "#server/db/schema";
import { notify } from "#server/notifications";
import { AppError } from "#server/platform/errors";
import { findCargoById, findPaisById } from "#server/reference";
import { toProfile } from "./candidate-profile.service";
import { applicationStatusEmail } from "./emails";
import { type OfferFigures, offerFiguresOf } from "./offer-figures.service";
import { turnDownTheOthersIfFilled } from "./offer-filled";
import { manageableOffer, tallyOf, toPanelOffer } from "./panel.service";
import { companyToManage } from "./policy";
import type { ApplicantView, PanelOffer } from "./types";

// The employer's side of applications: the applicants of the company's own offers, their states
// (up to «Contratada» or «Descartada»), whether they were opened, and the company's private note.

const applicationNotFound = () => new AppError("NOT_FOUND", "Candidatura no encontrada.");

const applicantColumns = {
  id: candidaturas.id,
  status: candidaturas.estado,
  creadaEn: candidaturas.createdAt,
  vistaEn: candidaturas.vistaEn,
  carta: candidaturas.carta,
  cvNombre: candidaturas.cvNombre,
  respuestas: candidaturas.respuestas,
  cumpleRequisitos: candidaturas.cumpleRequisitos,
  nota: candidaturas.nota,
  valoracion: candidaturas.valoracion,
  userId: users.id,
  nombre: users.nombre,
  apellidos: users.apellidos,
  email: users.email,
  paisId: users.paisId,
  cargoId: users.cargoId,
  cargoTexto: users.cargoTexto,
};

type Nullable = "nombre" | "apellidos" | "cargoId" | "cargoTexto" | "vistaEn" | "valoracion";
type ApplicantRow = Omit<{ [K in keyof typeof applicantColumns]: (typeof applicantColumns)[K]["_"]["data"] }, Nullable> & {
  nombre: string | null;
  apellidos: string | null;
  cargoId: number | null;
  cargoTexto: string | null;
  vistaEn: Date | null;
  valoracion: number | null;
};

function toApplicant(row: ApplicantRow): ApplicantView {
  const pais = findPaisById(row.paisId);
  return {
    id: row.id,
    status: row.status,
    creadaEn: new Date(row.creadaEn).toISOString(),
    vistaEn: row.vistaEn ? new Date(row.vistaEn).toISOString() : null,
    carta: row.carta,
    candidato: {
      id: row.userId,
      nombre: row.nombre,
      apellidos: row.apellidos,
      email: row.email,
      pais: pais ? { id: pais.id, nombre: pais.nombre } : null,
      cargo: (row.cargoId ? findCargoById(row.cargoId)?.nombre : undefined) ?? row.cargoTexto ?? null,
    },
    cvNombre: row.cvNombre,
    respuestas: row.respuestas,
    cumpleRequisitos: row.cumpleRequisitos,
    nota: row.nota,
    valoracion: row.valoracion,
  };
}

/** Applicants a page of the panel or the API shows at once (each whole: letter, answers, note). */
export const APPLICANTS_PAGE_SIZE = 50;

/**
 * One page of an offer's applicants (the API), oldest first, after the applicant `after` (the
 * previous page's last; a keyset, so a new application never shifts a page), with the count of them
 * all; `requisitos` keeps only those who meet the knock-out questions ("cumple") or only those who
 * do not. Answering 2,000 applicants whole at once took a 21 MB page and more than a 128 MB heap
 * (decisions 0103, 0114). With `markSeen` (the default) the page's unopened ones become seen: the
 * panel stops counting them «sin revisar» and their candidates read «Vista por la empresa».
 */
export async function listApplicantsPage(
  ctx: AppContext,
  user: SessionUser,
  offerId: number,
  options: { requisitos?: RequirementsFilter; after?: number; markSeen?: boolean } = {},
): Promise<{ items: ApplicantView[]; total: number; nextCursor: string | null }> {
  await manageableOffer(ctx.db, user, offerId);
  const [items, [counted]] = await Promise.all([
    selectApplicants(ctx, offerId, { requisitos: options.requisitos, after: options.after, limit: APPLICANTS_PAGE_SIZE + 1 }),
    ctx.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(candidaturas)
      .where(and(eq(candidaturas.ofertaId, offerId), requirementsSql(options.requisitos))),
  ]);
  const { page, nextCursor } = pageOf(items);
  if (options.markSeen !== false) await markPageSeen(ctx, page);
  return { items: page, total: counted?.n ?? 0, nextCursor };
}

export type PanelApplicant = ApplicantView & { perfil: CandidateProfile | null; conversationId: number | null };

/**
 * The employer's applicants page (issue 33: a page in a handful of queries, not 20): the offer with
 * the membership check (one query), then its tally, a page of applicants with their profiles and
 * the first page's figures side by side, then the recruiter's conversations with them and marking
 * the page seen (the page shows each application whole, issue 28). Each applicant's profile is
 * shown whether or not it is open to offers (decision 0109); an anonymised application has none.
 */
export async function applicantsPanelPage(
  ctx: AppContext,
  user: SessionUser,
  offerId: number,
  options: { requisitos?: RequirementsFilter; after?: number } = {},
): Promise<{ offer: PanelOffer; figures: OfferFigures | null; items: PanelApplicant[]; total: number; nextCursor: string | null }> {
  const row = await manageableOffer(ctx.db, user, offerId);
  const [tally, items, figures] = await Promise.all([
    tallyOf(ctx.db, row.id),
    selectApplicants(ctx, row.id, { ...options, limit: APPLICANTS_PAGE_SIZE + 1, withProfiles: true }),
    // The offer's figures head the first page only (decision 0111).
    options.after ? null : offerFiguresOf(ctx.db, row.id),
  ]);
  const { page, nextCursor } = pageOf(items);
  const [conversations, seen] = await Promise.all([applicantConversations(ctx, user, page), markPageSeen(ctx, page)]);
  // The tally was read before this page was marked seen.
  tally.counts.sin_revisar = Math.max(0, tally.counts.sin_revisar - seen.filter((a) => a.status === "recibida").length);
  return {
    offer: toPanelOffer(row, tally.counts, user.timeZone),
    figures,
    items: page.map((applicant) => ({
      ...applicant,
      perfil: applicant.perfil ?? null,
      conversationId: conversations[applicant.id] ?? null,
    })),
    total: options.requisitos ? tally.requisitos[options.requisitos] : tally.counts.total,
    nextCursor,
  };
}

/** A page of APPLICANTS_PAGE_SIZE out of one more read to know whether more follow. */
function pageOf<T extends { id: number }>(items: T[]) {
  const page = items.slice(0, APPLICANTS_PAGE_SIZE);
  return { page, nextCursor: items.length > APPLICANTS_PAGE_SIZE ? String(page.at(-1)?.id) : null };
}

/** Marks the page's unopened applications seen (only those it shows); returns those it marked. */
async function markPageSeen<T extends ApplicantView>(ctx: AppContext, page: T[]): Promise<T[]> {
  const unseen = page.filter((row) => !row.vistaEn);
  if (!unseen.length) return unseen;
  const now = new Date();
  await markSeen(
    ctx,
    unseen.map((row) => row.id),
    now,
  );
  for (const row of unseen) row.vistaEn = now.toISOString();
  return unseen;
}

const requirementsSql = (requisitos?: RequirementsFilter) =>
  requisitos ? eq(candidaturas.cumpleRequisitos, requisitos === "cumple") : undefined;

async function selectApplicants(
  ctx: AppContext,
  offerId: number,
  filter: { requisitos?: RequirementsFilter; after?: number; limit: number; withProfiles?: boolean },
): Promise<Array<ApplicantView & { perfil?: CandidateProfile | null }>> {
  // The cursor is looked up within the offer: another offer's application id (or a made-up one) starts over.
  const [anchor] =
    filter.after && isId(filter.after)
      ? await ctx.db
          .select({ createdAt: candidaturas.createdAt, id: candidaturas.id })
          .from(candidaturas)
          .where(and(eq(candidaturas.id, filter.after), eq(candidaturas.ofertaId, offerId)))
      : [];
  const after = anchor
    ? sql`(${candidaturas.createdAt}, ${candidaturas.id}) > (${new Date(anchor.createdAt).toISOString()}::timestamptz, ${anchor.id})`
    : undefined;
  const where = and(eq(candidaturas.ofertaId, offerId), requirementsSql(filter.requisitos), after);
  const order = [candidaturas.createdAt, candidaturas.id];
  if (!filter.withProfiles) {
    const rows = await ctx.db
      .select(applicantColumns)
      .from(candidaturas)
      .innerJoin(users, eq(users.id, candidaturas.userId))
      .where(where)
      .orderBy(...order)
      .limit(filter.limit);
    return (rows as ApplicantRow[]).map(toApplicant);
  }
  // An anonymised application (retention over) no longer says who sent it: no profile beside it.
  const rows = await ctx.db
    .select({ ...applicantColumns, perfil: candidatoPerfiles })
    .from(candidaturas)
    .innerJoin(users, eq(users.id, candidaturas.userId))
    .leftJoin(candidatoPerfiles, and(eq(candidatoPerfiles.userId, candidaturas.userId), isNull(candidaturas.anonymisedAt)))
    .where(where)
    .orderBy(...order)
    .limit(filter.limit);
  return rows.map(({ perfil, ...row }) => ({ ...toApplicant(row as ApplicantRow), perfil: perfil ? toProfile(perfil) : null }));
}

async function markSeen(ctx: AppContext, ids: number[], now: Date) {
  await ctx.db
    .update(candidaturas)
    .set({ vistaEn: now })
    .where(and(inArray(candidaturas.id, ids), isNull(candidaturas.vistaEn)));
}

/** An application of one of the company's offers, or 404. */
async function ownApplication(ctx: AppContext, empresaId: number, applicationId: number) {
  if (!isId(applicationId)) throw applicationNotFound();
  const [row] = await ctx.db
    .select({
      ...applicantColumns,
      cvKey: candidaturas.cvKey,
      ofertaId: ofertas.id,
      titulo: ofertas.titulo,
      vacantes: ofertas.vacantes,
      ofertaStatus: ofertas.status,
      empresaNombre: empresas.nombre,
    })
    .from(candidaturas)
    .innerJoin(ofertas, eq(ofertas.id, candidaturas.ofertaId))
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .innerJoin(users, eq(users.id, candidaturas.userId))
    .where(and(eq(candidaturas.id, applicationId), eq(ofertas.empresaId, empresaId)));
  if (!row) throw applicationNotFound();
  return row;
}

/**
 * Moves an application along APPLICATION_TRANSITIONS, with an optional message to the candidate for
 * «Contratada» and «Descartada». The candidate's e-mail is queued in the same transaction. When the
 * hires reach the offer's vacancies the offer is filled: it closes, and every applicant still in the
 * process is turned down and told so (decision 0076).
 */
export async function changeApplicationStatus(
  ctx: AppContext,
  user: SessionUser,
  applicationId: number,
  status: ApplicationStatus,
  mensaje?: string | null,
): Promise<ApplicantView> {
  const empresaId = await companyToManage(ctx.db, user);
  const current = await ownApplication(ctx, empresaId, applicationId);
  if (current.status === status) return toApplicant(current as ApplicantRow);
  if (!canTransition(current.status, status)) {
    throw new AppError(
      "CONFLICT",
      `No se puede pasar una candidatura de «${APPLICATION_STATUS_LABELS[current.status]}» a «${APPLICATION_STATUS_LABELS[status]}».`,
    );
  }
  const message = STATUSES_WITH_MESSAGE.includes(status) ? mensaje?.trim() || null : null;
  const offer = { titulo: current.titulo, empresa: current.empresaNombre };
  const told: Array<{ userId: number; id: number }> = [];
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    // The WHERE on the old state makes two simultaneous changes safe: the second finds nothing.
    const changed = await tx
      .update(candidaturas)
      .set({ estado: status, updatedAt: now, vistaEn: current.vistaEn ?? now })
      .where(and(eq(candidaturas.id, applicationId), eq(candidaturas.estado, current.status)))
      .returning({ id: candidaturas.id });
    if (!changed.length) throw new AppError("CONFLICT", "La candidatura ha cambiado mientras tanto. Recarga la página.");
    await tx
      .insert(candidaturaEventos)
      .values({ candidaturaId: applicationId, desde: current.status, hasta: status, userId: user.id, mensaje: message });
    const { email } = await notify(ctx, tx, {
      userId: current.userId,
      kind: "application_status",
      text: `Tu candidatura a «${current.titulo}» (${current.empresaNombre}) ha pasado a «${APPLICATION_STATUS_LABELS[status]}».`,
      link: pathTo("empleo-candidaturas"),
    });
    if (email) await ctx.mailer.enqueue(applicationStatusEmail(ctx.config, current, offer, status, message), tx);
    if (status !== "contratada") return;
    told.push(...(await turnDownTheOthersIfFilled(ctx, tx, { ...current, applicationId, decidedBy: user.id, now })));
  });
  if (status === "contratada" && told.length) await ctx.pageCache.invalidate("jobs");
  const targets = [
    { userId: current.userId, id: applicationId, status },
    ...told.map((other) => ({ ...other, status: "descartada" as const })),
  ];
  // One notification per few dozen applicants, not one each.
  await ctx.realtime
    .publishAll(
      targets.map((target) => ({
        userId: target.userId,
        event: {
          type: "empleo.candidatura",
          candidaturaId: target.id,
          ofertaId: current.ofertaId,
          titulo: current.titulo,
          status: target.status,
          statusLabel: APPLICATION_STATUS_LABELS[target.status],
        },
      })),
    )
    .catch((error) => ctx.logger.warn({ err: error }, "realtime publish failed"));
  return toApplicant({ ...(current as ApplicantRow), status, vistaEn: current.vistaEn ?? new Date() });
}

/**
 * «Enviar mensaje»: the recruiter writes to an applicant through the chat. Applying to the
 * company's offer introduces the candidate, so the conversation opens without a request step; a
 * withdrawn application no longer does (decision 0107). The chat's own rules (blocks, suspension,
 * rate limits) decide the rest.
 */
export async function messageApplicant(
  ctx: AppContext,
  user: SessionUser,
  applicationId: number,
  input: { client_id: string; body: string },
): Promise<{ conversationId: number; messageId: number; duplicate: boolean }> {
  const empresaId = await companyToManage(ctx.db, user);
  const current = await ownApplication(ctx, empresaId, applicationId);
  if (current.status === "retirada") {
    throw new AppError("CONFLICT", "La persona candidata ha retirado su candidatura: ya no puedes escribirle desde aquí.");
  }
  const sent = await startConversation(ctx, user, { ...input, user_id: current.userId }, { introduced: true });
  return { conversationId: sent.conversation.id, messageId: sent.message.id, duplicate: sent.duplicate };
}

/** The chat conversation the recruiter already has with each applicant of the list, by application id. */
export async function applicantConversations(
  ctx: AppContext,
  user: SessionUser,
  applicants: ApplicantView[],
): Promise<Record<number, number>> {
  const byUser = await conversationIdsWith(
    ctx,
    user,
    applicants.map((applicant) => applicant.candidato.id),
  );
  const found: Record<number, number> = {};
  for (const applicant of applicants) {
    const conversationId = byUser.get(applicant.candidato.id);
    if (conversationId) found[applicant.id] = conversationId;
  }
  return found;
}

/** The company's private note and rating of an applicant (never shown to the candidate). */
export async function saveApplicantNote(
  ctx: AppContext,
  user: SessionUser,
  applicationId: number,
  input: { nota: string; valoracion?: number | null },
): Promise<ApplicantView> {
  const empresaId = await companyToManage(ctx.db, user);
  const current = await ownApplication(ctx, empresaId, applicationId);
  const valoracion = input.valoracion ?? null;
  await ctx.db.update(candidaturas).set({ nota: input.nota, valoracion }).where(eq(candidaturas.id, applicationId));
  return toApplicant({ ...(current as ApplicantRow), nota: input.nota, valoracion });
}

/** The applicant's CV, for the company that received it; downloading it opens the application. */
export async function getApplicationCv(
  ctx: AppContext,
  user: SessionUser,
  applicationId: number,
): Promise<{ bytes: Buffer; mime: string; filename: string }> {
  const empresaId = await companyToManage(ctx.db, user);
  const row = await ownApplication(ctx, empresaId, applicationId);
  // An anonymised application (account erased, or retention period over) keeps no CV.
  if (!row.cvKey) throw new AppError("GONE", "Esta candidatura se ha anonimizado: su CV ya no se conserva.");
  const file = await ctx.storage.read(row.cvKey);
  if (!row.vistaEn) await markSeen(ctx, [row.id], new Date());
  return { bytes: file.bytes, mime: file.mime, filename: row.cvNombre };
}
