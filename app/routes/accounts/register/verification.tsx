import { Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { showFailureDialog } from "#app/features/accounts/dialogs";
import { goTo } from "#app/features/accounts/navigation";
import { ApiError, api, fetchCsrfCookie } from "#app/lib/api-client";
import { sessionStore } from "#app/lib/session-store";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { crearCuentaStep, type VerifyEmailResponse } from "#common/accounts";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/verification";

/** A query value, URL-decoded on entry (product-spec §2): links from some mail clients arrive encoded twice. */
export function decodeQueryValue(value: string | null): string {
  if (!value) return "";
  let text = value;
  for (let i = 0; i < 2 && /%[0-9a-f]{2}/i.test(text); i++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      break;
    }
  }
  return text;
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    token: decodeQueryValue(params.get("token")),
    registerType: decodeQueryValue(params.get("register_type")),
    redirectUrl: decodeQueryValue(params.get("redirect_url")),
  };
}

export const handle = { title: "Verificando tu cuenta" };

export function meta() {
  return [{ title: "Verificando tu cuenta" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

/** Opens the e-mail link: the session becomes authenticated and the profile step follows (product-spec §2). */
export default function RegisterVerification({ loaderData }: Route.ComponentProps) {
  const { token, registerType, redirectUrl } = loaderData;
  const navigate = useNavigate();
  const started = useRef(false);
  const [verifying, setVerifying] = useState(true);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const toLogin = () => navigate(linkTo("login"), { replace: true });
    (async () => {
      if (!token) {
        setVerifying(false);
        showFailureDialog(undefined, toLogin);
        return;
      }
      try {
        await fetchCsrfCookie();
        const result = await api.get<VerifyEmailResponse>(`/api/email/verify/${encodeURIComponent(token)}`);
        sessionStore.setAuthenticated(result.user);
        // The server knows whether the profile is complete; otherwise it is the step of register_type (§2).
        const step = result.redirect || crearCuentaStep(result.register_type || registerType);
        const carry = redirectUrl && step.startsWith(crearCuentaStep(null)) && !step.includes("?");
        goTo(navigate, carry ? `${step}?redirect_url=${encodeURIComponent(redirectUrl)}` : step, { replace: true });
      } catch (error) {
        sessionStore.clearSession();
        setVerifying(false);
        showFailureDialog(error instanceof ApiError ? error.serverMessage : undefined, toLogin);
      }
    })();
  }, [token, registerType, redirectUrl, navigate]);
  return (
    <AuthPage title="Verificando tu cuenta" busyMessage={verifying ? BUSY_MESSAGES.verifying : null}>
      <Text>Estamos confirmando tu correo electrónico. En un momento continuarás con tu perfil.</Text>
    </AuthPage>
  );
}
