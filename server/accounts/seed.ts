import { eq } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { type RegisterType, users, userZonas } from "#server/db/schema";
import { findCargoBySlug, findEstadosOfPais } from "#server/reference";
import { createEmpresa, createUser } from "./factories";

/** One confirmed, complete demo account per type (README "Demo accounts"). */
export const DEMO_PASSWORD = "Farmanexo-demo-1";
export const DEMO_ACCOUNTS: Array<{ type: RegisterType; email: string; nombre: string; apellidos: string }> = [
  { type: "web", email: "demo-web@farmanexo.test", nombre: "Lucía", apellidos: "Martín Web" },
  { type: "academia", email: "demo-academia@farmanexo.test", nombre: "Andrés", apellidos: "Gil Academia" },
  { type: "candidato", email: "demo-candidato@farmanexo.test", nombre: "Carmen", apellidos: "Ortega Candidata" },
  { type: "visita", email: "demo-visita@farmanexo.test", nombre: "Javier", apellidos: "Romero Visitador" },
  { type: "mkt", email: "demo-mkt@farmanexo.test", nombre: "Elena", apellidos: "Navarro Marketing" },
  { type: "empleo", email: "demo-empleo@farmanexo.test", nombre: "Sergio", apellidos: "Molina Empleo" },
];

export async function seedAccountsDemo(ctx: AppContext): Promise<void> {
  // By name: the list is alphabetical, so its first two are A Coruña and Álava, not what the README promises.
  const spain = findEstadosOfPais(28);
  const madrid = spain.find((estado) => estado.nombre === "Madrid");
  const barcelona = spain.find((estado) => estado.nombre === "Barcelona");
  const cargo = (slug: string) => findCargoBySlug(slug)?.id ?? null;
  let lab: Awaited<ReturnType<typeof createEmpresa>> | undefined;
  for (const demo of DEMO_ACCOUNTS) {
    const [exists] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (exists) continue;
    if ((demo.type === "mkt" || demo.type === "empleo") && !lab) {
      lab = await createEmpresa(ctx.db, {
        nombre: "Laboratorios Demo",
        slug: "laboratorios-demo",
        paisId: 28,
        estadoId: madrid?.id,
        empresaTipoId: 1,
      });
    }
    const company = demo.type === "mkt" || demo.type === "empleo" ? { empresaId: lab?.empresa.id, delegacionId: lab?.delegacion?.id } : {};
    const user = await createUser(ctx.db, {
      type: demo.type,
      email: demo.email,
      password: DEMO_PASSWORD,
      nombre: demo.nombre,
      apellidos: demo.apellidos,
      estadoId: madrid?.id,
      profesionalSanitario: demo.type === "visita" || demo.type === "web",
      ...company,
    });
    await ctx.db
      .update(users)
      .set({
        // The marketing account is a laboratory's marketing team, not a pharmacist (issue 26).
        cargoId: cargo(
          demo.type === "visita" ? "visitador-medico" : demo.type === "mkt" ? "marketing-farmaceutico" : "farmaceutico-comunitario",
        ),
        empresaNombre: demo.type === "web" || demo.type === "academia" || demo.type === "candidato" ? "Farmacia Demo" : null,
        nacimiento: demo.type === "candidato" ? "1992-03-14" : null,
      })
      .where(eq(users.id, user.id));
    if (demo.type === "visita") {
      await ctx.db
        .insert(userZonas)
        .values([madrid, barcelona].filter((e) => e !== undefined).map((e) => ({ userId: user.id, estadoId: e.id })));
    }
  }
}
