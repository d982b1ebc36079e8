import { Button, Checkbox, Group, MultiSelect, Select, Stack, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Form } from "react-router";
import { useFormFailure } from "#app/lib/form";
import { SimpleGrid } from "#app/ui/grid";
import type { RegisterTypeName } from "#common/accounts";
import type { ProfileValues } from "#common/accounts/profile-values";
import { CompanyFields, companyInitialValues } from "./company-fields";
import { type FormFields, PaisEstadoSelects } from "./country-estado-selects";
import { BirthDateInput, NameInputs } from "./person-inputs";
import type { Option } from "./register-form";

export type ProfileReference = {
  cargos: Option[];
  empresaTipos: Option[];
  paises: Option[];
  /** Sub-divisions of the user's country. */
  estados: Option[];
  paisId: string;
  nombre: string;
  apellidos: string;
  /** What the user saved before (a completed account opening its form again), else null. */
  values?: ProfileValues | null;
};

/**
 * The profile step's forms (decision 0060): plain POSTs to the step page's action, which saves
 * through the same services as POST /api/user/<type> and redirects to the next page. The fields
 * are uncontrolled and named; `fields` is the action's failure (errors and what was typed).
 */
type FormProps = { reference: ProfileReference; fields: FormFields };

function PersonFields({ reference, fields, cargo }: FormProps & { cargo: string | null | undefined }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NameInputs
          nombre={fields.value("nombre", reference.nombre)}
          apellidos={fields.value("apellidos", reference.apellidos)}
          error={fields.error}
        />
      </SimpleGrid>
      <Select
        label="Cargo"
        name="cargo"
        data={reference.cargos}
        searchable
        required
        nothingFoundMessage="Ningún cargo coincide"
        defaultValue={fields.value("cargo", cargo ?? "") || null}
        error={fields.error("cargo")}
      />
    </>
  );
}

/** A checkbox posted as "1" when ticked; after a failed post it keeps what was sent. */
function flagDefault(fields: FormFields, name: string, saved: boolean | undefined, failed: boolean) {
  return failed ? fields.value(name) === "1" : Boolean(saved);
}

/** web, academia and candidato: person, job and company; candidato adds birth date and location. */
function WebProfileForm({ type, reference, fields, failed }: FormProps & { type: "web" | "academia" | "candidato"; failed: boolean }) {
  const candidato = type === "candidato";
  const saved = reference.values;
  const [desempleado, setDesempleado] = useState(flagDefault(fields, "desempleado", saved?.desempleado, failed));
  const text = (name: "empresa_nombre" | "delegacion") => ({
    name,
    defaultValue: fields.value(name, saved?.[name] ?? ""),
    error: fields.error(name),
  });
  return (
    <>
      <PersonFields reference={reference} fields={fields} cargo={saved?.cargo} />
      {candidato && (
        <>
          <BirthDateInput defaultValue={fields.value("nacimiento", saved?.nacimiento ?? "")} error={fields.error("nacimiento")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PaisEstadoSelects
              fields={fields}
              paisField="pais"
              estadoField="estado"
              paises={reference.paises}
              initialEstados={reference.estados}
              initialPaisId={reference.paisId}
              initialEstado={saved?.estado}
              paisLabel="País de residencia"
            />
          </SimpleGrid>
        </>
      )}
      <Group>
        <Checkbox
          label="Estoy desempleado/a"
          name="desempleado"
          value="1"
          checked={desempleado}
          onChange={(event) => setDesempleado(event.currentTarget.checked)}
        />
        <Checkbox
          label="Trabajo por cuenta propia"
          name="autoempleo"
          value="1"
          defaultChecked={flagDefault(fields, "autoempleo", saved?.autoempleo, failed)}
        />
      </Group>
      {!desempleado && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Empresa" autoComplete="organization" required {...text("empresa_nombre")} />
          <TextInput label="Delegación u oficina" {...text("delegacion")} />
        </SimpleGrid>
      )}
      <Select
        label="Tipo de empresa"
        name="empresa_tipo"
        data={reference.empresaTipos}
        clearable
        defaultValue={fields.value("empresa_tipo", saved?.empresa_tipo ?? "") || null}
        error={fields.error("empresa_tipo")}
      />
    </>
  );
}

/** visita: person, job title and the provinces covered (zonas) in the user's country. */
function VisitaProfileForm({ reference, fields }: FormProps) {
  const typed = fields.value("zonas", (reference.values?.zonas ?? []).join(","));
  return (
    <>
      <PersonFields reference={reference} fields={fields} cargo={reference.values?.cargo} />
      <MultiSelect
        label="Zonas que cubres"
        name="zonas"
        description="Las provincias o estados en los que visitas a profesionales."
        data={reference.estados}
        searchable
        required
        hidePickedOptions
        nothingFoundMessage="Ninguna zona coincide"
        defaultValue={typed ? typed.split(",") : []}
        error={fields.error("zonas")}
      />
    </>
  );
}

/** mkt and empleo: person, job title and the company's details (mkt also the web site). */
function CompanyProfileForm({ type, reference, fields }: FormProps & { type: "mkt" | "empleo" }) {
  return (
    <>
      <PersonFields reference={reference} fields={fields} cargo={reference.values?.cargo} />
      <Title order={2} size="h4" mt="sm">
        {type === "mkt" ? "Tu laboratorio o empresa" : "La empresa que contrata"}
      </Title>
      <CompanyFields
        fields={fields}
        initial={{ ...companyInitialValues(reference), ...reference.values?.company }}
        reference={reference}
        withWeb={type === "mkt"}
      />
    </>
  );
}

export function ProfileStepForm({
  type,
  reference,
  actionData,
}: {
  type: RegisterTypeName;
  reference: ProfileReference;
  actionData: unknown;
}) {
  const form = useFormFailure(actionData);
  const failed = form.failure !== null;
  return (
    <Form method="post" noValidate ref={form.formRef}>
      <Stack gap="md">
        {type === "visita" ? (
          <VisitaProfileForm reference={reference} fields={form} />
        ) : type === "mkt" || type === "empleo" ? (
          <CompanyProfileForm type={type} reference={reference} fields={form} />
        ) : (
          <WebProfileForm type={type} reference={reference} fields={form} failed={failed} />
        )}
        <Button type="submit">Guardar y continuar</Button>
      </Stack>
    </Form>
  );
}
