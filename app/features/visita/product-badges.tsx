import { Badge, Group } from "@mantine/core";
import { REGISTER_STATUS_LABELS } from "#common/visita/vocabulary";
import type { ProductSummary } from "#server/visita";

/** The facts a professional scans first: prescription, generic, biosimilar, orphan, supply. */
export function ProductBadges({
  product,
}: {
  product: Pick<ProductSummary, "requiere_receta" | "detalle"> & Partial<Pick<ProductSummary, "estado_registro">>;
}) {
  const d = product.detalle;
  return (
    <Group gap={6}>
      {product.estado_registro && product.estado_registro !== "autorizado" ? (
        <Badge variant="filled" color="red" tt="none">
          {REGISTER_STATUS_LABELS[product.estado_registro]}
        </Badge>
      ) : null}
      <Badge variant="light" color={product.requiere_receta ? "red" : "teal"} tt="none">
        {d ? d.receta_texto : product.requiere_receta ? "Con receta médica" : "Sin receta"}
      </Badge>
      {d?.generico ? (
        <Badge variant="outline" color="gray" tt="none">
          Genérico (EFG)
        </Badge>
      ) : null}
      {d?.biosimilar ? (
        <Badge variant="outline" color="indigo" tt="none">
          Biosimilar
        </Badge>
      ) : null}
      {d?.huerfano ? (
        <Badge variant="outline" color="grape" tt="none">
          Medicamento huérfano
        </Badge>
      ) : null}
      {d?.triangulo_negro ? (
        <Badge variant="outline" color="dark" tt="none" title="Sujeto a seguimiento adicional">
          ▼ Seguimiento adicional
        </Badge>
      ) : null}
      {d && !d.comercializado ? (
        <Badge variant="light" color="gray" tt="none">
          No comercializado
        </Badge>
      ) : null}
      {d?.problema_suministro ? (
        <Badge variant="light" color="orange" tt="none">
          Problema de suministro
        </Badge>
      ) : null}
    </Group>
  );
}
