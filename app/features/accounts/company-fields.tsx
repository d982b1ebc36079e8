import { Select, TextInput } from "@mantine/core";
import { SimpleGrid } from "#app/ui/grid";
import type { CompanyValues } from "#common/accounts/profile-values";
import { type FormFields, PaisEstadoSelects } from "./country-estado-selects";
import type { Option } from "./register-form";

export function companyInitialValues(reference: { paisId: string }): CompanyValues {
  return {
    empresa: "",
    emailEmpresa: "",
    empresaTelefono: "",
    tipoEmpresa: null,
    empresaWeb: "",
    empresaDireccion: "",
    empresaDireccion2: "",
    empresaCodigoPostal: "",
    empresaPoblacion: "",
    empresaPais: reference.paisId,
    empresaEstado: null,
  };
}

/** The company part of the marketing, empleo and empleo-empresa payloads (product-spec §7), from the posted form. */
export function companyPayload(form: FormData, withWeb: boolean) {
  const v = Object.fromEntries(
    Object.keys(companyInitialValues({ paisId: "" })).map((name) => [name, String(form.get(name) ?? "").trim() || null]),
  ) as Record<keyof CompanyValues, string | null>;
  const payload: Record<string, unknown> = {
    empresa: v.empresa ?? "",
    emailEmpresa: v.emailEmpresa ?? "",
    empresaTelefono: v.empresaTelefono ?? "",
    tipoEmpresa: v.tipoEmpresa ? Number(v.tipoEmpresa) : null,
    empresaDireccion: v.empresaDireccion ?? "",
    empresaDireccion2: v.empresaDireccion2,
    empresaCodigoPostal: v.empresaCodigoPostal ?? "",
    empresaPoblacion: v.empresaPoblacion ?? "",
    empresaPais: v.empresaPais ? Number(v.empresaPais) : null,
    empresaEstado: v.empresaEstado ? Number(v.empresaEstado) : null,
  };
  if (withWeb) payload.empresaWeb = v.empresaWeb;
  return payload;
}

type Reference = { empresaTipos: Option[]; paises: Option[]; estados: Option[]; paisId: string };

/**
 * The company's fields, uncontrolled and named (decision 0060): `initial` is what the form starts
 * with, `fields` the action's failure (errors and what was typed).
 */
export function CompanyFields({
  fields,
  initial,
  reference,
  withWeb,
}: {
  fields: FormFields;
  initial: CompanyValues;
  reference: Reference;
  withWeb: boolean;
}) {
  const props = (name: keyof CompanyValues) => ({
    name,
    defaultValue: fields.value(name, initial[name] ?? ""),
    error: fields.error(name),
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nombre de la empresa" autoComplete="organization" required {...props("empresa")} />
        <Select
          label="Tipo de empresa"
          data={reference.empresaTipos}
          required
          {...props("tipoEmpresa")}
          defaultValue={props("tipoEmpresa").defaultValue || null}
        />
        <TextInput label="Correo electrónico de la empresa" type="email" required {...props("emailEmpresa")} />
        <TextInput label="Teléfono de la empresa" type="tel" autoComplete="tel" required {...props("empresaTelefono")} />
      </SimpleGrid>
      {withWeb && <TextInput label="Web de la empresa" placeholder="https://" {...props("empresaWeb")} />}
      <TextInput label="Dirección" autoComplete="address-line1" required {...props("empresaDireccion")} />
      <TextInput label="Dirección (continuación)" autoComplete="address-line2" {...props("empresaDireccion2")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Código postal" autoComplete="postal-code" required {...props("empresaCodigoPostal")} />
        <TextInput label="Población" autoComplete="address-level2" required {...props("empresaPoblacion")} />
        <PaisEstadoSelects
          fields={fields}
          paisField="empresaPais"
          estadoField="empresaEstado"
          paises={reference.paises}
          initialEstados={reference.estados}
          initialPaisId={reference.paisId}
          initialPais={initial.empresaPais}
          initialEstado={initial.empresaEstado}
        />
      </SimpleGrid>
    </>
  );
}
