/**
 * The one role check, for the server (session users), pages and the back office's task table:
 * whether a user holds any of the given roles. Signed-out users hold none.
 */
export function hasAnyRole(user: { readonly roles: readonly string[] } | null | undefined, ...roles: readonly string[]): boolean {
  return Boolean(user && roles.some((role) => user.roles.includes(role)));
}
