import { Button, Group, NativeSelect, Stack, Text, Textarea } from "@mantine/core";
import { useFetcher } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { FormError } from "#app/ui/form-error";
import { NOTE_MAX, RATING_MAX } from "#common/jobs/vocabulary";
import type { ApplicantView } from "#server/jobs";
import type { FormFailure } from "#server/platform/page-form";
import { readableDescription } from "./types";

const RATINGS = [
  { value: "", label: "Sin valorar" },
  ...Array.from({ length: RATING_MAX }, (_, index) => ({ value: String(index + 1), label: `${index + 1} de ${RATING_MAX}` })),
];

/** The company's private note and 1-5 rating of an applicant: only its recruiters see them. */
export function ApplicantNote({ applicant, name }: { applicant: Pick<ApplicantView, "id" | "nota" | "valoracion">; name: string }) {
  const fetcher = useFetcher<{ ok: true } | FormFailure>();
  const { formRef, failure, error, value } = useFormFailure(fetcher.data);
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  return (
    <fetcher.Form method="post" aria-label={`Nota privada sobre ${name}`} ref={formRef}>
      <input type="hidden" name="intent" value="nota" />
      <input type="hidden" name="candidatura" value={applicant.id} />
      <Stack gap="xs">
        <Textarea
          name="nota"
          label="Nota privada"
          description="Solo la ve tu empresa."
          styles={readableDescription}
          size="sm"
          autosize
          minRows={2}
          maxLength={NOTE_MAX}
          defaultValue={value("nota", applicant.nota ?? "")}
          error={error("nota")}
        />
        <Group gap="xs" align="flex-end">
          <NativeSelect
            name="valoracion"
            label={`Valoración de ${name}`}
            size="sm"
            defaultValue={value("valoracion", applicant.valoracion ? String(applicant.valoracion) : "")}
            data={RATINGS}
            error={error("valoracion")}
          />
          <Button type="submit" size="sm" variant="default" loading={fetcher.state !== "idle"}>
            Guardar nota
          </Button>
          {saved ? (
            <Text size="sm" c="teal.9" role="status">
              Nota guardada.
            </Text>
          ) : null}
        </Group>
        <FormError message={failure && !error("nota") && !error("valoracion") ? failure.message : null} />
      </Stack>
    </fetcher.Form>
  );
}
