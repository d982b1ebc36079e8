import { Box } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { ApiError, api, fetchCsrfCookie } from "#app/lib/api-client";
import { sessionStore } from "#app/lib/session-store";
import type { GoogleRegisterResponse, RegisterTypeName } from "#common/accounts";
import { lazyDialogs } from "./lazy-dialogs";
import { goTo } from "./navigation";

type GoogleId = {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
};

const SCRIPT_URL = "https://accounts.google.com/gsi/client";

/**
 * "Continuar con Google" through Google Identity Services. Rendered only when GOOGLE_CLIENT_ID is
 * configured (the root loader says so), so no external script loads otherwise (nor in tests).
 */
export function GoogleSignIn({
  clientId,
  registerType,
  redirectUrl,
  paisId,
}: {
  clientId: string;
  registerType: RegisterTypeName;
  redirectUrl?: string | null;
  paisId?: number;
}) {
  const target = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const onCredential = async ({ credential }: { credential: string }) => {
      try {
        await fetchCsrfCookie();
        const result = await api.post<GoogleRegisterResponse>("/api/register/google", {
          google_id: credential,
          register_type: registerType,
          redirect_url: redirectUrl || undefined,
          pais_id: paisId ?? sessionStore.selectedPaisId(),
        });
        sessionStore.setAuthenticated(result.user);
        goTo(navigate, result.redirect, { replace: true });
      } catch (error) {
        sessionStore.clearSession();
        // The dialogs load when needed: the sign-in page does not carry them in its first load.
        (await lazyDialogs.load()).showFailureDialog(error instanceof ApiError ? error.serverMessage : undefined);
      }
    };
    const render = () => {
      const google = (window as unknown as { google?: GoogleId }).google;
      if (!google || !target.current) return;
      google.accounts.id.initialize({ client_id: clientId, callback: (response) => void onCredential(response) });
      google.accounts.id.renderButton(target.current, { theme: "outline", size: "large", text: "continue_with", locale: "es" });
    };
    if ((window as unknown as { google?: GoogleId }).google) {
      render();
      return;
    }
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = render;
    document.head.appendChild(script);
  }, [clientId, registerType, redirectUrl, paisId, navigate]);
  return <Box ref={target} mih={44} style={{ display: "flex", justifyContent: "center" }} aria-label="Continuar con Google" />;
}
