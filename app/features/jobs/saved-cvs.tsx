import { Alert, Anchor, Badge, Button, Card, Group, Input, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { FormFailureView } from "#app/lib/form";
import { formatDate } from "#app/lib/format";
import { useTimeZone } from "#app/lib/time-zone";
import { FilePicker } from "#app/ui/file-picker";
import { formatBytes } from "#app/ui/format-bytes";
import { MAX_SAVED_CVS } from "#common/jobs/vocabulary";
import { readableDescription } from "./types";

type SavedCv = { id: number; nombre: string; creado_en: string; predeterminado: boolean };

const ACCEPT = ".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** «Mis CV»: up to three saved CVs, one of them the default for one-click applications. */
export function SavedCvs({ cvs, maxUploadBytes, failure }: { cvs: SavedCv[]; maxUploadBytes: number; failure: FormFailureView }) {
  const tz = useTimeZone();
  const navigation = useNavigation();
  const [file, setFile] = useState<File | null>(null);
  const busy = (intent: string, id?: number) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData?.get("id") === String(id));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mis-cv-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="mis-cv-title">
          Mis CV ({cvs.length} de {MAX_SAVED_CVS})
        </Title>
        <Text size="sm" c="gray.7">
          Súbelos una vez y úsalos al inscribirte con un clic. El predeterminado es el que se propone primero.
        </Text>
        {cvs.length ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {cvs.map((cv) => (
              <Group key={cv.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Group gap="xs">
                    <Anchor href={`/api/empleo/cvs/${cv.id}/archivo`} fw={600}>
                      {cv.nombre}
                    </Anchor>
                    {cv.predeterminado ? (
                      <Badge variant="light" color="teal">
                        Predeterminado
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="gray.7">
                    Subido el <time dateTime={cv.creado_en}>{formatDate(cv.creado_en, tz)}</time>
                  </Text>
                </Stack>
                <Group gap="xs">
                  {cv.predeterminado ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="default_cv" />
                      <input type="hidden" name="id" value={cv.id} />
                      <Button
                        type="submit"
                        size="xs"
                        variant="default"
                        loading={busy("default_cv", cv.id)}
                        aria-label={`Usar ${cv.nombre} como predeterminado`}
                      >
                        Usar como predeterminado
                      </Button>
                    </Form>
                  )}
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete_cv" />
                    <input type="hidden" name="id" value={cv.id} />
                    <Button
                      type="submit"
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={busy("delete_cv", cv.id)}
                      aria-label={`Eliminar ${cv.nombre}`}
                    >
                      Eliminar
                    </Button>
                  </Form>
                </Group>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm">Aún no tienes CV guardados.</Text>
        )}
        {cvs.length < MAX_SAVED_CVS ? (
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="intent" value="upload_cv" />
            <Stack gap="xs" align="flex-start">
              <Input.Wrapper
                label="Añadir un CV"
                description={`PDF o DOCX, hasta ${formatBytes(maxUploadBytes)}`}
                styles={readableDescription}
                error={failure.error("cv")}
                id="nuevo-cv-wrapper"
                labelProps={{ htmlFor: "nuevo-cv", id: "nuevo-cv-label" }}
              >
                <FilePicker
                  id="nuevo-cv"
                  name="cv"
                  accept={ACCEPT}
                  aria-labelledby="nuevo-cv-label"
                  aria-describedby="nuevo-cv-wrapper-description"
                  chosen={file ? `${file.name} · ${formatBytes(file.size)}` : null}
                  onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
                />
              </Input.Wrapper>
              <Button type="submit" variant="default" loading={busy("upload_cv")}>
                Guardar CV
              </Button>
            </Stack>
          </Form>
        ) : (
          <Alert color="blue">Ya tienes {MAX_SAVED_CVS} CV guardados. Elimina uno para subir otro.</Alert>
        )}
      </Stack>
    </Card>
  );
}
