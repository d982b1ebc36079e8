import { formId, formText } from "#app/features/accounts/profile-payload";
import { changePasswordSchema, profileUpdateSchema } from "#common/accounts";
import { changePassword, removeAvatar, requireUser, saveAvatar, updateProfile } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formMutation, formObject, parseFields, unknownIntent } from "#server/platform/page-form";

/**
 * Mi cuenta's forms (decision 0060), each the same service and limits as its /api operation:
 * "profile" is PUT /api/user/profile; "password" is PUT /api/user/password (the current password,
 * rate-limited; other logins end); "avatar" is POST /api/user/avatar (multipart, field `avatar`:
 * decoded, cropped and re-encoded) and "avatar_remove" DELETE /api/user/avatar.
 */
export async function cuentaAction(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  return formMutation(request, async (form) => {
    const intent = form.get("intent");
    if (intent === "password") await changePassword(context.app, user, parseFields(changePasswordSchema, formObject(form)));
    else if (intent === "profile") await updateProfile(context.app, user.id, parseFields(profileUpdateSchema, profileUpdateOf(form)));
    else if (intent === "avatar") await saveAvatar(context.app, user.id, avatarOf(form));
    else if (intent === "avatar_remove") await removeAvatar(context.app, user.id);
    else unknownIntent();
    return { ok: true as const, intent };
  });
}

/** The JSON payload of PUT /api/user/profile from the posted form. */
function profileUpdateOf(form: FormData) {
  return {
    nombre: formText(form, "nombre"),
    apellidos: formText(form, "apellidos"),
    pais_id: formId(form, "pais_id"),
    estado_id: formId(form, "estado_id"),
    cargo: formId(form, "cargo"),
    telefono: formText(form, "telefono") || null,
    publicidad: form.get("publicidad") === "1",
    // Sent only by the forms that show them (the fields asked at registration).
    ...(form.has("nacimiento") ? { nacimiento: formText(form, "nacimiento") } : {}),
    ...(form.has("empresa_editable")
      ? { empresa_nombre: formText(form, "empresa_nombre") || null, desempleado: form.get("desempleado") === "1" }
      : {}),
  };
}

/** The chosen picture; a file input left empty posts an empty, nameless file, which is no choice. */
function avatarOf(form: FormData) {
  const file = form.get("avatar");
  return file instanceof Blob && file.size > 0 ? file : null;
}
