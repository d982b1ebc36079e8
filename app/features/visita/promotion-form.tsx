import { Alert, Button, Card, Group, Image, Input, NativeSelect, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import type { FormFailureView } from "#app/lib/form";
import { SimpleGrid } from "#app/ui/grid";
import { PROMOTION_KIND_LABELS, PROMOTION_KINDS, PROMOTION_LIMITS } from "#common/visita/promotions";

export type PromotionFormDefaults = {
  tipo: string;
  titulo: string;
  descripcion: string;
  condiciones: string;
  fecha_inicio: string;
  fecha_fin: string;
};

/**
 * The promotion form (crear-promocion and edit-promo): a plain multipart form, so it works without
 * JavaScript; dates are native day pickers whose days are taken in the user's time zone.
 */
export function PromotionForm(props: {
  defaults: PromotionFormDefaults;
  /** The page's useFormFailure(): a failed save's message, errors and what was typed. */
  failure: FormFailureView<{ values: PromotionFormDefaults }>;
  today: string;
  imageUrl: string | null;
  published: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { failure } = props;
  const values = failure.failure?.values ?? props.defaults;
  const err = failure.error;
  return (
    <Form method="post" ref={failure.formRef} encType="multipart/form-data" noValidate>
      <Stack gap="lg">
        {failure.failure ? (
          <Alert color="red" title="No se ha guardado" role="alert">
            {failure.message} Si habías elegido una imagen, vuelve a elegirla.
          </Alert>
        ) : null}
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <NativeSelect
              name="tipo"
              label="Tipo de promoción"
              required
              defaultValue={values.tipo}
              data={[
                { value: "", label: "Elige un tipo" },
                ...PROMOTION_KINDS.map((kind) => ({ value: kind, label: PROMOTION_KIND_LABELS[kind] })),
              ]}
              error={err("tipo")}
              maw={320}
            />
            <TextInput
              name="titulo"
              label="Título"
              required
              defaultValue={values.titulo}
              maxLength={PROMOTION_LIMITS.titleMax}
              error={err("titulo")}
            />
            <Textarea
              name="descripcion"
              label="Descripción"
              description="Texto sin formato: las direcciones web se convierten en enlaces."
              required
              defaultValue={values.descripcion}
              maxLength={PROMOTION_LIMITS.descriptionMax}
              autosize
              minRows={4}
              error={err("descripcion")}
            />
            <Textarea
              name="condiciones"
              label="Condiciones (opcional)"
              description="Quién puede acogerse, unidades disponibles, requisitos…"
              defaultValue={values.condiciones}
              maxLength={PROMOTION_LIMITS.conditionsMax}
              autosize
              minRows={2}
              error={err("condiciones")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="date"
                name="fecha_inicio"
                label="Válida desde"
                required
                defaultValue={values.fecha_inicio}
                error={err("fecha_inicio")}
              />
              <TextInput
                type="date"
                name="fecha_fin"
                label="Válida hasta (incluido)"
                description="Al acabar ese día caduca sola."
                required
                min={props.today}
                defaultValue={values.fecha_fin}
                error={err("fecha_fin")}
              />
            </SimpleGrid>
            <Stack gap="xs">
              {props.imageUrl ? <Image src={props.imageUrl} alt="Imagen actual de la promoción" maw={280} radius="md" /> : null}
              {/* A native file field: it submits with the form, with or without JavaScript. */}
              <Input.Wrapper
                label={props.imageUrl ? "Cambiar la imagen (opcional)" : "Imagen (opcional)"}
                description="JPEG, PNG o WebP de hasta 5 MB."
                error={err("imagen")}
                labelProps={{ htmlFor: "campo-imagen" }}
              >
                <input
                  id="campo-imagen"
                  type="file"
                  name="imagen"
                  accept="image/jpeg,image/png,image/webp"
                  style={{ display: "block", marginTop: 4, maxWidth: "100%" }}
                />
              </Input.Wrapper>
            </Stack>
          </Stack>
        </Card>
        <Group gap="sm">
          <Button type="submit" name="intent" value="publicar" loading={busy}>
            {props.published ? "Guardar cambios" : "Publicar"}
          </Button>
          {props.published ? null : (
            <Button type="submit" name="intent" value="borrador" variant="default" disabled={busy}>
              Guardar borrador
            </Button>
          )}
        </Group>
        <Text size="sm" c="gray.7">
          Publicada, se verá en la ficha del producto y en tu perfil público hasta el final del último día.
        </Text>
      </Stack>
    </Form>
  );
}
