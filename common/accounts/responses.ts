// What the accounts API answers (the forms read the same types).
/** The authenticated user as the API returns it (product-spec §3 "authUser"). */
export type AuthUser = {
  id: number;
  email: string;
  register_type: string;
  avatar: string | null;
  /** Initials shown when there is no avatar picture. */
  avatar_text: string;
  nombre: string | null;
  apellidos: string | null;
  /** Unread notifications: the bell's count (application updates, chat requests, …; decision 0085). */
  notifications: number;
  /** Unread chat messages: the chat's own badge. */
  chat_unread: number;
  pais: { id: number; iso: string; slug: string; nombre: string } | null;
  /** Every known role → 1 or 0. */
  roles: Record<string, 0 | 1>;
  empresa: { id: number; nombre: string; slug: string; delegacion: { id: number; nombre: string } | null } | null;
  /** 1 when declared, and always for a verified professional. */
  profesional_sanitario: 0 | 1;
  /** A moderator checked the colegiado credential and it is still valid (issue 30): the badge. */
  profesional_verificado: boolean;
  email_verified: boolean;
  profile_completed: boolean;
};

export type SessionInfo = {
  id: number;
  kind: "web" | "api";
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
};
export type EmpresaSearchResult = {
  id: number;
  empresa_nombre: string;
  slug: string;
  delegacion: { id: number; nombre: string } | null;
  delegaciones: Array<{ id: number; nombre: string }>;
};
