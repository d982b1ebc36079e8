import { Avatar, Button, Group, Input, Stack } from "@mantine/core";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { FormFailureView } from "#app/lib/form";
import { FilePicker } from "#app/ui/file-picker";
import { formatBytes } from "#app/ui/format-bytes";
import { COMPANY_LOGO_MAX_BYTES } from "#common/jobs/company";
import { readableDescription } from "./types";

/** The panel's logo field: shown on the company page and on each offer; initials until there is one. */
export function CompanyLogoForm({ nombre, logo, failure }: { nombre: string; logo: string | null; failure: FormFailureView }) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [file, setFile] = useState<File | null>(null);
  const error = failure.error("logo");
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Avatar src={logo} alt={logo ? `Logotipo de ${nombre}` : ""} size={72} radius="md" color="teal" variant="light">
        {nombre.slice(0, 2).toUpperCase()}
      </Avatar>
      <Stack gap="xs">
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="logo" />
          <Stack gap="xs" align="flex-start">
            <Input.Wrapper
              label="Logotipo"
              description={`PNG, JPEG o WebP, hasta ${formatBytes(COMPANY_LOGO_MAX_BYTES)}.`}
              styles={readableDescription}
              error={error}
              id="logo-wrapper"
              labelProps={{ htmlFor: "logo", id: "logo-label" }}
            >
              <FilePicker
                id="logo"
                name="logo"
                accept="image/png,image/jpeg,image/webp"
                aria-labelledby="logo-label"
                aria-invalid={Boolean(error)}
                aria-describedby={error ? "logo-wrapper-error logo-wrapper-description" : "logo-wrapper-description"}
                chosen={file ? `${file.name} · ${formatBytes(file.size)}` : null}
                onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
              />
            </Input.Wrapper>
            <Button type="submit" variant="default" size="sm" loading={busy("logo")}>
              Guardar logotipo
            </Button>
          </Stack>
        </Form>
        {logo ? (
          <Form method="post">
            <input type="hidden" name="intent" value="logo_remove" />
            <Button type="submit" variant="subtle" color="red" size="xs" loading={busy("logo_remove")}>
              Quitar logotipo
            </Button>
          </Form>
        ) : null}
      </Stack>
    </Group>
  );
}
