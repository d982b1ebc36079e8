import { Anchor, Button, Checkbox, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import { formatDateTime } from "#app/features/admin/format";
import { useFormFailure } from "#app/lib/form";
import { FormError } from "#app/ui/form-error";
import { linkTo } from "#common/route-names";
import type { Route } from "./+types/legal-editor";
import { loadLegalEditor, publishLegalAction } from "./legal.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadLegalEditor(context, request, params.documento);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return publishLegalAction(context, request, params.documento);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.title ?? "Texto legal"} · Administración` }, { name: "robots", content: "noindex" }];
}

/** Publishes the next version of one legal text; a material change of the terms asks every user to accept it. */
export default function LegalEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { failure, formRef, error, value } = useFormFailure(actionData);
  const data = loaderData;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {data.title}: nueva versión
      </Title>
      <Text c="gray.7">
        Vigente: versión {data.version} (
        <Anchor component={Link} to={linkTo("legal", { documento: data.slug })} underline="always">
          ver la página pública
        </Anchor>
        ). «## » abre un apartado, «- » un punto de una lista y una línea en blanco separa párrafos. Los marcadores {"{{titular}}"},{" "}
        {"{{nif}}"}, {"{{domicilio}}"}, {"{{registro}}"}, {"{{email}}"}, {"{{dpd}}"}, {"{{marca}}"} y {"{{web}}"} se rellenan con la
        configuración.
      </Text>
      <Form method="post" noValidate ref={formRef}>
        <Stack gap="md">
          <FormError message={failure && Object.keys(failure.errors).length === 0 ? failure.message : null} />
          <Textarea
            label="Texto"
            name="body"
            required
            autosize
            minRows={16}
            maxRows={40}
            defaultValue={value("body", data.body)}
            error={error("body")}
          />
          <TextInput
            label="Qué cambia (se muestra en la lista de versiones)"
            name="summary"
            required
            maxLength={300}
            defaultValue={value("summary")}
            error={error("summary")}
          />
          {data.kind === "condiciones" && (
            <Checkbox
              name="material"
              value="1"
              defaultChecked={value("material") === "1"}
              label="Cambio sustancial: todos los usuarios deberán aceptar esta versión antes de seguir usando su cuenta"
            />
          )}
          <Button type="submit" style={{ alignSelf: "flex-start" }}>
            Publicar la versión {data.version + 1}
          </Button>
        </Stack>
      </Form>
      <Stack gap={4}>
        <Title order={2} size="h4">
          Versiones publicadas
        </Title>
        {data.versions.map((version) => (
          <Text key={version.version} size="sm">
            <Anchor
              component={Link}
              to={linkTo("legal-version", { documento: data.slug, version: String(version.version) })}
              underline="always"
            >
              Versión {version.version}
            </Anchor>
            , {formatDateTime(version.publishedAt)}: {version.summary}
            {version.material ? " (cambio sustancial)" : ""}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
