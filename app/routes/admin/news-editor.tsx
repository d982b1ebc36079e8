import { Alert, Anchor, Button, Checkbox, Group, Input, Radio, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { lazy, Suspense, useEffect, useState } from "react";
import { Form, useNavigation, useSearchParams, useSubmit } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { NEWS_STATUS_LABELS } from "#common/news/vocabulary";
import type { Route } from "./+types/news-editor";
import { loadNoticiaEditor, noticiaEditorAction } from "./news.server";

const BodyEditor = lazy(() => import("#app/features/jobs/rich-text-editor.client"));

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadNoticiaEditor(context, request, params as { id?: string });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return noticiaEditorAction(context, request, params as { id?: string });
}

const TITLES = {
  noticia: { edit: "Editar noticia", create: "Nueva noticia", unpublish: "Retirar la noticia", what: "La noticia" },
  tribuna: { edit: "Editar tribuna", create: "Nueva tribuna", unpublish: "Retirar la tribuna", what: "La tribuna" },
} as const;

export function meta({ data }: Route.MetaArgs) {
  const titles = TITLES[data?.kind ?? "noticia"];
  return [{ title: `${data?.noticia ? titles.edit : titles.create} · Administración` }, { name: "robots", content: "noindex" }];
}

const SAVED: Record<string, string> = {
  borrador: "Guardada como borrador.",
  programada: "Programada: se publicará sola a la hora indicada.",
  publicada: "Publicada.",
};

export default function NoticiaEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { noticia, kind } = loaderData;
  const titles = TITLES[kind];
  const isNews = kind === "noticia";
  const { formRef, failure, error: err, value: v } = useFormFailure(actionData);
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [html, setHtml] = useState(v("cuerpo_html", noticia?.cuerpo_html ?? ""));
  const [status, setStatus] = useState(v("status", noticia?.status ?? "borrador"));
  const saved = params.get("guardada");

  const unpublish = () =>
    modals.openConfirmModal({
      title: titles.unpublish,
      children: <Text size="sm">{titles.what} dejará de verse en la web y volverá a ser un borrador. ¿Seguro?</Text>,
      labels: { confirm: "Retirar", cancel: "Cancelar" },
      confirmProps: { color: "red" },
      onConfirm: () => submit({ intent: "unpublish" }, { method: "post" }),
    });

  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {noticia ? titles.edit : titles.create}
        </Title>
        {noticia ? (
          <Anchor href={noticia.url} target="_blank" rel="noopener">
            {noticia.status === "publicada" ? "Ver en la web" : "Vista previa"}
          </Anchor>
        ) : null}
      </Group>
      {saved && SAVED[saved] && !failure ? (
        <Alert color="teal" role="status">
          {SAVED[saved]}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" title="No se ha guardado">
          {failure.message}
        </Alert>
      ) : null}
      <Form method="post" encType="multipart/form-data" ref={formRef} noValidate>
        <Stack gap="md">
          <TextInput
            name="titulo"
            label="Título"
            required
            maxLength={200}
            defaultValue={v("titulo", noticia?.titulo ?? "")}
            error={err("titulo")}
          />
          <Textarea
            name="entradilla"
            label="Entradilla"
            required
            autosize
            minRows={2}
            maxLength={400}
            defaultValue={v("entradilla", noticia?.entradilla ?? "")}
            error={err("entradilla")}
          />
          <Group grow align="flex-start">
            {isNews ? (
              <>
                <Select
                  name="area_id"
                  label="Área"
                  required
                  data={loaderData.areas}
                  defaultValue={v("area_id", noticia?.area_id ?? "") || null}
                  error={err("area_id")}
                />
                <Select
                  name="category_id"
                  label="Categoría"
                  required
                  data={loaderData.categories}
                  defaultValue={v("category_id", noticia?.category_id ?? "") || null}
                  error={err("category_id")}
                />
              </>
            ) : null}
            <Select
              name="autor_id"
              label="Autor"
              required={!isNews}
              clearable={isNews}
              data={loaderData.authors}
              defaultValue={v("autor_id", noticia?.autor_id ?? "") || null}
              error={err("autor_id")}
            />
          </Group>
          {isNews ? (
            <TextInput
              name="etiquetas"
              label="Etiquetas"
              description="Separadas por comas (hasta 10)"
              defaultValue={v("etiquetas", noticia?.etiquetas ?? "")}
              error={err("etiquetas")}
            />
          ) : null}
          <Input.Wrapper label="Texto" required error={err("cuerpo_html")} labelProps={{ id: "cuerpo-label", component: "span" }}>
            {mounted ? (
              <>
                <input type="hidden" name="cuerpo_html" value={html} />
                <Suspense
                  fallback={
                    <Textarea
                      value={html}
                      onChange={(e) => setHtml(e.currentTarget.value)}
                      aria-labelledby="cuerpo-label"
                      autosize
                      minRows={8}
                    />
                  }
                >
                  <BodyEditor initialHtml={html} onChange={setHtml} labelId="cuerpo-label" invalid={Boolean(err("cuerpo_html"))} />
                </Suspense>
              </>
            ) : (
              <Textarea name="cuerpo_html" defaultValue={html} aria-labelledby="cuerpo-label" autosize minRows={8} />
            )}
          </Input.Wrapper>
          <Stack gap="xs">
            {noticia?.imagen_url ? (
              <img src={noticia.imagen_url} alt={noticia.imagen_alt} style={{ maxWidth: 320, borderRadius: 8 }} />
            ) : null}
            {/* A native file field: it submits with the form, with or without JavaScript. */}
            <Input.Wrapper
              label={noticia?.imagen_url ? "Cambiar la imagen" : isNews ? "Imagen principal" : "Imagen (opcional)"}
              description="JPEG, PNG o WebP de hasta 5 MB"
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
            <TextInput
              name="imagen_alt"
              label="Texto alternativo de la imagen"
              description="Qué muestra la imagen, para quien no la ve (obligatorio con imagen)"
              defaultValue={v("imagen_alt", noticia?.imagen_alt ?? "")}
              error={err("imagen_alt")}
            />
            <TextInput
              name="imagen_pie"
              label="Pie de foto"
              defaultValue={v("imagen_pie", noticia?.imagen_pie ?? "")}
              error={err("imagen_pie")}
            />
          </Stack>
          {isNews ? (
            <Checkbox
              name="destacada"
              label="Noticia principal de la portada"
              defaultChecked={v("destacada", noticia?.destacada ? "on" : "") === "on"}
            />
          ) : null}
          <Radio.Group name="status" label="Publicación" value={status} onChange={setStatus} error={err("status")}>
            <Group mt="xs">
              {(["borrador", "programada", "publicada"] as const).map((s) => (
                <Radio
                  key={s}
                  value={s}
                  label={s === "programada" ? "Programar" : s === "publicada" ? "Publicar ahora" : NEWS_STATUS_LABELS[s]}
                />
              ))}
            </Group>
          </Radio.Group>
          {status === "programada" ? (
            <TextInput
              type="datetime-local"
              name="publicada_en"
              label="Fecha y hora de publicación (hora peninsular)"
              required
              defaultValue={v("publicada_en", noticia?.publicada_en ?? "")}
              error={err("publicada_en")}
              maw={320}
            />
          ) : null}
          <Group>
            <Button type="submit" loading={navigation.state === "submitting"}>
              Guardar
            </Button>
            {noticia && noticia.status !== "borrador" ? (
              <Button variant="outline" color="red" onClick={unpublish}>
                Retirar de la web
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
