import { type ReactNode, useState } from "react";
import { Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import { useSession } from "#app/lib/session-store";
import { linkTo } from "#common/route-names";
import { accountLinksFor } from "./account-links";
import { AccountMenu } from "./account-menu";
import classes from "./app-layout.module.css";
import { MAIN_NAV } from "./main-nav";
import type { RootData } from "./root-data";
import { SiteFooter } from "./site-footer";

const CHAT_LINK = linkTo("chat");

/** The phone menu's entries for visitors (the header keeps only "Iniciar sesión" there). */
const ANONYMOUS_LINKS = [
  { label: "Iniciar sesión", to: linkTo("login") },
  { label: "Crear cuenta", to: linkTo("crear-cuenta") },
];

/**
 * The page shell: header, phone menu, <main> and footer in plain semantic HTML and CSS (no
 * Mantine AppShell: it weighed on every page's first load and wrote <style> elements into <body>).
 */
export function AppLayout({
  children,
  unreadBadge,
  bell,
  footerAction,
}: {
  children: ReactNode;
  /** Beside "Chat" for a signed-in user: the areas' parts come from the app shell (app/shell.tsx), since app/ui imports no area. */
  unreadBadge?: ReactNode;
  /** The notifications bell, in the header's end for a signed-in user. */
  bell?: ReactNode;
  /** In the footer, under "¿Algo que mejorar?". */
  footerAction?: ReactNode;
}) {
  // Choosing an entry closes the phone menu (onClick below).
  const [opened, setOpened] = useState(false);
  // Any navigation closes it too: a header shortcut (chat, bell) must not leave it open over the page.
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpened(false);
  }
  const root = useRouteLoaderData<RootData>("root");
  const brand = root?.brandName ?? "Farmanexo";
  const { authUser } = useSession();
  const label = (item: (typeof MAIN_NAV)[number]) =>
    item.to === CHAT_LINK && authUser && unreadBadge ? (
      <>
        {item.label}
        {unreadBadge}
      </>
    ) : (
      item.label
    );
  const close = () => setOpened(false);
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className={classes.header}>
        <div className={classes.bar}>
          <div className={classes.start}>
            <button
              type="button"
              className={classes.burger}
              aria-label="Abrir el menú"
              aria-expanded={opened}
              aria-controls="menu-movil"
              onClick={() => setOpened(!opened)}
            >
              <span className={classes.burgerLines} data-opened={opened || undefined} aria-hidden="true" />
            </button>
            <Link to={linkTo("home")} className={classes.brand} aria-label={`${brand}, inicio`}>
              <span className={classes.logo} aria-hidden="true">
                +
              </span>
              {brand}
            </Link>
          </div>
          <nav aria-label="Principal" className={classes.desktopNav}>
            {MAIN_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.navLink}>
                {label(item)}
              </NavLink>
            ))}
          </nav>
          <div className={classes.end}>
            {authUser && (
              <NavLink to={CHAT_LINK} className={`${classes.navLink} ${classes.phoneOnly}`}>
                {label(MAIN_NAV[3])}
              </NavLink>
            )}
            {authUser && bell}
            <AccountMenu />
          </div>
        </div>
      </header>
      {/* Closed, the phone menu is hidden: its links are neither tabbable nor announced. */}
      <nav id="menu-movil" aria-label="Principal (móvil)" className={classes.phoneNav} hidden={!opened}>
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
      </nav>
      <main id="contenido" className={classes.main}>
        {children}
      </main>
      <SiteFooter brand={brand} action={footerAction} />
    </>
  );
}

export function PageContainer({ children }: { children: ReactNode }) {
  return <div className={classes.page}>{children}</div>;
}
