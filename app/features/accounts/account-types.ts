import type { RegisterTypeName } from "#common/accounts";
import type { RouteName } from "#common/route-names";

/** The six account types as the choice page explains them (product brief, "Who uses it"). */
export const ACCOUNT_TYPES: ReadonlyArray<{
  type: RegisterTypeName;
  route: RouteName;
  title: string;
  who: string;
  text: string;
}> = [
  {
    type: "web",
    route: "crear-cuenta-web",
    title: "Profesional",
    who: "Profesionales del sector farmacéutico y sanitario",
    text: "Lee noticias y tribunas, habla con otros profesionales por chat y recibe novedades del sector.",
  },
  {
    type: "candidato",
    route: "crear-cuenta-candidato",
    title: "Candidato",
    who: "Personas que buscan empleo",
    text: "Inscríbete en ofertas con tu CV, sigue el estado de tus candidaturas y crea alertas de empleo.",
  },
  {
    type: "visita",
    route: "crear-cuenta-visita",
    title: "Visitador médico",
    who: "Delegados y visitadores farmacéuticos",
    text: "Muestra tu cartera de productos en tus zonas, lanza promociones y consigue verificaciones de los profesionales que visitas.",
  },
  {
    type: "mkt",
    route: "crear-cuenta-mkt",
    title: "Marketing de laboratorio",
    who: "Equipos de marketing de laboratorios",
    text: "Publica promociones de los productos de tu laboratorio y coordina a tu red de visitadores.",
  },
  {
    type: "empleo",
    route: "crear-cuenta-empleo",
    title: "Empresa que contrata",
    who: "Empresas, laboratorios y farmacias que publican ofertas",
    text: "Publica ofertas de empleo, recibe candidaturas y gestiona tus procesos de selección desde el panel de empleo.",
  },
  {
    type: "academia",
    route: "crear-cuenta-academia",
    title: "Academia",
    who: "Alumnos de formación online",
    text: "Accede a los cursos de formación continua de la Academia con tu misma cuenta.",
  },
];

export const ACCOUNT_TYPE_BY_NAME = Object.fromEntries(ACCOUNT_TYPES.map((entry) => [entry.type, entry])) as Record<
  RegisterTypeName,
  (typeof ACCOUNT_TYPES)[number]
>;
