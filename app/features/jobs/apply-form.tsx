import { Button, Group, Input, Radio, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { FormFailureView } from "#app/lib/form";
import { FilePicker } from "#app/ui/file-picker";
import { FormError } from "#app/ui/form-error";
import { formatBytes } from "#app/ui/format-bytes";
import { typedBeforeHydration } from "#app/ui/typed-before-hydration";
import type { ScreeningQuestion } from "#common/jobs/screening";
import { CV_ACCEPT, CV_REQUIRED, OFFER_LIMITS } from "#common/jobs/vocabulary";
import { linkTo } from "#common/route-names";
import { ScreeningAnswers } from "./screening-answers";
import { firstError, readableDescription } from "./types";

const CARTA_ID = "carta-de-presentacion";

/** Client-side check of the chosen CV; the server checks the bytes again. */
function cvProblem(file: File | null, maxBytes: number): string | undefined {
  if (!file) return CV_REQUIRED;
  if (!/\.(pdf|docx)$/i.test(file.name)) return "El CV debe ser un archivo PDF o DOCX.";
  if (file.size > maxBytes) return `El CV no puede superar ${formatBytes(maxBytes)}.`;
  return undefined;
}

type SavedCv = { id: number; nombre: string; creado_en: string; predeterminado: boolean };

type Props = {
  maxUploadBytes: number;
  failure: FormFailureView;
  cancelTo: string;
  savedCvs?: SavedCv[];
  /** The offer's screening questions, and what was answered before a failed attempt. */
  preguntas?: ScreeningQuestion[];
  answers?: (string | undefined)[];
  /** The letter sent with a failed attempt (the server's render of it, before hydration too). */
  typedCarta?: string;
};

const NEW_FILE = "";

/** The application: a CV (native file input, so it also works without JavaScript) and a cover letter. */
export function ApplyForm({ maxUploadBytes, failure, cancelTo, savedCvs = [], preguntas = [], answers, typedCarta = "" }: Props) {
  const { errors, message } = failure;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "apply";
  const [file, setFile] = useState<File | null>(null);
  const [clientError, setClientError] = useState<string>();
  // Loaded lazily by the offer page: keep what was typed before the form hydrated.
  const [carta, setCarta] = useState(() => typedBeforeHydration(CARTA_ID, typedCarta));
  const cvError = clientError ?? firstError(errors, "cv") ?? firstError(errors, "cv_id");
  const initialChoice = String((savedCvs.find((cv) => cv.predeterminado) ?? savedCvs[0])?.id ?? NEW_FILE);
  const [choice, setChoice] = useState(initialChoice);
  const uploading = choice === NEW_FILE;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      // Our messages, beside the field, instead of the browser's bubble.
      noValidate
      id="inscripcion"
      aria-labelledby="inscripcion-title"
      onSubmit={(event) => {
        const problem = uploading ? cvProblem(file, maxUploadBytes) : undefined;
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
        <FormError message={cvError ? null : message} />
        <input type="hidden" name="intent" value="apply" />
        {savedCvs.length ? (
          <Radio.Group
            name="cv_id"
            label="Currículum (CV)"
            value={choice}
            onChange={(value) => {
              setChoice(value);
              setClientError(undefined);
            }}
            error={uploading ? undefined : cvError}
          >
            <Stack gap="xs" mt="xs">
              {savedCvs.map((cv) => (
                <Radio key={cv.id} value={String(cv.id)} label={cv.predeterminado ? `${cv.nombre} (predeterminado)` : cv.nombre} />
              ))}
              <Radio value={NEW_FILE} label="Subir otro CV" />
            </Stack>
          </Radio.Group>
        ) : null}
        {uploading ? (
          <Input.Wrapper
            label={savedCvs.length ? "Nuevo CV" : "Currículum (CV)"}
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
              accept={CV_ACCEPT}
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
        ) : null}
        <ScreeningAnswers preguntas={preguntas} errors={errors} values={answers} />
        <Textarea
          id={CARTA_ID}
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
        <Text size="xs" c="gray.7">
          La empresa que publica la oferta recibirá tu candidatura, tu CV y tus respuestas; la conservamos como explica la{" "}
          <Link to={linkTo("legal", { documento: "privacidad" })} style={{ color: "inherit", textDecoration: "underline" }}>
            política de privacidad
          </Link>
          .
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
