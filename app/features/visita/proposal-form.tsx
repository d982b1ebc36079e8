import { Alert, Button, Card, Checkbox, Group, Input, Select, Stack, Tabs, Text, Textarea, TextInput } from "@mantine/core";
import { Form, useNavigation, useSearchParams } from "react-router";
import type { FormFailureView } from "#app/lib/form";
import { SimpleGrid } from "#app/ui/grid";
import { type ProposalFormValues, tabOfField } from "#common/visita/proposal";
import {
  ADMINISTRATION_ROUTES,
  FORM_LABELS,
  PHARMACEUTICAL_FORMS,
  PRESCRIPTION_LABELS,
  PRESCRIPTION_TYPES,
  ROUTE_LABELS,
} from "#common/visita/vocabulary";
import { IngredientRows, PresentationRows } from "./proposal-rows";

type Option = { value: string; label: string };

const FLAGS = [
  ["generico", "Genérico (EFG)"],
  ["biosimilar", "Biosimilar"],
  ["huerfano", "Medicamento huérfano"],
  ["triangulo_negro", "Triángulo negro (seguimiento adicional)"],
  ["comercializado", "Comercializado"],
  ["problema_suministro", "Con problemas de suministro"],
] as const;

/**
 * The proposal form of nuevo-producto and sugerir-cambios: one native form in three tabs (the
 * first is the specification's default tab: datosObligatorios or editarProducto). Hidden tabs stay
 * mounted, so every field is submitted; after a failed save the first tab with an error opens.
 */
export function ProposalForm(props: {
  firstTab: "datosObligatorios" | "editarProducto";
  initial: ProposalFormValues;
  laboratories: Option[];
  imageUrl: string | null;
  /** The page's useFormFailure(): a failed save's message, errors and what was typed. */
  failure: FormFailureView<{ values: ProposalFormValues }>;
  submitLabel: string;
}) {
  const { firstTab, laboratories, imageUrl, failure } = props;
  const failed = failure.failure;
  const values = failed?.values ?? props.initial;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const err = failure.error;
  const errorTabs = new Set(Object.keys(failure.errors ?? {}).map((field) => tabOfField(field)));
  const firstErrorTab = [...errorTabs][0];
  const requested = searchParams.get("tab");
  const tabs = [firstTab, "datosOpcionales", "imagenes"];
  const tab =
    failed && firstErrorTab
      ? firstErrorTab === "datosObligatorios"
        ? firstTab
        : firstErrorTab
      : tabs.includes(requested ?? "")
        ? (requested as string)
        : firstTab;
  const flagged = (name: string) => (errorTabs.has(name === firstTab ? "datosObligatorios" : (name as "datosOpcionales")) ? " ⚠" : "");
  return (
    <Form method="post" encType="multipart/form-data" noValidate>
      <Stack gap="md">
        {failed ? (
          <Alert color="red" title="No se ha guardado" role="alert">
            {failure.message} {errorTabs.has("imagenes") ? null : "Si habías elegido una imagen, vuelve a elegirla."}
          </Alert>
        ) : null}
        <Tabs
          value={tab}
          keepMounted
          onChange={(value) =>
            setSearchParams(
              (prev) => {
                prev.set("tab", value ?? firstTab);
                return prev;
              },
              { replace: true, preventScrollReset: true },
            )
          }
        >
          <Tabs.List>
            <Tabs.Tab value={firstTab}>Datos obligatorios{flagged(firstTab)}</Tabs.Tab>
            <Tabs.Tab value="datosOpcionales">Datos opcionales{flagged("datosOpcionales")}</Tabs.Tab>
            <Tabs.Tab value="imagenes">Imágenes{errorTabs.has("imagenes") ? " ⚠" : ""}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={firstTab} pt="lg">
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <TextInput
                  name="nombre"
                  label="Nombre del medicamento"
                  description="Como figura en la caja: marca, dosis y forma"
                  defaultValue={values.nombre}
                  error={err("nombre")}
                  required
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    name="laboratorio_id"
                    label="Laboratorio titular"
                    data={laboratories}
                    defaultValue={values.laboratorio_id || null}
                    searchable
                    nothingFoundMessage="Ningún laboratorio coincide"
                    error={err("laboratorio_id")}
                    required
                  />
                  <TextInput
                    name="numero_registro"
                    label="Nº de registro (AEMPS)"
                    inputMode="numeric"
                    defaultValue={values.numero_registro}
                    error={err("numero_registro")}
                    required
                  />
                  <Select
                    name="forma"
                    label="Forma farmacéutica"
                    data={PHARMACEUTICAL_FORMS.map((f) => ({ value: f, label: FORM_LABELS[f] }))}
                    defaultValue={values.forma || null}
                    searchable
                    error={err("forma")}
                    required
                  />
                  <Select
                    name="receta"
                    label="Dispensación"
                    data={PRESCRIPTION_TYPES.map((p) => ({ value: p, label: PRESCRIPTION_LABELS[p] }))}
                    defaultValue={values.receta || null}
                    error={err("receta")}
                    required
                  />
                </SimpleGrid>
                <IngredientRows initial={values.principios_activos} err={err} />
                {err("principios_activos") ? (
                  <Text c="red" size="sm">
                    {err("principios_activos")}
                  </Text>
                ) : null}
                <PresentationRows initial={values.presentaciones} err={err} />
                {err("presentaciones") ? (
                  <Text c="red" size="sm">
                    {err("presentaciones")}
                  </Text>
                ) : null}
              </Stack>
            </Card>
          </Tabs.Panel>
          <Tabs.Panel value="datosOpcionales" pt="lg">
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput name="atc" label="Código ATC" placeholder="M01AE01" defaultValue={values.atc} error={err("atc")} />
                  <Select
                    name="laboratorio_comercializador_id"
                    label="Laboratorio comercializador (si es otro)"
                    data={laboratories}
                    defaultValue={values.laboratorio_comercializador_id || null}
                    searchable
                    clearable
                    error={err("laboratorio_comercializador_id")}
                  />
                </SimpleGrid>
                <Input.Wrapper label="Vías de administración" error={err("vias")}>
                  <Group gap="md" mt={6}>
                    {ADMINISTRATION_ROUTES.map((via) => (
                      <Checkbox key={via} name="vias" value={via} label={ROUTE_LABELS[via]} defaultChecked={values.vias.includes(via)} />
                    ))}
                  </Group>
                </Input.Wrapper>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  {FLAGS.map(([name, label]) => (
                    <Checkbox key={name} name={name} label={label} defaultChecked={values[name]} />
                  ))}
                </SimpleGrid>
                <TextInput
                  name="prospecto_url"
                  label="Prospecto (dirección https)"
                  defaultValue={values.prospecto_url}
                  error={err("prospecto_url")}
                />
                <TextInput
                  name="ficha_tecnica_url"
                  label="Ficha técnica (dirección https)"
                  defaultValue={values.ficha_tecnica_url}
                  error={err("ficha_tecnica_url")}
                />
                <Textarea
                  name="descripcion"
                  label="Descripción"
                  defaultValue={values.descripcion}
                  error={err("descripcion")}
                  autosize
                  minRows={3}
                  maxLength={2000}
                />
                <Textarea
                  name="comentario"
                  label="Nota para el moderador (no se publica)"
                  description="Por ejemplo, de dónde salen los datos"
                  defaultValue={values.comentario}
                  error={err("comentario")}
                  autosize
                  minRows={2}
                  maxLength={1000}
                />
              </Stack>
            </Card>
          </Tabs.Panel>
          <Tabs.Panel value="imagenes" pt="lg">
            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                {imageUrl ? <img src={imageUrl} alt="Imagen elegida" style={{ maxWidth: 280, borderRadius: 8 }} /> : null}
                {/* A native file field: it submits with the form, with or without JavaScript. */}
                <Input.Wrapper
                  label={imageUrl ? "Cambiar la imagen" : "Foto de la caja"}
                  description="JPEG, PNG o WebP de hasta 5 MB. Sin imagen, se dibuja la caja con los datos."
                  error={err("imagen")}
                  labelProps={{ htmlFor: "campo-imagen" }}
                >
                  <input
                    id="campo-imagen"
                    type="file"
                    name="imagen"
                    accept="image/jpeg,image/png,image/webp"
                    style={{ display: "block", marginTop: 4 }}
                  />
                </Input.Wrapper>
              </Stack>
            </Card>
          </Tabs.Panel>
        </Tabs>
        <Group>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {props.submitLabel}
          </Button>
          <Text size="sm" c="gray.7">
            Verás cómo quedará antes de enviarlo a revisión.
          </Text>
        </Group>
      </Stack>
    </Form>
  );
}
