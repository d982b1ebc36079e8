import { Button, Checkbox, Group, MultiSelect, Select, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { zodResolver } from "#app/lib/zod-resolver";
import { SimpleGrid } from "#app/ui/grid";
import { SpanishDateInput } from "#app/ui/spanish-date-input";
import {
  profileCandidatoSchema,
  profileEmpleoSchema,
  profileMarketingSchema,
  profileVisitaSchema,
  profileWebSchema,
  type RegisterTypeName,
} from "#common/accounts";
import type { ProfileValues } from "#common/accounts/profile-values";
import { PROFILE_ENDPOINT } from "./account-types";
import { type AnyForm, CompanyFields, companyInitialValues, companyPayload } from "./company-fields";
import { PaisEstadoSelects } from "./pais-estado-selects";
import type { Option } from "./register-form";
import { useProfileSave } from "./use-profile-save";

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

type Run = <T>(message: string, task: () => Promise<T>) => Promise<T>;

const toNumber = (value: string | null | undefined) => (value ? Number(value) : null);

function PersonFields({ form, reference }: { form: AnyForm; reference: ProfileReference }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nombre" autoComplete="given-name" required key={form.key("nombre")} {...form.getInputProps("nombre")} />
        <TextInput label="Apellidos" autoComplete="family-name" required key={form.key("apellidos")} {...form.getInputProps("apellidos")} />
      </SimpleGrid>
      <Select
        label="Cargo"
        data={reference.cargos}
        searchable
        required
        nothingFoundMessage="Ningún cargo coincide"
        key={form.key("cargo")}
        {...form.getInputProps("cargo")}
      />
    </>
  );
}

/** web, academia and candidato: person, job and company; candidato adds birth date and location. */
export function WebProfileForm({
  type,
  reference,
  run,
}: {
  type: "web" | "academia" | "candidato";
  reference: ProfileReference;
  run: Run;
}) {
  const save = useProfileSave(type, run);
  const candidato = type === "candidato";
  const saved = reference.values;
  const form = useForm({
    mode: "controlled",
    initialValues: {
      nombre: reference.nombre,
      apellidos: reference.apellidos,
      cargo: saved?.cargo ?? (null as string | null),
      empresa_nombre: saved?.empresa_nombre ?? "",
      delegacion: saved?.delegacion ?? "",
      empresa_tipo: saved?.empresa_tipo ?? (null as string | null),
      desempleado: saved?.desempleado ?? false,
      autoempleo: saved?.autoempleo ?? false,
      nacimiento: saved?.nacimiento ?? "",
      pais: reference.paisId,
      estado: saved?.estado ?? (null as string | null),
    },
  });
  const payload = () => {
    const v = form.getValues();
    const base = {
      nombre: v.nombre,
      apellidos: v.apellidos,
      cargo: toNumber(v.cargo),
      empresa_nombre: v.desempleado ? null : v.empresa_nombre || null,
      delegacion: v.delegacion || null,
      empresa_tipo: toNumber(v.empresa_tipo),
      desempleado: v.desempleado,
      autoempleo: v.autoempleo,
    };
    return candidato ? { ...base, nacimiento: v.nacimiento, pais: toNumber(v.pais), estado: toNumber(v.estado) } : base;
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = payload();
    const errors = zodResolver(candidato ? profileCandidatoSchema : profileWebSchema)(data);
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    void save(PROFILE_ENDPOINT[type], data, form.setErrors);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PersonFields form={form} reference={reference} />
        {candidato && (
          <>
            <SpanishDateInput
              label="Fecha de nacimiento"
              required
              defaultLevel="decade"
              maxDate={new Date()}
              key={form.key("nacimiento")}
              {...form.getInputProps("nacimiento")}
              value={form.values.nacimiento || null}
              onChange={(value) => form.setFieldValue("nacimiento", value ?? "")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PaisEstadoSelects
                form={form}
                paisField="pais"
                estadoField="estado"
                paises={reference.paises}
                initialEstados={reference.estados}
                initialPaisId={reference.paisId}
                paisLabel="País de residencia"
              />
            </SimpleGrid>
          </>
        )}
        <Group>
          <Checkbox
            label="Estoy desempleado/a"
            key={form.key("desempleado")}
            {...form.getInputProps("desempleado", { type: "checkbox" })}
          />
          <Checkbox
            label="Trabajo por cuenta propia"
            key={form.key("autoempleo")}
            {...form.getInputProps("autoempleo", { type: "checkbox" })}
          />
        </Group>
        {!form.values.desempleado && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Empresa"
              autoComplete="organization"
              required
              key={form.key("empresa_nombre")}
              {...form.getInputProps("empresa_nombre")}
            />
            <TextInput label="Delegación u oficina" key={form.key("delegacion")} {...form.getInputProps("delegacion")} />
          </SimpleGrid>
        )}
        <Select
          label="Tipo de empresa"
          data={reference.empresaTipos}
          clearable
          key={form.key("empresa_tipo")}
          {...form.getInputProps("empresa_tipo")}
        />
        <Button type="submit">Guardar y continuar</Button>
      </Stack>
    </form>
  );
}

/** visita: person, job title and the provinces covered (zonas) in the user's country. */
export function VisitaProfileForm({ reference, run }: { reference: ProfileReference; run: Run }) {
  const save = useProfileSave("visita", run);
  const form = useForm({
    mode: "controlled",
    initialValues: {
      nombre: reference.nombre,
      apellidos: reference.apellidos,
      cargo: reference.values?.cargo ?? (null as string | null),
      zonas: reference.values?.zonas ?? ([] as string[]),
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const v = form.getValues();
    const data = { nombre: v.nombre, apellidos: v.apellidos, cargo: toNumber(v.cargo), zonas: v.zonas.map(Number) };
    const errors = zodResolver(profileVisitaSchema)(data);
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    void save(PROFILE_ENDPOINT.visita, data, form.setErrors);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PersonFields form={form} reference={reference} />
        <MultiSelect
          label="Zonas que cubres"
          description="Las provincias o estados en los que visitas a profesionales."
          data={reference.estados}
          searchable
          required
          hidePickedOptions
          nothingFoundMessage="Ninguna zona coincide"
          key={form.key("zonas")}
          {...form.getInputProps("zonas")}
        />
        <Button type="submit">Guardar y continuar</Button>
      </Stack>
    </form>
  );
}

/** mkt and empleo: person, job title and the company's details (mkt also the web site). */
export function CompanyProfileForm({ type, reference, run }: { type: "mkt" | "empleo"; reference: ProfileReference; run: Run }) {
  const save = useProfileSave(type, run);
  const form = useForm({
    mode: "controlled",
    initialValues: {
      nombre: reference.nombre,
      apellidos: reference.apellidos,
      cargo: reference.values?.cargo ?? (null as string | null),
      ...companyInitialValues(reference),
      ...reference.values?.company,
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const v = form.getValues();
    const company = companyPayload(v, type === "mkt");
    const data = { nombre: v.nombre, apellidos: v.apellidos, cargo: toNumber(v.cargo), ...company };
    const errors = zodResolver(type === "mkt" ? profileMarketingSchema : profileEmpleoSchema)(data);
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    void save(PROFILE_ENDPOINT[type], data, form.setErrors);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PersonFields form={form} reference={reference} />
        <Title order={2} size="h4" mt="sm">
          {type === "mkt" ? "Tu laboratorio o empresa" : "La empresa que contrata"}
        </Title>
        <CompanyFields form={form} reference={reference} withWeb={type === "mkt"} />
        <Button type="submit">Guardar y continuar</Button>
      </Stack>
    </form>
  );
}

export function ProfileStepForm({ type, reference, run }: { type: RegisterTypeName; reference: ProfileReference; run: Run }) {
  if (type === "visita") return <VisitaProfileForm reference={reference} run={run} />;
  if (type === "mkt" || type === "empleo") return <CompanyProfileForm type={type} reference={reference} run={run} />;
  return <WebProfileForm type={type} reference={reference} run={run} />;
}
