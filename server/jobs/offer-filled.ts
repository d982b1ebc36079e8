import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { APPLICATION_FINAL_STATUSES, APPLICATION_STATUS_LABELS, type ApplicationStatus } from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { candidaturaEventos, candidaturas, ofertas, users } from "#server/db/schema";
import { notifyMany } from "#server/notifications";
import { offerFilledEmail } from "./emails";

/** The hire just recorded, with its offer: what filling the offer needs to know. */
type Hire = {
  applicationId: number;
  ofertaId: number;
  ofertaStatus: string;
  vacantes: number;
  titulo: string;
  empresaNombre: string;
  decidedBy: number;
  now: Date;
};

/** An applicant turned down because the offer was filled. */
export type TurnedDown = { id: number; userId: number; status: ApplicationStatus; email: string; nombre: string | null };

/**
 * Inside the hire's transaction: when the hires reach the offer's vacancies, the offer closes and
 * every applicant still in the process becomes «Descartada» and is told (decision 0076). Batched,
 * whatever the number of applicants (issue 28, decision 0135): the rows (locked) with their
 * addresses, one UPDATE, one INSERT of events, then notifications and e-mails in bulk. Returns those
 * turned down, for the live events the caller sends after the commit.
 */
export async function turnDownTheOthersIfFilled(ctx: AppContext, tx: Db, hire: Hire): Promise<TurnedDown[]> {
  const [hired] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(candidaturas)
    .where(and(eq(candidaturas.ofertaId, hire.ofertaId), eq(candidaturas.estado, "contratada")));
  if (Number(hired?.n ?? 0) < hire.vacantes) return [];
  // Filled: the offer closes and the others still waiting hear it from us, not from silence.
  if (hire.ofertaStatus !== "cerrada") {
    await tx.update(ofertas).set({ status: "cerrada", closedAt: hire.now, updatedAt: hire.now }).where(eq(ofertas.id, hire.ofertaId));
  }
  const others = await tx
    .select({ id: candidaturas.id, userId: candidaturas.userId, status: candidaturas.estado, email: users.email, nombre: users.nombre })
    .from(candidaturas)
    .innerJoin(users, eq(users.id, candidaturas.userId))
    .where(
      and(
        eq(candidaturas.ofertaId, hire.ofertaId),
        ne(candidaturas.id, hire.applicationId),
        notInArray(candidaturas.estado, [...APPLICATION_FINAL_STATUSES]),
      ),
    )
    .for("update", { of: candidaturas });
  if (!others.length) return [];
  await tx
    .update(candidaturas)
    .set({ estado: "descartada", updatedAt: hire.now })
    .where(
      inArray(
        candidaturas.id,
        others.map((other) => other.id),
      ),
    );
  await tx
    .insert(candidaturaEventos)
    .values(
      others.map((other) => ({ candidaturaId: other.id, desde: other.status, hasta: "descartada" as const, userId: hire.decidedBy })),
    );
  const wantEmail = await notifyMany(
    ctx,
    tx,
    "application_status",
    others.map((other) => ({
      userId: other.userId,
      text: `La oferta «${hire.titulo}» (${hire.empresaNombre}) se ha cubierto: tu candidatura pasa a «${APPLICATION_STATUS_LABELS.descartada}».`,
      link: pathTo("empleo-candidaturas"),
    })),
  );
  const offer = { titulo: hire.titulo, empresa: hire.empresaNombre };
  await ctx.mailer.enqueueMany(
    others.filter((other) => wantEmail.has(other.userId)).map((other) => offerFilledEmail(ctx.config, other, offer)),
    tx,
  );
  return others;
}
