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
  profesional_sanitario: 0 | 1;
  email_verified: boolean;
  profile_completed: boolean;
};

export type LoginResponse = { user: AuthUser; access_token: string; redirect: string } | { redirect_academia: string };
export type GoogleRegisterResponse = { user: AuthUser; access_token: string; redirect: string };
/** 200 with the next page; 202 when a company's administrators must approve a join request first. */
export type ProfileSaveResponse = { user: AuthUser; redirect: string; pending?: true; message?: string };
export type MessageResponse = { message: string };
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
