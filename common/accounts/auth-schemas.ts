import { acceptanceField } from "#common/legal/schemas";
import { z } from "#common/zod";
import { emailField, flagField, MESSAGES, mismatch, passwordField, passwordsMatch, redirectUrlField, registerTypeSchema } from "./fields";

// Sign-in, registration, passwords and the small account actions.
export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, { error: MESSAGES.passwordRequired }).max(1024),
  redirect_url: redirectUrlField,
  /** Truthy: answer with the academy's signed address instead of an in-app destination. */
  redirect_academia: z.union([z.boolean(), z.number(), z.string()]).nullish(),
});

export const registerSchema = z
  .object({
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: MESSAGES.passwordMismatch }),
    redirect_url: redirectUrlField,
    register_type: registerTypeSchema,
    /** Country id; absent or unknown becomes 28 (España). */
    pais_id: z.union([z.number(), z.string()]).nullish(),
    /** Consent to advertising e-mails. */
    publicidad: flagField.nullish(),
    /** The explicit, not pre-ticked acceptance of the terms of use and the privacy policy in force (issue 27). */
    acepta_condiciones: acceptanceField,
  })
  .refine(passwordsMatch, mismatch);
export type RegisterInput = z.infer<typeof registerSchema>;

export const googleRegisterSchema = z.object({
  /** Informative only: the address comes from the verified Google ID token. */
  email: z.string().max(254).nullish(),
  redirect_url: redirectUrlField,
  register_type: registerTypeSchema,
  pais_id: z.union([z.number(), z.string()]).nullish(),
  /** The Google ID token (a JWT from Google Identity Services). */
  google_id: z.string({ error: MESSAGES.googleToken }).min(1, { error: MESSAGES.googleToken }).max(8192),
});
export type GoogleRegisterInput = z.infer<typeof googleRegisterSchema>;

export const renewPasswordSendSchema = z.object({ email: emailField });

export const newPasswordSchema = z
  .object({ password: passwordField, password_confirmation: z.string({ error: MESSAGES.passwordMismatch }) })
  .refine(passwordsMatch, mismatch);

/**
 * PUT /api/user with a reset grant: the specification's payload is `password` alone (product-spec
 * §7). A confirmation is optional there, and must match when a client sends one; the page's form
 * asks for it (newPasswordSchema).
 */
export const resetPasswordSchema = z
  .object({ password: passwordField, password_confirmation: z.string({ error: MESSAGES.passwordMismatch }).nullish() })
  .refine((value) => value.password_confirmation == null || value.password === value.password_confirmation, mismatch);

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: MESSAGES.currentPassword }).min(1, { error: MESSAGES.currentPassword }).max(1024),
    password: passwordField,
    password_confirmation: z.string({ error: MESSAGES.passwordMismatch }),
  })
  .refine(passwordsMatch, mismatch);

export const resendVerificationSchema = z.object({ register_type: registerTypeSchema.nullish() });
export const loginCookieSchema = z.object({ hash: z.string().min(1).max(1024) });
export const deleteAccountSchema = z.object({
  password: z.string({ error: MESSAGES.currentPassword }).min(1, { error: MESSAGES.currentPassword }).max(1024),
});
export const profesionalSanitarioSchema = z.object({ is_profesional_sanitario: flagField });
export const redirigirAcademiaSchema = z.object({ userId: z.union([z.number().int(), z.string().regex(/^\d+$/)]) });
export const pageviewSchema = z.object({
  path: z.string().trim().min(1).max(512).startsWith("/"),
  role: z.string().trim().max(40).nullish(),
});
