import { useNavigate } from "react-router";
import { ApiError, api, NetworkError } from "#app/lib/api-client";
import { sessionStore } from "#app/lib/session-store";
import { apiFieldErrors } from "#app/lib/zod-resolver";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { showFailureDialog } from "#app/ui/dialogs";
import { PROFILE_SUCCESS, type ProfileSaveResponse, type RegisterTypeName } from "#common/accounts";
import { CLEARS_ON_ANY_FAILURE } from "./account-types";
import { goTo } from "./navigation";
import { showNotice } from "./notice";

type Run = <T>(message: string, task: () => Promise<T>) => Promise<T>;

/**
 * Saves a profile step: busy overlay, then the server's next page. Field errors (422) go under the
 * fields; any other failure shows "Ups algo ha ido mal" and clears the session as product-spec §8
 * says (web, academia, candidato always; visita, mkt, empleo only when the server answered).
 */
export function useProfileSave(type: RegisterTypeName, run: Run) {
  const navigate = useNavigate();
  return async (
    endpoint: string,
    payload: unknown,
    setErrors: (errors: Record<string, string>) => void,
    options: { method?: "post" | "delete"; fallback?: string; onPending?: (message: string) => void } = {},
  ) => {
    try {
      const result = await run(BUSY_MESSAGES.sending, () =>
        options.method === "delete" ? api.delete<ProfileSaveResponse>(endpoint) : api.post<ProfileSaveResponse>(endpoint, payload),
      );
      if (result.user) sessionStore.setAuthenticated(result.user);
      // 202: a company's administrators must approve the request first; stay and say so.
      if (result.pending) {
        options.onPending?.(result.message ?? "");
        return true;
      }
      let target = result.redirect || options.fallback || PROFILE_SUCCESS[type];
      // crear-cuenta-web-success carries the query over (product-spec §2).
      const query = typeof window === "undefined" ? "" : window.location.search;
      if ((type === "web" || type === "academia") && query && !target.includes("?") && target.endsWith("/web/success")) target += query;
      goTo(navigate, target);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) {
        setErrors(apiFieldErrors(error.fieldErrors));
        return false;
      }
      if (CLEARS_ON_ANY_FAILURE.has(type) || error instanceof ApiError) {
        sessionStore.clearSession();
        showFailureDialog();
        return false;
      }
      showNotice(error instanceof NetworkError ? error.message : "Intentalo de nuevo mas tarde", "red");
      return false;
    }
  };
}
