import { Select, TextInput } from "@mantine/core";
import type { useForm } from "@mantine/form";
import { SimpleGrid } from "#app/ui/grid";
import type { CompanyValues } from "#common/accounts/profile-values";
import { PaisEstadoSelects } from "./pais-estado-selects";
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

/** The company part of the marketing, empleo and empleo-empresa payloads (product-spec §7). */
export function companyPayload(v: CompanyValues, withWeb: boolean) {
  const payload: Record<string, unknown> = {
    empresa: v.empresa,
    emailEmpresa: v.emailEmpresa,
    empresaTelefono: v.empresaTelefono,
    tipoEmpresa: v.tipoEmpresa ? Number(v.tipoEmpresa) : null,
    empresaDireccion: v.empresaDireccion,
    empresaDireccion2: v.empresaDireccion2 || null,
    empresaCodigoPostal: v.empresaCodigoPostal,
    empresaPoblacion: v.empresaPoblacion,
    empresaPais: v.empresaPais ? Number(v.empresaPais) : null,
    empresaEstado: v.empresaEstado ? Number(v.empresaEstado) : null,
  };
  if (withWeb) payload.empresaWeb = v.empresaWeb || null;
  return payload;
}

/** A form of any shape: the shared field groups live inside several forms. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyForm = ReturnType<typeof useForm<any>>;

type Reference = { empresaTipos: Option[]; paises: Option[]; estados: Option[]; paisId: string };

export function CompanyFields({ form, reference, withWeb }: { form: AnyForm; reference: Reference; withWeb: boolean }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Nombre de la empresa"
          autoComplete="organization"
          required
          key={form.key("empresa")}
          {...form.getInputProps("empresa")}
        />
        <Select
          label="Tipo de empresa"
          data={reference.empresaTipos}
          required
          key={form.key("tipoEmpresa")}
          {...form.getInputProps("tipoEmpresa")}
        />
        <TextInput
          label="Correo electrónico de la empresa"
          type="email"
          required
          key={form.key("emailEmpresa")}
          {...form.getInputProps("emailEmpresa")}
        />
        <TextInput
          label="Teléfono de la empresa"
          type="tel"
          autoComplete="tel"
          required
          key={form.key("empresaTelefono")}
          {...form.getInputProps("empresaTelefono")}
        />
      </SimpleGrid>
      {withWeb && (
        <TextInput label="Web de la empresa" placeholder="https://" key={form.key("empresaWeb")} {...form.getInputProps("empresaWeb")} />
      )}
      <TextInput
        label="Dirección"
        autoComplete="address-line1"
        required
        key={form.key("empresaDireccion")}
        {...form.getInputProps("empresaDireccion")}
      />
      <TextInput
        label="Dirección (continuación)"
        autoComplete="address-line2"
        key={form.key("empresaDireccion2")}
        {...form.getInputProps("empresaDireccion2")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Código postal"
          autoComplete="postal-code"
          required
          key={form.key("empresaCodigoPostal")}
          {...form.getInputProps("empresaCodigoPostal")}
        />
        <TextInput
          label="Población"
          autoComplete="address-level2"
          required
          key={form.key("empresaPoblacion")}
          {...form.getInputProps("empresaPoblacion")}
        />
        <PaisEstadoSelects
          form={form}
          paisField="empresaPais"
          estadoField="empresaEstado"
          paises={reference.paises}
          initialEstados={reference.estados}
          initialPaisId={reference.paisId}
        />
      </SimpleGrid>
    </>
  );
}
