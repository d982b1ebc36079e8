/** Texts the API answers with (spec §8), shared so pages can compare or show them. */
export const ACCOUNT_MESSAGES = {
  loginFailed: "No existe ninguna cuenta con esos datos. Prueba con otra o crea una cuenta nueva.",
  emailNotVerified: "Debes confirmar tu correo electrónico antes de iniciar sesión.",
  accountBlocked: "Tu cuenta está bloqueada. Si crees que es un error, escríbenos desde «Danos tu opinión».",
  confirmationSent: "Correo de confirmación enviado",
  passwordChanged: "Contraseña cambiada correctamente",
  loggedOut: "Sesión cerrada correctamente",
  resetTitle: "¡Solicitud enviada!",
  resetMessage: (brand: string) => `Si el email está registrado en ${brand}, recibirás un correo para restablecer la contraseña.`,
  verificationExpired: "El enlace de verificación ha caducado. Solicita uno nuevo.",
  verificationInvalid: "El enlace de verificación no es válido o ya se ha utilizado.",
  resetExpired: "El enlace para restablecer la contraseña ha caducado. Solicita uno nuevo.",
  resetInvalid: "El enlace para restablecer la contraseña no es válido o ya se ha utilizado.",
} as const;
