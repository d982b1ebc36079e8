import { Anchor, Box, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Grid } from "#app/ui/grid";
import { PlainCell, PlainHeaderCell, PlainRow, PlainTable } from "#app/ui/plain-table";
import { linkTo } from "#common/route-names";
import { REGISTER_STATUS_LABELS } from "#common/visita/vocabulary";
import type { ProductDetail as Detail, ProductView } from "#server/visita";

const day = (iso: string) => new Date(iso).toLocaleDateString("es-ES", { timeZone: "Europe/Madrid" });

/** «Problema de suministro desde el 2/10/2026, previsto hasta el 15/12/2026», with the agency's note. */
function presentationState(p: Detail["presentaciones"][number]) {
  if (!p.comercializado) return "No comercializada";
  if (!p.problema_suministro) return "Comercializada";
  const s = p.suministro;
  const dates = [s?.desde ? `desde el ${day(s.desde)}` : null, s?.hasta ? `previsto hasta el ${day(s.hasta)}` : null]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      <Text span fw={600} c="orange.9" size="sm">
        Problema de suministro
      </Text>
      {dates ? <Text size="sm">{dates}</Text> : null}
      {s?.observaciones ? (
        <Text size="xs" c="gray.7">
          {s.observaciones}
        </Text>
      ) : null}
    </>
  );
}

/**
 * A medicine's page body: facts, presentations, picture and description. The product page and the
 * proposal preview (preview-editar-producto) both draw it, so a preview looks exactly like the page.
 */
export function ProductDetail({ product, representatives }: { product: ProductView & { detalle: Detail }; representatives?: ReactNode }) {
  const d = product.detalle;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ficha-title">
            <Title order={2} size="h4" id="ficha-title" mb="sm">
              Ficha del medicamento
            </Title>
            <PlainTable vertical>
              <Fact label="Principios activos">{d.principios_activos.map((i) => `${i.nombre} ${i.dosis} ${i.unidad}`).join(" + ")}</Fact>
              <Fact label="Forma farmacéutica">{d.forma.nombre}</Fact>
              <Fact label="Vía de administración">{d.vias.map((v) => v.nombre).join(", ")}</Fact>
              <Fact label="Código ATC">
                {d.atc ? `${d.atc.codigo}${d.atc.nombre ? ` · ${d.atc.nombre}` : ""}${d.atc.grupo ? ` (${d.atc.grupo})` : ""}` : "—"}
              </Fact>
              <Fact label="Dispensación">{d.receta_texto}</Fact>
              <Fact label="Nº de registro">{d.numero_registro}</Fact>
              {d.fecha_autorizacion ? (
                <Fact label="Registro AEMPS">
                  {REGISTER_STATUS_LABELS[product.estado_registro]}
                  {product.estado_registro === "suspendido" && d.fecha_suspension ? ` el ${day(d.fecha_suspension)}` : ""}
                  {product.estado_registro === "revocado" && d.fecha_revocacion ? ` el ${day(d.fecha_revocacion)}` : ""}
                  {` · autorizado el ${day(d.fecha_autorizacion)}`}
                </Fact>
              ) : null}
              <Fact label="Titular">
                <LaboratoryLink laboratory={product.laboratorio} />
              </Fact>
              {d.laboratorio_comercializador ? (
                <Fact label="Comercializa">
                  <LaboratoryLink laboratory={d.laboratorio_comercializador} />
                </Fact>
              ) : null}
              <Fact label="Genérico">{d.generico ? "Sí (EFG)" : "No"}</Fact>
              {d.biosimilar ? <Fact label="Biosimilar">Sí</Fact> : null}
              {d.huerfano ? <Fact label="Medicamento huérfano">Sí</Fact> : null}
              {d.triangulo_negro ? <Fact label="Seguimiento adicional">▼ Sí: notifica cualquier sospecha de reacción adversa</Fact> : null}
              <Fact label="Comercializado">{d.comercializado ? "Sí" : "No"}</Fact>
              <Fact label="Problemas de suministro">{d.problema_suministro ? "Sí, en alguna presentación" : "No"}</Fact>
            </PlainTable>
            {d.prospecto_url || d.ficha_tecnica_url ? (
              <Group gap="md" mt="md">
                {d.prospecto_url ? (
                  <Anchor href={d.prospecto_url} target="_blank" rel="noopener noreferrer nofollow">
                    Prospecto
                  </Anchor>
                ) : null}
                {d.ficha_tecnica_url ? (
                  <Anchor href={d.ficha_tecnica_url} target="_blank" rel="noopener noreferrer nofollow">
                    Ficha técnica
                  </Anchor>
                ) : null}
              </Group>
            ) : null}
          </Card>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="presentaciones-title">
            <Title order={2} size="h4" id="presentaciones-title" mb="sm">
              Presentaciones
            </Title>
            {/* The browser's own scrolling: Mantine's ScrollContainer brought its ScrollArea and a
                positioning library into the product page's first load. Focusable, so the keyboard scrolls it. */}
            <Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Tabla de presentaciones">
              {/* Two columns, the state under the name: a 390 px phone shows every row whole,
                  without scrolling sideways (issue 26). */}
              <PlainTable head={["Código nacional", "Presentación"]}>
                {d.presentaciones.map((p) => (
                  <PlainRow key={p.cn}>
                    <PlainCell>
                      <Text ff="monospace" size="sm">
                        {p.cn_completo}
                      </Text>
                      <Text size="xs" c="gray.7">
                        EAN {p.ean}
                      </Text>
                    </PlainCell>
                    <PlainCell>
                      <span style={{ overflowWrap: "anywhere" }}>{p.nombre}</span>
                      <Text size="xs" c="gray.7">
                        {presentationState(p)}
                      </Text>
                    </PlainCell>
                  </PlainRow>
                ))}
              </PlainTable>
            </Box>
          </Card>
          {representatives}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <Image src={d.imagen_url} alt={`Caja de ${product.nombre}`} radius="md" width={400} height={300} fit="contain" loading="lazy" />
          {d.descripcion ? <Text size="sm">{d.descripcion}</Text> : null}
          <Text size="xs" c="gray.7">
            Versión {d.version} · actualizado el {new Date(d.actualizado_en).toLocaleDateString("es-ES", { timeZone: "Europe/Madrid" })}
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** A laboratory's name, linking to its directory page (issue 29). */
function LaboratoryLink({ laboratory }: { laboratory: { nombre: string; slug: string } }) {
  return (
    <Anchor component={Link} to={linkTo("laboratorio", { slug: laboratory.slug })} inherit>
      {laboratory.nombre}
    </Anchor>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <PlainRow>
      <PlainHeaderCell width={150}>{label}</PlainHeaderCell>
      <PlainCell>
        {/* Long values (the ATC code with its group) wrap instead of running out of a 390 px screen. */}
        <span style={{ overflowWrap: "anywhere" }}>{children}</span>
      </PlainCell>
    </PlainRow>
  );
}
