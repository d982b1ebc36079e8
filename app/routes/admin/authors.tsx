import { Alert, Avatar, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useFetcher } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { SimpleGrid } from "#app/ui/grid";
import type { Route } from "./+types/authors";
import { autoresAction, loadAutores, type NewsroomResult } from "./newsroom.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAutores(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return autoresAction(context, request);
}

export function meta() {
  return [{ title: "Autores · Administración" }, { name: "robots", content: "noindex" }];
}

type Autor = Route.ComponentProps["loaderData"]["autores"][number];

export default function Autores({ loaderData }: Route.ComponentProps) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Autores
        </Title>
        <Text c="gray.7" mt="xs">
          Las firmas de noticias y tribunas: nombre, cargo, empresa y foto, tal como aparecen en la web.
        </Text>
      </div>
      <AuthorForm key={`nuevo-${loaderData.autores.length}`} autor={null} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {loaderData.autores.map((autor) => (
          <AuthorForm key={autor.id} autor={autor} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function AuthorForm({ autor }: { autor: Autor | null }) {
  const fetcher = useFetcher<NewsroomResult>();
  const formId = `autor-${autor?.id ?? "nuevo"}`;
  const result = fetcher.data?.key === formId ? fetcher.data : null;
  const { formRef, error: err, value } = useFormFailure(result);
  const signs = autor ? autor.noticias + autor.tribunas : 0;
  const remove = () =>
    modals.openConfirmModal({
      title: `Borrar a ${autor?.nombre}`,
      children: <Text size="sm">Se borrará su ficha y su foto. ¿Seguro?</Text>,
      labels: { confirm: "Borrar", cancel: "Cancelar" },
      confirmProps: { color: "red" },
      onConfirm: () => fetcher.submit({ intent: "delete", id: String(autor?.id) }, { method: "post" }),
    });
  return (
    <Card withBorder component="section" aria-label={autor ? autor.nombre : "Nuevo autor"}>
      <fetcher.Form method="post" encType="multipart/form-data" ref={formRef}>
        <Stack gap="sm">
          <Group gap="sm">
            <Avatar src={autor?.foto} alt="" size={48} radius="xl">
              {autor?.nombre.charAt(0) ?? "+"}
            </Avatar>
            <div>
              <Text fw={700}>{autor ? autor.nombre : "Nuevo autor"}</Text>
              {autor ? (
                <Text size="xs" c="gray.7">
                  {autor.noticias} noticias · {autor.tribunas} tribunas
                </Text>
              ) : null}
            </div>
          </Group>
          {autor ? <input type="hidden" name="id" value={autor.id} /> : null}
          <TextInput
            name="nombre"
            label="Nombre"
            required
            maxLength={120}
            defaultValue={value("nombre", autor?.nombre ?? "")}
            error={err("nombre")}
          />
          <Group grow align="flex-start">
            <TextInput name="cargo" label="Cargo" maxLength={120} defaultValue={value("cargo", autor?.cargo ?? "")} error={err("cargo")} />
            <TextInput
              name="empresa"
              label="Empresa"
              maxLength={120}
              defaultValue={value("empresa", autor?.empresa ?? "")}
              error={err("empresa")}
            />
          </Group>
          <Textarea
            name="bio"
            label="Biografía"
            autosize
            minRows={2}
            maxLength={1000}
            defaultValue={value("bio", autor?.bio ?? "")}
            error={err("bio")}
          />
          <label htmlFor={`${formId}-foto`}>
            <Text size="sm" fw={500}>
              {autor?.foto ? "Cambiar la foto" : "Foto"} (JPEG, PNG o WebP de hasta 5 MB)
            </Text>
          </label>
          <input id={`${formId}-foto`} type="file" name="foto" accept="image/jpeg,image/png,image/webp" />
          {err("foto") ? (
            <Text size="sm" c="red.8">
              {err("foto")}
            </Text>
          ) : null}
          {result ? (
            <Alert color={result.ok ? "teal" : "red"} p="xs" role={result.ok ? "status" : "alert"}>
              {result.message}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {autor ? "Guardar" : "Añadir autor"}
            </Button>
            {autor ? (
              <Button
                variant="outline"
                color="red"
                onClick={remove}
                disabled={signs > 0}
                title={signs > 0 ? "Firma noticias o tribunas: no se puede borrar" : undefined}
              >
                Borrar
              </Button>
            ) : null}
          </Group>
        </Stack>
      </fetcher.Form>
    </Card>
  );
}
