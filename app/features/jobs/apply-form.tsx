import { Alert, Button, Group, Input, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FilePicker } from "#app/ui/file-picker";
import { formatBytes } from "#app/ui/format-bytes";
import { OFFER_LIMITS } from "#common/jobs/vocabulary";
import { type FormErrors, firstError, readableDescription } from "./types";

const ACCEPT = ".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Client-side check of the chosen CV; the server checks the bytes again. */
function cvProblem(file: File | null, maxBytes: number): string | undefined {
  if (!file) return "Adjunta tu CV en PDF o DOCX.";
  if (!/\.(pdf|docx)$/i.test(file.name)) return "El CV debe ser un archivo PDF o DOCX.";
  if (file.size > maxBytes) return `El CV no puede superar ${formatBytes(maxBytes)}.`;
  return undefined;
}

type Props = { maxUploadBytes: number; errors?: FormErrors; message?: string; cancelTo: string };

/** The application: a CV (native file input, so it also works without JavaScript) and a cover letter. */
export function ApplyForm({ maxUploadBytes, errors, message, cancelTo }: Props) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "apply";
  const [file, setFile] = useState<File | null>(null);
  const [clientError, setClientError] = useState<string>();
  const [carta, setCarta] = useState("");
  const cvError = clientError ?? firstError(errors, "cv");

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      // Our messages, beside the field, instead of the browser's bubble.
      noValidate
      id="inscripcion"
      aria-labelledby="inscripcion-title"
      onSubmit={(event) => {
        const problem = cvProblem(file, maxUploadBytes);
        if (problem) {
          event.preventDefault();
          setClientError(problem);
        }
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="inscripcion-title">
          Inscribirme en esta oferta
        </Title>
        {message && !cvError ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        <input type="hidden" name="intent" value="apply" />
        <Input.Wrapper
          label="Currículum (CV)"
          styles={readableDescription}
          description={`PDF o DOCX, hasta ${formatBytes(maxUploadBytes)}`}
          error={cvError}
          required
          id="cv-wrapper"
          labelProps={{ htmlFor: "cv", id: "cv-label" }}
        >
          <FilePicker
            id="cv"
            name="cv"
            accept={ACCEPT}
            aria-required
            aria-labelledby="cv-label"
            aria-invalid={Boolean(cvError)}
            aria-describedby={cvError ? "cv-wrapper-error cv-wrapper-description" : "cv-wrapper-description"}
            chosen={file ? `${file.name} · ${formatBytes(file.size)}` : null}
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0] ?? null;
              setFile(chosen);
              setClientError(chosen ? cvProblem(chosen, maxUploadBytes) : undefined);
            }}
          />
        </Input.Wrapper>
        <Textarea
          name="carta"
          label="Carta de presentación"
          styles={readableDescription}
          description="Opcional. Cuenta por qué encajas en el puesto."
          autosize
          minRows={5}
          maxRows={14}
          maxLength={OFFER_LIMITS.cartaMax}
          value={carta}
          onChange={(event) => setCarta(event.currentTarget.value)}
          error={firstError(errors, "carta")}
        />
        <Text size="xs" c="gray.7" mt={-8}>
          {carta.length.toLocaleString("es-ES")} / {OFFER_LIMITS.cartaMax.toLocaleString("es-ES")} caracteres
        </Text>
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            Enviar candidatura
          </Button>
          <Button component={Link} to={cancelTo} variant="subtle" preventScrollReset>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
