import { Box } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { sessionStore } from "#app/lib/session-store";
import type { RegisterTypeName } from "#common/accounts";
import { linkTo } from "#common/route-names";
import { lazyDialogs } from "./lazy-dialogs";

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
 * Google's callback hands over an ID token, posted through a fetcher to the sign-in page's action
 * (intent "google", the service of POST /api/register/google): its redirect carries the session
 * cookies and the destination, a refusal comes back as the page form's failure and opens the dialog.
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
  const fetcher = useFetcher();
  const submit = fetcher.submit;
  const { failure } = useFormFailure(fetcher.data, "google");
  useEffect(() => {
    if (!failure) return;
    sessionStore.clearSession();
    // The dialogs load when needed: the sign-in page does not carry them in its first load.
    void lazyDialogs.load().then(({ showFailureDialog }) => showFailureDialog(failure.message));
  }, [failure]);
  useEffect(() => {
    const onCredential = ({ credential }: { credential: string }) => {
      const fields: Record<string, string> = {
        intent: "google",
        google_id: credential,
        register_type: registerType,
        pais_id: String(paisId ?? sessionStore.selectedPaisId()),
      };
      if (redirectUrl) fields.redirect_url = redirectUrl;
      void submit(fields, { method: "post", action: linkTo("login") });
    };
    const render = () => {
      const google = (window as unknown as { google?: GoogleId }).google;
      if (!google || !target.current) return;
      google.accounts.id.initialize({ client_id: clientId, callback: onCredential });
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
  }, [clientId, registerType, redirectUrl, paisId, submit]);
  return <Box ref={target} mih={44} style={{ display: "flex", justifyContent: "center" }} aria-label="Continuar con Google" />;
}
