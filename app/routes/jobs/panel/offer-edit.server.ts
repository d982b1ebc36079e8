import { EVERY_REFUSAL, formMutation, idParam, parseFields, requireCompanyPage } from "#app/routes/jobs/jobs.server";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { addDaysIsoDate, foldQuestionFields, OFFER_LIMITS, type OfferFormValues, offerInputSchema } from "#common/jobs";
import { pathTo } from "#common/route-names";
import { loadAuthUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { createOffer, getCompanyOffer, listCompanyDelegations, publishOffer, updateOffer } from "#server/jobs";
import { pageRedirect } from "#server/platform/page-redirect";
import { cargos, findEstadosOfPais, isMainMarket, paises } from "#server/reference";

const DEFAULT_EXPIRY_DAYS = 30;

function countryOptions() {
  const main = paises.filter(isMainMarket);
  const others = paises.filter((pais) => !isMainMarket(pais));
  const option = (pais: (typeof paises)[number]) => ({ value: String(pais.id), label: pais.nombre });
  return [
    { group: "España y Latinoamérica", items: main.map(option) },
    { group: "Otros países", items: others.map(option) },
  ];
}

export async function loadOfferEditor(context: PageLoadContext, url: URL, params: { id?: string }) {
  const user = requireCompanyPage(context, url);
  const offer = params.id ? await getCompanyOffer(context.app, user, idParam(params.id)) : null;
  const [authUser, companyDelegations] = await Promise.all([loadAuthUser(context.app, user.id), listCompanyDelegations(context.app, user)]);

  // Every delegation of the company (the server accepts only these).
  const delegaciones = new Map(companyDelegations.map((d) => [d.id, d.nombre]));

  const paisId = offer?.paisId ?? authUser?.pais?.id ?? DEFAULT_COUNTRY_ID;
  const values: OfferFormValues = offer
    ? {
        titulo: offer.titulo,
        cargo_id: offer.cargoId,
        pais_id: offer.paisId,
        estado_id: offer.estadoId ?? undefined,
        ciudad: offer.ciudad,
        delegacion_id: offer.delegacionId ?? undefined,
        modalidad: offer.modalidad,
        contrato: offer.contrato,
        jornada: offer.jornada,
        salario_min: offer.salario?.min ?? undefined,
        salario_max: offer.salario?.max ?? undefined,
        salario_moneda: (offer.salario?.moneda as OfferFormValues["salario_moneda"]) ?? undefined,
        salario_periodo: (offer.salario?.periodo as OfferFormValues["salario_periodo"]) ?? undefined,
        experiencia: offer.experiencia,
        estudios: offer.estudios,
        descripcion: offer.descripcionHtml,
        vacantes: offer.vacantes,
        fecha_expiracion: offer.fechaExpiracion ?? addDaysIsoDate(DEFAULT_EXPIRY_DAYS),
        preguntas: offer.preguntas,
      }
    : {
        titulo: "",
        cargo_id: "",
        pais_id: paisId,
        ciudad: "",
        delegacion_id: authUser?.empresa?.delegacion?.id,
        modalidad: "presencial",
        contrato: "indefinido",
        jornada: "completa",
        salario_moneda: paisId === DEFAULT_COUNTRY_ID ? "EUR" : undefined,
        salario_periodo: "anual",
        experiencia: "1_anio",
        estudios: "grado",
        descripcion: "",
        vacantes: 1,
        fecha_expiracion: addDaysIsoDate(DEFAULT_EXPIRY_DAYS),
        preguntas: [],
      };

  return {
    brandName: context.app.config.brandName,
    empresa: authUser?.empresa?.nombre ?? null,
    offer: offer ? { id: offer.id, titulo: offer.titulo, status: offer.status, url: offer.url } : null,
    notice: url.searchParams.get("aviso") === "duplicada" ? "Copia creada como borrador. Revísala y publícala." : null,
    values,
    cargos: cargos.map((cargo) => ({ value: String(cargo.id), label: cargo.nombre })),
    paises: countryOptions(),
    estados: findEstadosOfPais(paisId).map((estado) => ({ value: String(estado.id), label: estado.nombre })),
    delegaciones: [...delegaciones].map(([id, nombre]) => ({ value: String(id), label: nombre })),
    minDate: addDaysIsoDate(1),
    maxDate: addDaysIsoDate(OFFER_LIMITS.expiryMaxDays),
  };
}

export async function saveOfferFromForm(context: PageLoadContext, request: Request, url: URL, params: { id?: string }) {
  const user = requireCompanyPage(context, url);
  return formMutation(
    request,
    async (form) => {
      const publish = form.get("intent") === "publish";
      const fields = Object.fromEntries(
        [...form.entries()].filter(([key]) => key !== "intent").map(([key, value]) => [key, String(value)]),
      );
      const input = parseFields(offerInputSchema, foldQuestionFields(fields));
      const saved = params.id
        ? await updateOffer(context.app, user, idParam(params.id), input)
        : await createOffer(context.app, user, input);
      if (publish) await publishOffer(context.app, user, saved.id);
      const aviso = publish ? "publicada" : params.id ? "guardada" : "creada";
      return pageRedirect(pathTo("empleo-panel", {}, { aviso }));
    },
    { inline: EVERY_REFUSAL },
  );
}
