import { and, desc, eq, sql } from "drizzle-orm";
import { isId } from "#common/ids";
import {
  APPLICATION_STATUS_LABELS,
  applicationInputSchema,
  canWithdraw,
  checkAnswers,
  chosenCv,
  QUESTIONS_CHANGED,
  questionsVersion,
} from "#common/jobs";
import { pathTo } from "#common/route-names";
import { slugify } from "#common/slug";
import { fieldErrorsOf } from "#common/validation";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { candidaturaEventos, candidaturas, companyMembers, empresas, ofertas, userRoles, users } from "#server/db/schema";
import { notify } from "#server/notifications";
import { AppError, validationError } from "#server/platform/errors";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { DOCUMENT_KINDS } from "#server/platform/storage";
import { keepUploadedCv, savedCvForApplication } from "./cvs.service";
import { applicationReceivedEmail, newApplicationEmail } from "./emails";
import { applyToOffers, offerNotFound } from "./policy";
import { findOfferRow, isOpenRow, type SummaryRow, summaryColumns, toSummary } from "./queries";
import type { ApplicationEventView, ApplicationView } from "./types";

const applicationNotFound = () => new AppError("NOT_FOUND", "Candidatura no encontrada.");

/**
 * A candidate applies once per open offer with a saved CV (`cvId`, one click) or a new file (PDF or
 * DOCX, recognised by its bytes; kept among the saved CVs while there is room) and an optional cover
 * letter, and answers to the offer's screening questions (`respuestas[i]` answers question i; checked
 * before anything is stored). A knock-out answer keeps the application, marked «No cumple requisitos».
 * The company's administrators and the candidate are told by e-mail in the same transaction.
 */
export async function applyToOffer(
  ctx: AppContext,
  user: SessionUser,
  offerId: number,
  input: {
    carta?: string | null;
    cv?: Blob | null;
    cvId?: number | null;
    respuestas?: readonly (string | null | undefined)[];
    /** The questions' version the answers were written for (questionsVersion), when the client sends it. */
    preguntasVersion?: string | null;
  },
): Promise<ApplicationView> {
  assertCan(user, applyToOffers);
  const parsed = applicationInputSchema.safeParse({ carta: input.carta ?? "" });
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error));
  const offer = await findOfferRow(ctx.db, offerId);
  if (!offer || offer.status === "borrador") throw offerNotFound();
  if (!isOpenRow(offer)) throw new AppError("CONFLICT", "Esta oferta ya no admite candidaturas.");
  // A person may hold the company and the candidate roles; they still cannot apply to their own company.
  const [member] = await ctx.db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.empresaId, offer.empresaId), eq(companyMembers.userId, user.id)));
  if (member) throw new AppError("FORBIDDEN", "No puedes inscribirte en una oferta de tu propia empresa.");
  const [existing] = await ctx.db
    .select({ id: candidaturas.id })
    .from(candidaturas)
    .where(and(eq(candidaturas.ofertaId, offerId), eq(candidaturas.userId, user.id)));
  if (existing) throw new AppError("CONFLICT", "Ya te has inscrito en esta oferta.");
  if (input.preguntasVersion && input.preguntasVersion !== questionsVersion(offer.preguntas ?? []))
    throw new AppError("CONFLICT", QUESTIONS_CHANGED);
  const answers = checkAnswers(offer.preguntas ?? [], input.respuestas ?? []);
  if (answers.errors) throw validationError(answers.errors);
  const saved = input.cvId ? await savedCvForApplication(ctx.db, user, input.cvId) : null;
  const upload = chosenCv(input.cv);
  if (!saved && !upload) throw validationError({ cv: ["Adjunta tu CV en PDF o DOCX o elige uno de tus CV guardados."] });

  let stored: { key: string; kind: string };
  if (saved) stored = { key: saved.key, kind: saved.key.split(".").pop() ?? "pdf" };
  else {
    await enforceRateLimit(ctx.db, "upload", `user:${user.id}`);
    stored = await ctx.storage.save("cv", upload as Blob, { allowed: DOCUMENT_KINDS, maxBytes: ctx.config.maxUploadBytes, label: "CV" });
  }

  const [candidate] = await ctx.db
    .select({ nombre: users.nombre, apellidos: users.apellidos, email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  const fullName = [candidate?.nombre, candidate?.apellidos].filter(Boolean).join(" ") || "Un candidato";
  const cvNombre = `CV-${slugify(fullName, 60) || "candidato"}.${stored.kind}`;

  let applicationId: number | undefined;
  try {
    applicationId = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(candidaturas)
        .values({
          ofertaId: offerId,
          userId: user.id,
          carta: parsed.data.carta,
          cvKey: stored.key,
          cvNombre,
          respuestas: answers.respuestas,
          cumpleRequisitos: answers.cumpleRequisitos,
        })
        .onConflictDoNothing()
        .returning({ id: candidaturas.id });
      if (!row) throw new AppError("CONFLICT", "Ya te has inscrito en esta oferta.");
      await tx.insert(candidaturaEventos).values({ candidaturaId: row.id, desde: null, hasta: "recibida", userId: user.id });
      // "Upload once": a new file joins the saved CVs while there is room (the first is the default).
      if (upload) await keepUploadedCv(tx, user.id, upload, stored.key);
      if (candidate)
        await ctx.mailer.enqueue(
          applicationReceivedEmail(ctx.config, candidate, { titulo: offer.titulo, empresa: offer.empresaNombre }),
          tx,
        );
      // The company's members with the employment role: the people who will read the application.
      const admins = await tx
        .select({ id: users.id, email: users.email, nombre: users.nombre })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "administrador_empleo")))
        .where(eq(companyMembers.empresaId, offer.empresaId));
      for (const admin of admins) {
        const { email } = await notify(ctx, tx, {
          userId: admin.id,
          kind: "application_received",
          text: `${fullName} se ha inscrito en «${offer.titulo}».`,
          link: pathTo("empleo-panel-candidatos", { id: offer.id }),
        });
        if (email) await ctx.mailer.enqueue(newApplicationEmail(ctx.config, admin, { id: offer.id, titulo: offer.titulo }, fullName), tx);
      }
      return row.id;
    });
  } catch (error) {
    // A saved CV's file stays: it belongs to the saved CV, not to this failed attempt.
    if (!saved) await ctx.storage.remove(stored.key).catch(() => {});
    throw error;
  }
  const [view] = await listApplicationViews(ctx, user.id, applicationId);
  if (!view) throw applicationNotFound();
  return view;
}

async function listApplicationViews(ctx: AppContext, userId: number, onlyId?: number): Promise<ApplicationView[]> {
  const rows = await ctx.db
    .select({
      ...summaryColumns,
      applicationId: candidaturas.id,
      applicationStatus: candidaturas.estado,
      creadaEn: candidaturas.createdAt,
      actualizadaEn: candidaturas.updatedAt,
      respuestas: candidaturas.respuestas,
      vistaEn: candidaturas.vistaEn,
      historial: historyColumn,
    })
    .from(candidaturas)
    .innerJoin(ofertas, eq(ofertas.id, candidaturas.ofertaId))
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .where(and(eq(candidaturas.userId, userId), onlyId ? eq(candidaturas.id, onlyId) : undefined))
    .orderBy(desc(candidaturas.createdAt), desc(candidaturas.id));
  return rows.map((row) => ({
    id: row.applicationId,
    status: row.applicationStatus,
    statusLabel: APPLICATION_STATUS_LABELS[row.applicationStatus] ?? row.applicationStatus,
    creadaEn: new Date(row.creadaEn).toISOString(),
    actualizadaEn: new Date(row.actualizadaEn).toISOString(),
    oferta: { ...toSummary(row as SummaryRow), isOpen: isOpenRow(row as SummaryRow) },
    historial: (row.historial ?? []).map((event) => ({
      status: event.hasta,
      status_label: APPLICATION_STATUS_LABELS[event.hasta] ?? event.hasta,
      fecha: new Date(event.created_at).toISOString(),
      por: event.user_id === userId ? "candidato" : "empresa",
      mensaje: event.mensaje,
    })),
    respuestas: row.respuestas,
    vistaPorEmpresa: row.vistaEn !== null,
  }));
}

type HistoryEvent = { hasta: ApplicationEventView["status"]; user_id: number | null; created_at: string; mensaje: string | null };

/**
 * The status history of each application (the candidate's own changes, or the company's), oldest
 * first, as a column of the application's row: one statement for the page, however many
 * applications and events (issue 33).
 */
const historyColumn = sql<HistoryEvent[] | null>`(
  select json_agg(json_build_object('hasta', e.hasta, 'user_id', e.user_id, 'created_at', e.created_at, 'mensaje', e.mensaje) order by e.created_at, e.id)
  from ${candidaturaEventos} e where e.candidatura_id = ${candidaturas.id})`;

/**
 * The candidate withdraws their own application (not one already turned down): the company then
 * sees it as «Retirada» and can no longer move it. 404 for anyone else's.
 */
export async function withdrawApplication(ctx: AppContext, user: SessionUser, applicationId: number): Promise<ApplicationView> {
  if (!isId(applicationId)) throw applicationNotFound();
  const [current] = await ctx.db
    .select({ status: candidaturas.estado })
    .from(candidaturas)
    .where(and(eq(candidaturas.id, applicationId), eq(candidaturas.userId, user.id)));
  if (!current) throw applicationNotFound();
  if (!canWithdraw(current.status)) {
    throw new AppError("CONFLICT", `Esta candidatura está «${APPLICATION_STATUS_LABELS[current.status]}» y ya no se puede retirar.`);
  }
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(candidaturas)
      .set({ estado: "retirada", updatedAt: new Date() })
      .where(and(eq(candidaturas.id, applicationId), eq(candidaturas.estado, current.status)))
      .returning({ id: candidaturas.id });
    if (!changed.length) throw new AppError("CONFLICT", "La candidatura ha cambiado mientras tanto. Recarga la página.");
    await tx.insert(candidaturaEventos).values({ candidaturaId: applicationId, desde: current.status, hasta: "retirada", userId: user.id });
  });
  const [view] = await listApplicationViews(ctx, user.id, applicationId);
  if (!view) throw applicationNotFound();
  return view;
}

/** The signed-in candidate's applications, newest first. */
export async function listMyApplications(ctx: AppContext, user: SessionUser): Promise<ApplicationView[]> {
  return listApplicationViews(ctx, user.id);
}
