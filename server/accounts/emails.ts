import { pathTo } from "#common/route-names";
import type { Config } from "#server/config";
import { renderEmail } from "#server/platform/mail/layout";
import type { MailMessage } from "#server/platform/mail/outbox";

/**
 * The accounts e-mails (Spanish, branded, HTML + text). Links are absolute, built from APP_URL;
 * each is queued in the transaction of the change that causes it.
 */
const link = (config: Config, path: string) => `${config.appUrl}${path}`;

function message(
  config: Config,
  to: string,
  kind: string,
  content: Omit<Parameters<typeof renderEmail>[0], "brand" | "appUrl">,
): MailMessage {
  return { to, kind, ...renderEmail({ brand: config.brandName, appUrl: config.appUrl, ...content }) };
}

export function verificationUrl(config: Config, token: string, registerType: string, redirectUrl?: string | null): string {
  return link(config, pathTo("register-verification", {}, { token, register_type: registerType, redirect_url: redirectUrl ?? undefined }));
}

export function verificationEmail(config: Config, to: string, url: string): MailMessage {
  return message(config, to, "verify_email", {
    title: "Confirma tu correo electrónico",
    greeting: "Hola:",
    paragraphs: [`Gracias por crear tu cuenta en ${config.brandName}.`, "Para activarla, confirma que esta dirección de correo es tuya."],
    action: { label: "Confirmar mi correo", url },
    note: "El enlace caduca en 48 horas y solo puede usarse una vez. Si no has creado ninguna cuenta, ignora este mensaje.",
  });
}

export function welcomeEmail(config: Config, to: string, nombre: string | null): MailMessage {
  return message(config, to, "welcome", {
    title: `Te damos la bienvenida a ${config.brandName}`,
    greeting: nombre ? `Hola, ${nombre}:` : "Hola:",
    paragraphs: [
      "Tu correo electrónico está confirmado y tu cuenta ya está activa.",
      "Completa tu perfil para sacar el máximo partido: ofertas de empleo, noticias del sector y contacto con otros profesionales.",
    ],
    action: { label: "Ir a mi cuenta", url: link(config, pathTo("cuenta")) },
  });
}

export function alreadyRegisteredEmail(config: Config, to: string): MailMessage {
  return message(config, to, "already_registered", {
    title: "Alguien ha intentado registrarse con tu correo",
    greeting: "Hola:",
    paragraphs: [
      `Alguien ha intentado crear una cuenta en ${config.brandName} con esta dirección de correo, pero ya tienes una.`,
      "Si has sido tú, inicia sesión. Si no recuerdas la contraseña, puedes restablecerla.",
      "Si no has sido tú, no tienes que hacer nada: tu cuenta sigue igual.",
    ],
    action: { label: "Iniciar sesión", url: link(config, pathTo("login")) },
    // The request form: renew-password itself needs the token only a reset e-mail carries.
    footer: { text: "¿Has olvidado tu contraseña? Restablécela aquí", url: link(config, pathTo("change-password")) },
  });
}

export function resetPasswordEmail(config: Config, to: string, token: string): MailMessage {
  return message(config, to, "reset_password", {
    title: "Restablece tu contraseña",
    greeting: "Hola:",
    paragraphs: [`Hemos recibido una solicitud para restablecer la contraseña de tu cuenta en ${config.brandName}.`],
    action: { label: "Elegir una contraseña nueva", url: link(config, pathTo("renew-password", {}, { token })) },
    note: "El enlace caduca en 1 hora y solo puede usarse una vez. Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.",
  });
}

export function passwordChangedEmail(config: Config, to: string): MailMessage {
  return message(config, to, "password_changed", {
    title: "Tu contraseña ha cambiado",
    greeting: "Hola:",
    paragraphs: [
      `La contraseña de tu cuenta en ${config.brandName} se acaba de cambiar y hemos cerrado las demás sesiones abiertas.`,
      "Si no has sido tú, restablece la contraseña ahora mismo.",
    ],
    action: { label: "Restablecer la contraseña", url: link(config, pathTo("change-password")) },
  });
}
