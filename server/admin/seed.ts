import { eq } from "drizzle-orm";
import { createUser, DEMO_PASSWORD } from "#server/accounts";
import type { AppContext } from "#server/context";
import { type Role, users } from "#server/db/schema";

/** One demo account per back-office role (README "Demo accounts"). */
export const DEMO_BACKOFFICE_ACCOUNTS: Array<{ email: string; nombre: string; apellidos: string; role: Role }> = [
  { email: "demo-editor@farmanexo.test", nombre: "Marta", apellidos: "Iglesias Editora", role: "editor" },
  { email: "demo-moderador@farmanexo.test", nombre: "Pablo", apellidos: "Serrano Moderador", role: "moderador" },
  { email: "demo-admin@farmanexo.test", nombre: "Irene", apellidos: "Castro Admin", role: "admin" },
];

export async function seedBackofficeDemo(ctx: AppContext): Promise<void> {
  for (const demo of DEMO_BACKOFFICE_ACCOUNTS) {
    const [exists] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (exists) continue;
    await createUser(ctx.db, {
      type: "web",
      email: demo.email,
      password: DEMO_PASSWORD,
      nombre: demo.nombre,
      apellidos: demo.apellidos,
      roles: [demo.role],
    });
  }
}
