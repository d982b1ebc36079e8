import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useRouteLoaderData } from "react-router";
import { useSession } from "#app/lib/session-store";
import { linkTo } from "#common/route-names";
import { accountLinksFor } from "./account-links";
import classes from "./account-menu.module.css";
import type { RootData } from "./root-data";

/**
 * The header's account entry: "Iniciar sesión" / "Crear cuenta" for visitors; for users, their
 * avatar and name opening a menu with the places that fit their roles. A small menu button of our
 * own (WAI-ARIA menu pattern) instead of Mantine's Menu, whose positioning library weighed on the
 * first load of every page (decision 0041).
 */
export function AccountMenu() {
  const { authUser } = useSession();
  if (!authUser) {
    return (
      <div className={classes.anonymous}>
        <Link to={linkTo("login")} className={`${classes.action} ${classes.subtle}`}>
          Iniciar sesión
        </Link>
        <Link to={linkTo("crear-cuenta")} className={`${classes.action} ${classes.filled}`}>
          Crear cuenta
        </Link>
      </div>
    );
  }
  return <UserMenu />;
}

function UserMenu() {
  const { authUser } = useSession();
  const root = useRouteLoaderData<RootData>("root");
  // Closed by choosing an entry, Escape or a click elsewhere; not by a navigation that was already
  // under way when it opened (right after signing in, the header shows before the redirect ends).
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    wrapper.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);
  if (!authUser) return null;
  const name = [authUser.nombre, authUser.apellidos].filter(Boolean).join(" ") || authUser.email;
  const isAcademia = authUser.register_type === "academia" && Boolean(root?.academiaEnabled);
  const openAcademia = async () => {
    try {
      // Loaded on the click: only academy accounts have this entry, and the API client would
      // otherwise be part of every page's first load (decision 0050).
      const { api } = await import("#app/lib/api-client");
      const { redirect_academia } = await api.post<{ redirect_academia: string }>("/api/redirigir-academia", { userId: authUser.id });
      window.location.assign(redirect_academia);
    } catch (error) {
      const { showFailureDialog } = await import("#app/ui/dialogs");
      showFailureDialog((error as { serverMessage?: string }).serverMessage);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(wrapper.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moveTo = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === "Escape" || event.key === "Tab") {
      setOpen(false);
      if (event.key === "Escape") button.current?.focus();
    } else if (event.key === "ArrowDown") moveTo(index + 1);
    else if (event.key === "ArrowUp") moveTo(index - 1);
    else if (event.key === "Home") moveTo(0);
    else if (event.key === "End") moveTo(items.length - 1);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };
  return (
    <div className={classes.wrapper} ref={wrapper}>
      <button
        ref={button}
        type="button"
        aria-label={`Menú de cuenta de ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="account-menu"
        className={classes.menuButton}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className={classes.avatar} aria-hidden="true">
          {authUser.avatar ? <img src={authUser.avatar} alt="" width={36} height={36} /> : authUser.avatar_text}
        </span>
        <span className={classes.menuName}>{authUser.nombre || authUser.email}</span>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={name} className={classes.dropdown} onKeyDown={onMenuKeyDown}>
          <div className={classes.label} role="presentation">
            {name}
          </div>
          {accountLinksFor(authUser).map((link) => (
            <Link key={link.to} to={link.to} role="menuitem" tabIndex={-1} className={classes.item} onClick={close}>
              {link.label}
            </Link>
          ))}
          {isAcademia && (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={classes.item}
              onClick={() => {
                close();
                openAcademia();
              }}
            >
              Academia
            </button>
          )}
          <hr className={classes.divider} />
          {/* A POST, never a link: opening a URL must not sign anyone out (logout.server.ts). */}
          <Form method="post" action={linkTo("logout")} replace role="presentation" onSubmit={close}>
            <button type="submit" role="menuitem" tabIndex={-1} className={classes.item}>
              Cerrar sesión
            </button>
          </Form>
        </div>
      )}
    </div>
  );
}
