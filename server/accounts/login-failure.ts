/**
 * Whether a refused login ends the browser's session (product-spec §4: a failed login makes the
 * session not authenticated). Every refusal does, except the ones the login page answers without
 * clearing the session (app/routes/accounts/auth/login.tsx): a form to correct (422), an
 * unconfirmed address (the dialog offers a new link) and a throttle (429). Ending it on the server
 * too means a reload shows what the page showed: signed out.
 */
export function loginFailureEndsSession(status: number, code?: string | null): boolean {
  if (status === 422 || status === 429) return false;
  return !(status === 403 && code === "EMAIL_NOT_VERIFIED");
}
