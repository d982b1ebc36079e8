import { eanOfCn, formatCn } from "#common/visita/codes";
import { ATC_GROUPS, FORM_LABELS, isPrescriptionOnly, PRESCRIPTION_LABELS, ROUTE_LABELS } from "#common/visita/vocabulary";
import type { AppContext } from "#server/context";
import type { ProductDetail, ProductView, RevisionDetail } from "./api-schemas";
import { productBoxSvg } from "./product-image";
import { proposalNames } from "./revision-data";

/**
 * A proposal drawn as the product it would become (preview-editar-producto): the same ProductView
 * the product page receives, with the proposal's image or the box picture drawn from its data.
 */
export async function proposalAsProductView(
  ctx: AppContext,
  revision: RevisionDetail,
  nextVersion: number,
): Promise<ProductView & { detalle: ProductDetail }> {
  const d = revision.datos;
  const names = await proposalNames(ctx.db, [d]);
  const lab = names.labs.get(d.laboratorio_id);
  const marketer = d.laboratorio_comercializador_id ? names.labs.get(d.laboratorio_comercializador_id) : undefined;
  const group = d.atc ? (ATC_GROUPS[d.atc.charAt(0)] ?? null) : null;
  return {
    id: revision.producto_id ?? 0,
    nombre: d.nombre,
    slug: "",
    url: revision.producto?.url ?? "",
    laboratorio: { id: d.laboratorio_id, nombre: lab?.name ?? "", slug: lab?.slug ?? "" },
    requiere_receta: isPrescriptionOnly(d.receta),
    estado_registro: "autorizado",
    restringido: false,
    detalle: {
      forma: { clave: d.forma, nombre: FORM_LABELS[d.forma] },
      atc: d.atc ? { codigo: d.atc, nombre: names.atcs.get(d.atc) ?? null, grupo: group } : null,
      receta: d.receta,
      receta_texto: PRESCRIPTION_LABELS[d.receta],
      principios_activos: d.principios_activos.map((i) => ({
        nombre: i.nombre.toLowerCase(),
        dosis: i.dosis.replace(",", "."),
        unidad: i.unidad,
      })),
      generico: d.generico,
      biosimilar: d.biosimilar,
      huerfano: d.huerfano,
      triangulo_negro: d.triangulo_negro,
      comercializado: d.comercializado,
      problema_suministro: d.problema_suministro,
      // Drawn fresh each time (private, no-store): the draft may change between two previews.
      imagen_url: `/api/visita/revisiones/${revision.id}/imagen`,
      numero_registro: d.numero_registro,
      laboratorio_comercializador: marketer ? { id: marketer.id, nombre: marketer.name, slug: marketer.slug } : null,
      vias: d.vias.map((via) => ({ clave: via, nombre: ROUTE_LABELS[via] })),
      prospecto_url: d.prospecto_url,
      ficha_tecnica_url: d.ficha_tecnica_url,
      descripcion: d.descripcion,
      presentaciones: d.presentaciones.map((p) => ({
        cn: p.cn,
        cn_completo: formatCn(p.cn),
        ean: eanOfCn(p.cn),
        nombre: p.nombre,
        comercializado: d.comercializado,
        problema_suministro: d.problema_suministro,
        suministro: null,
      })),
      fecha_autorizacion: null,
      fecha_suspension: null,
      fecha_revocacion: null,
      version: nextVersion,
      actualizado_en: revision.creado_en,
    },
  };
}

/** The box picture of a proposal without an uploaded image (and, for changes, without the product's). */
export async function proposalBoxSvg(ctx: AppContext, revision: RevisionDetail) {
  const names = await proposalNames(ctx.db, [revision.datos]);
  return productBoxSvg({
    name: revision.datos.nombre,
    laboratory: names.labs.get(revision.datos.laboratorio_id)?.name ?? "",
    atcCode: revision.datos.atc,
    prescriptionOnly: isPrescriptionOnly(revision.datos.receta),
  });
}
