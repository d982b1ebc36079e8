import { Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { AuthPage } from "#app/features/accounts/auth-page";
import { showNotice } from "#app/features/accounts/notice";
import { api, fetchCsrfCookie } from "#app/lib/api-client";
import { removeCookie } from "#app/lib/cookies";
import { brandOf, withBrand } from "#app/lib/page-title";
import { sessionStore } from "#app/lib/session-store";
import { BUSY_MESSAGES } from "#app/ui/busy-overlay";
import { ACCOUNT_MESSAGES } from "#common/accounts";
import { XSRF_COOKIE } from "#common/constants";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/logout";

export const handle = { title: "Cerrar sesión" };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: withBrand("Cerrar sesión", brandOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** Ends the session on the server, forgets it in the browser and goes to login (product-spec §4). */
export default function Logout() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        await fetchCsrfCookie();
        await api.post("/api/logout", undefined, { keepSessionOn401: true });
      } catch {
        // Already signed out on the server (or offline): the browser side is cleared all the same.
      }
      sessionStore.clearSession();
      removeCookie(XSRF_COOKIE);
      showNotice(ACCOUNT_MESSAGES.loggedOut);
      navigate(linkTo("login"), { replace: true });
    })();
  }, [navigate]);
  return (
    <AuthPage title="Cerrar sesión" busyMessage={BUSY_MESSAGES.logout}>
      <Stack>
        <Text>{BUSY_MESSAGES.logout}…</Text>
      </Stack>
    </AuthPage>
  );
}
