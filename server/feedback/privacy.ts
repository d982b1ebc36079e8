import { eq } from "drizzle-orm";
import type { PrivacyPart } from "#server/accounts";
import type { Db } from "#server/db/client";
import { feedback } from "#server/db/schema";

// Feedback's share of the user's rights over their data (docs/privacy-rules.md).

export const feedbackPrivacy: PrivacyPart = {
  area: "opiniones",
  covers: ["feedback.user_id"],
  async collect(db: Db, userId: number) {
    const rows = await db
      .select({
        valoracion: feedback.valoracion,
        asunto: feedback.asunto,
        contenido: feedback.contenido,
        pagina: feedback.pagina,
        nombre: feedback.nombre,
        email: feedback.email,
        enviada_en: feedback.createdAt,
      })
      .from(feedback)
      .where(eq(feedback.userId, userId));
    return { data: { opiniones: rows }, files: [] };
  },
  async erase(tx: Db, userId: number) {
    await tx.delete(feedback).where(eq(feedback.userId, userId));
    return { files: [], keepsUser: false };
  },
};
