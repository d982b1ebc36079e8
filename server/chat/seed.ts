import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { users } from "#server/db/schema";
import { startConversation } from "./conversations.service";
import { markRead, sendMessage } from "./messages.service";

/**
 * Demo conversations: the demo company with the demo candidate about an application, and a
 * professional (demo-web) with the demo representative about a product. Each starts as a request
 * and is accepted by the answer; the last message of each stays unread so the badge shows.
 */
export async function seedChatDemo(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(users.email, [
        "demo-candidato@farmanexo.test",
        "demo-empleo@farmanexo.test",
        "demo-web@farmanexo.test",
        "demo-visita@farmanexo.test",
      ]),
    );
  const id = (email: string) => rows.find((row) => row.email === email)?.id;
  const candidato = id("demo-candidato@farmanexo.test");
  const empleo = id("demo-empleo@farmanexo.test");
  const web = id("demo-web@farmanexo.test");
  const visita = id("demo-visita@farmanexo.test");
  if (!candidato || !empleo || !web || !visita) return;

  await talk(ctx, [
    [
      empleo,
      candidato,
      "Hola, Carmen. Hemos visto tu candidatura para delegada comercial y nos gustaría conocerte. ¿Te viene bien una llamada esta semana?",
    ],
    [candidato, empleo, "¡Hola! Muchas gracias. Sí, el jueves por la mañana me viene perfecto."],
    [
      empleo,
      candidato,
      "Estupendo: te llamamos el jueves a las 10:00. Si quieres repasar la ficha del producto con el que trabajarías, está en https://cima.aemps.es",
    ],
  ]);
  await talk(ctx, [
    [
      web,
      visita,
      "Buenos días, Javier. Trabajo en una farmacia de Madrid y querría saber si tenéis material formativo sobre el ibuprofeno 600 mg.",
    ],
    [visita, web, "Buenos días, Lucía. Sí, tenemos una guía de dispensación y puedo dejaros muestras la semana que viene."],
    [web, visita, "Genial, el martes por la tarde estaremos en la farmacia. ¡Gracias!"],
  ]);
}

/** Sends the messages in order; everyone has read what came before their own reply. */
async function talk(ctx: AppContext, lines: Array<[from: number, to: number, body: string]>) {
  let conversationId: number | null = null;
  let lastId = 0;
  for (const [from, to, body] of lines) {
    if (conversationId && lastId) await markRead(ctx, { id: from }, conversationId, lastId);
    if (!conversationId) {
      const started = await startConversation(ctx, { id: from }, { user_id: to, client_id: randomUUID(), body });
      conversationId = started.conversation.id;
      lastId = started.message.id;
    } else {
      lastId = (await sendMessage(ctx, { id: from }, conversationId, { client_id: randomUUID(), body })).message.id;
    }
  }
}
