import { linkTo } from "#common/route-names";

/** The site's sections, in the header, the phone menu and the footer. */
export const MAIN_NAV = [
  { label: "Empleo", to: linkTo("empleo") },
  { label: "Noticias", to: linkTo("noticias-index") },
  { label: "Visita", to: linkTo("visita") },
  { label: "Chat", to: linkTo("chat") },
] as const;
