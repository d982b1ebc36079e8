import { Button, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { FormFailureView } from "#app/lib/form";
import { useEstados } from "#app/lib/use-estados";
import { FormError } from "#app/ui/form-error";
import { SimpleGrid } from "#app/ui/grid";
import { BirthDateInput, NameInputs } from "./person-inputs";
import type { Option } from "./register-form";

export type AddCandidatoDefaults = {
  nombre: string;
  apellidos: string;
  nacimiento: string;
  paisId: string;
  estadoId: string | null;
  paises: Option[];
  estados: Option[];
};

type Props = { defaults: AddCandidatoDefaults; failure: FormFailureView };

/**
 * Adds the candidato role to the signed-in account (a web, visita, mkt or empleo user who wants to
 * apply): the candidate fields, then the application form. Posts to the page's action (intent
 * "candidato"); what was typed stays in the fields when the server refuses it.
 */
export function AddCandidatoForm({ defaults, failure }: Props) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "candidato";
  const [pais, setPais] = useState<string | null>(defaults.paisId);
  const [estado, setEstado] = useState<string | null>(defaults.estadoId);
  const estados = useEstados(pais, defaults.estados, defaults.paisId);
  return (
    <Form method="post" ref={failure.formRef} noValidate aria-labelledby="candidato-title">
      <input type="hidden" name="intent" value="candidato" />
      <Stack gap="md">
        <Title order={2} size="h4" id="candidato-title">
          Inscríbete con tu cuenta
        </Title>
        <Text size="sm" c="gray.7">
          Completa tus datos de candidato y podrás inscribirte en esta y otras ofertas con el mismo correo. Los campos marcados con * son
          obligatorios.
        </Text>
        <FormError message={failure.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NameInputs nombre={defaults.nombre} apellidos={defaults.apellidos} error={failure.error} />
        </SimpleGrid>
        <BirthDateInput defaultValue={defaults.nacimiento} error={failure.error("nacimiento")} maw={320} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            name="pais"
            label="País de residencia"
            data={defaults.paises}
            searchable
            allowDeselect={false}
            required
            value={pais}
            onChange={(value) => {
              setPais(value);
              setEstado(null);
            }}
            error={failure.error("pais")}
          />
          <Select
            name="estado"
            label="Provincia o estado"
            data={estados}
            searchable
            disabled={!estados.length}
            value={estado}
            onChange={setEstado}
            error={failure.error("estado")}
          />
        </SimpleGrid>
        <Button type="submit" loading={submitting} style={{ alignSelf: "flex-start" }}>
          Guardar y continuar
        </Button>
      </Stack>
    </Form>
  );
}
