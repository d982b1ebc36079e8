import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { ExportFile, PrivacyPart } from "#server/accounts";
import type { Db } from "#server/db/client";
import { alertas, candidatoCvs, candidatoPerfiles, candidaturaEventos, candidaturas, ofertas, ofertasGuardadas } from "#server/db/schema";

// The jobs area's share of the user's rights over their data (docs/privacy-rules.md).

/** Months an application to a closed or expired offer is kept whole; then it is anonymised. */
export const APPLICATION_RETENTION_MONTHS = 24;

/** What an anonymised application keeps: the offer, its status and dates; no document, answer or letter. */
const anonymised = () => ({ carta: "", cvKey: "", cvNombre: "", respuestas: [], anonymisedAt: new Date() });

const fileName = (prefix: string, id: number, name: string) => `${prefix}/${id}-${name.replace(/[^\p{L}\p{N}._ -]+/gu, "_")}`;

async function collect(db: Db, userId: number) {
  const [applications, savedCvs, saved, alerts, events, offersCreated, profile] = await Promise.all([
    db
      .select({
        id: candidaturas.id,
        oferta_id: candidaturas.ofertaId,
        oferta: ofertas.titulo,
        estado: candidaturas.estado,
        carta: candidaturas.carta,
        cv_nombre: candidaturas.cvNombre,
        cv_key: candidaturas.cvKey,
        respuestas: candidaturas.respuestas,
        cumple_requisitos: candidaturas.cumpleRequisitos,
        anonimizada_en: candidaturas.anonymisedAt,
        creada_en: candidaturas.createdAt,
        actualizada_en: candidaturas.updatedAt,
      })
      .from(candidaturas)
      .innerJoin(ofertas, eq(ofertas.id, candidaturas.ofertaId))
      .where(eq(candidaturas.userId, userId)),
    db.select().from(candidatoCvs).where(eq(candidatoCvs.userId, userId)),
    db
      .select({ oferta_id: ofertasGuardadas.ofertaId, oferta: ofertas.titulo, guardada_en: ofertasGuardadas.createdAt })
      .from(ofertasGuardadas)
      .innerJoin(ofertas, eq(ofertas.id, ofertasGuardadas.ofertaId))
      .where(eq(ofertasGuardadas.userId, userId)),
    db
      .select({
        id: alertas.id,
        criterios: alertas.criteria,
        frecuencia: alertas.frecuencia,
        ultimo_envio: alertas.lastSentAt,
        creada_en: alertas.createdAt,
      })
      .from(alertas)
      .where(eq(alertas.userId, userId)),
    db
      .select({
        candidatura_id: candidaturaEventos.candidaturaId,
        desde: candidaturaEventos.desde,
        hasta: candidaturaEventos.hasta,
        por_ti: sql<boolean>`${candidaturaEventos.userId} = ${userId}`,
        fecha: candidaturaEventos.createdAt,
      })
      .from(candidaturaEventos)
      .innerJoin(candidaturas, eq(candidaturas.id, candidaturaEventos.candidaturaId))
      .where(sql`${candidaturas.userId} = ${userId} OR ${candidaturaEventos.userId} = ${userId}`),
    db.select({ id: ofertas.id, titulo: ofertas.titulo, creada_en: ofertas.createdAt }).from(ofertas).where(eq(ofertas.createdBy, userId)),
    db
      .select({
        titular: candidatoPerfiles.titular,
        experiencia: candidatoPerfiles.experiencia,
        formacion: candidatoPerfiles.formacion,
        idiomas: candidatoPerfiles.idiomas,
        habilidades: candidatoPerfiles.habilidades,
        disponibilidad: candidatoPerfiles.disponibilidad,
        salario_deseado: candidatoPerfiles.salarioDeseado,
        salario_moneda: candidatoPerfiles.salarioMoneda,
        abierto_a_ofertas: candidatoPerfiles.abiertoAOfertas,
        creado_en: candidatoPerfiles.createdAt,
        actualizado_en: candidatoPerfiles.updatedAt,
      })
      .from(candidatoPerfiles)
      .where(eq(candidatoPerfiles.userId, userId)),
  ]);
  const files: ExportFile[] = [];
  const candidaturasOut = applications.map(({ cv_key, ...row }) => {
    const archivo = cv_key ? fileName("candidaturas", row.id, row.cv_nombre) : null;
    if (cv_key && archivo) files.push({ key: cv_key, name: archivo });
    return { ...row, cv_archivo: archivo };
  });
  const cvs = savedCvs.map((cv) => {
    const archivo = fileName("cvs", cv.id, cv.nombre);
    files.push({ key: cv.fileKey, name: archivo });
    return { id: cv.id, nombre: cv.nombre, predeterminado: cv.isDefault, subido_en: cv.createdAt, archivo };
  });
  return {
    data: {
      candidaturas: candidaturasOut,
      candidatura_eventos: events,
      cvs_guardados: cvs,
      ofertas_guardadas: saved,
      alertas: alerts,
      ofertas_publicadas_por_ti: offersCreated,
      perfil_candidato: profile[0] ?? null,
    },
    files,
  };
}

/**
 * Anonymises applications in one statement (account erased, or retention over): the employer keeps
 * that an application was received and how it went, never who sent it nor their documents.
 * Returns how many it anonymised and the CV keys it released.
 */
export async function anonymiseApplications(tx: Db, where: SQL) {
  const released = await tx
    .select({ key: candidaturas.cvKey })
    .from(candidaturas)
    .where(and(where, isNull(candidaturas.anonymisedAt)));
  await tx
    .update(candidaturas)
    .set(anonymised())
    .where(and(where, isNull(candidaturas.anonymisedAt)));
  return { count: released.length, files: released.map((row) => row.key).filter(Boolean) };
}

/** Applications to offers closed or expired more than APPLICATION_RETENTION_MONTHS ago. */
export const pastRetention = (now: Date) =>
  inArray(
    candidaturas.ofertaId,
    sql`(SELECT ${ofertas.id} FROM ${ofertas} WHERE ${ofertas.status} IN ('cerrada', 'caducada')
      AND coalesce(${ofertas.closedAt}, ${ofertas.expiresAt}, ${ofertas.updatedAt})
        < ${now.toISOString()}::timestamptz - make_interval(months => ${APPLICATION_RETENTION_MONTHS}))`,
  );

/** Months a profile open to offers stays findable by recruiters without its owner saving it again. */
export const OPEN_PROFILE_MONTHS = 12;

/**
 * Retention of visibility (decision 0109): a profile left untouched OPEN_PROFILE_MONTHS stops being
 * shown to recruiters (the candidate switches «Abierto a ofertas» on again by saving). The profile
 * itself stays, for the companies the candidate applies to, until the account is erased.
 */
export async function closeStaleProfiles(tx: Db, now: Date): Promise<number> {
  const closed = await tx
    .update(candidatoPerfiles)
    .set({ abiertoAOfertas: false })
    .where(
      and(
        eq(candidatoPerfiles.abiertoAOfertas, true),
        sql`${candidatoPerfiles.updatedAt} < ${now.toISOString()}::timestamptz - make_interval(months => ${OPEN_PROFILE_MONTHS})`,
      ),
    )
    .returning({ userId: candidatoPerfiles.userId });
  return closed.length;
}

async function erase(tx: Db, userId: number) {
  await tx.delete(candidatoPerfiles).where(eq(candidatoPerfiles.userId, userId));
  const cvs = await tx.delete(candidatoCvs).where(eq(candidatoCvs.userId, userId)).returning({ key: candidatoCvs.fileKey });
  await tx.delete(ofertasGuardadas).where(eq(ofertasGuardadas.userId, userId));
  await tx.delete(alertas).where(eq(alertas.userId, userId));
  const released = (await anonymiseApplications(tx, eq(candidaturas.userId, userId))).files;
  await tx.update(candidaturaEventos).set({ userId: null }).where(eq(candidaturaEventos.userId, userId));
  await tx.update(ofertas).set({ createdBy: null }).where(eq(ofertas.createdBy, userId));
  const [kept] = await tx.select({ id: candidaturas.id }).from(candidaturas).where(eq(candidaturas.userId, userId)).limit(1);
  return { files: [...cvs.map((cv) => cv.key), ...released], keepsUser: Boolean(kept) };
}

export const jobsPrivacy: PrivacyPart = {
  area: "empleo",
  covers: [
    "candidaturas.user_id",
    "candidatura_eventos.user_id",
    "ofertas_guardadas.user_id",
    "alertas.user_id",
    "candidato_cvs.user_id",
    "candidato_perfiles.user_id",
    "ofertas.created_by",
  ],
  collect,
  erase,
};
