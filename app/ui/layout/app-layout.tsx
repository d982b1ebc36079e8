import { AppShell, Box, Burger, Container, Group, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { Link, NavLink, useRouteLoaderData } from "react-router";
import { UnreadBadge } from "#app/features/chat/unread-badge";
import { useSession } from "#app/lib/session-store";
import type { RootData } from "#app/root";
import { linkTo } from "#common/route-names";
import { accountLinksFor } from "./account-links";
import { AccountMenu } from "./account-menu";
import classes from "./app-layout.module.css";
import { SiteFooter } from "./site-footer";

const CHAT_LINK = linkTo("chat");

export const MAIN_NAV = [
  { label: "Empleo", to: linkTo("empleo") },
  { label: "Noticias", to: linkTo("noticias-index") },
  { label: "Visita", to: linkTo("visita") },
  { label: "Chat", to: linkTo("chat") },
] as const;

/** The phone menu's entries for visitors (the header keeps only "Iniciar sesión" there). */
const ANONYMOUS_LINKS = [
  { label: "Iniciar sesión", to: linkTo("login") },
  { label: "Crear cuenta", to: linkTo("crear-cuenta") },
];

export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const root = useRouteLoaderData<RootData>("root");
  const brand = root?.brandName ?? "Farmanexo";
  const { authUser } = useSession();
  // The chat entry carries the live unread count (authUser.notifications).
  const label = (item: (typeof MAIN_NAV)[number]) =>
    item.to === CHAT_LINK ? (
      <>
        {item.label}
        <UnreadBadge userId={authUser?.id ?? null} initial={authUser?.notifications ?? 0} />
      </>
    ) : (
      item.label
    );
  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 260, breakpoint: "sm", collapsed: { desktop: true, mobile: !opened } }} padding={0}>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir el menú" />
              <Link to={linkTo("home")} className={classes.brand} aria-label={`${brand}, inicio`}>
                <span className={classes.logo} aria-hidden="true">
                  +
                </span>
                {brand}
              </Link>
            </Group>
            <Group component="nav" aria-label="Principal" gap={4} visibleFrom="sm">
              {MAIN_NAV.map((item) => (
                <NavLink key={item.to} to={item.to} className={classes.navLink}>
                  {label(item)}
                </NavLink>
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              {authUser && (
                <Box hiddenFrom="sm">
                  <NavLink to={CHAT_LINK} className={classes.navLink}>
                    {label(MAIN_NAV[3])}
                  </NavLink>
                </Box>
              )}
              <AccountMenu />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      {/* Closed, the phone menu slides off screen: hidden too, so its links are neither tabbable nor announced. */}
      <AppShell.Navbar p="md" aria-label="Menú móvil" style={{ visibility: opened ? "visible" : "hidden" }}>
        <Stack gap="xs" component="nav" aria-label="Principal (móvil)">
          {MAIN_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={classes.navLink} onClick={close}>
              {label(item)}
            </NavLink>
          ))}
          <hr className={classes.navDivider} />
          {(authUser ? accountLinksFor(authUser).filter((link) => link.to !== CHAT_LINK) : ANONYMOUS_LINKS).map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.navLink} onClick={close}>
              {link.label}
            </NavLink>
          ))}
        </Stack>
      </AppShell.Navbar>
      {/* AppShell.Main is the page's <main>; the footer sits outside it. */}
      <AppShell.Main id="contenido" className={classes.main}>
        {children}
      </AppShell.Main>
      <SiteFooter brand={brand} />
    </AppShell>
  );
}

export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      {children}
    </Container>
  );
}
