import { EVERY_REFUSAL, formMutation, idParam, unknownIntent } from "#app/lib/page.server";
import { REGISTER_TYPES, type RegisterTypeName } from "#common/accounts";
import { type AdminUserRow, assertCan, getUserForAdmin, listUsers, setBackofficeRole, setUserBlocked } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { ROLES, type Role } from "#server/db/schema";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const iso = (date: Date | null) => date?.toISOString() ?? null;
const toView = (row: AdminUserRow) => ({
  ...row,
  blockedAt: iso(row.blockedAt),
  emailVerifiedAt: iso(row.emailVerifiedAt),
  lastLoginAt: iso(row.lastLoginAt),
  createdAt: row.createdAt.toISOString(),
});

/** The users table: ?q, ?tipo, ?rol, ?estado and ?pagina; anything unknown is ignored. */
export async function loadUsuarios(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "administration");
  const params = new URL(request.url).searchParams;
  const pagina = Number(params.get("pagina"));
  const page = await listUsers(context.app, user, {
    q: params.get("q") ?? undefined,
    tipo: oneOf<RegisterTypeName>(REGISTER_TYPES, params.get("tipo")),
    rol: oneOf<Role>(ROLES, params.get("rol")),
    estado: oneOf(["activo", "bloqueado"] as const, params.get("estado")),
    pagina: Number.isSafeInteger(pagina) && pagina > 0 ? pagina : 1,
  });
  return { ...page, items: page.items.map(toView) };
}

export async function loadUsuario(context: PageLoadContext, request: Request, params: { id?: string }) {
  const user = assertCan(context, request, "administration");
  const row = await getUserForAdmin(context.app, user, idParam(params.id));
  return { usuario: { ...toView(row), sesiones: row.sesiones }, selfId: user.id };
}

/** intent=role (role, granted=1|0) or intent=block (blocked=1|0); the service decides and audits. */
export async function usuarioAction(context: PageLoadContext, request: Request, params: { id?: string }) {
  const user = assertCan(context, request, "administration");
  const userId = idParam(params.id);
  return formMutation(
    request,
    async (form) => {
      if (form.get("intent") === "role") {
        const granted = form.get("granted") === "1";
        await setBackofficeRole(context.app, user, { userId, role: String(form.get("role") ?? ""), granted });
        return { ok: true as const, message: granted ? "Rol concedido." : "Rol retirado." };
      }
      if (form.get("intent") === "block") {
        const blocked = form.get("blocked") === "1";
        await setUserBlocked(context.app, user, { userId, blocked });
        return { ok: true as const, message: blocked ? "Cuenta bloqueada: sus sesiones se han cerrado." : "Cuenta desbloqueada." };
      }
      return unknownIntent();
    },
    { inline: EVERY_REFUSAL },
  );
}
