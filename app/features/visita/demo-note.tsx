import { PlainAlert } from "#app/ui/plain-alert";

/** Every catalogue page says plainly that the catalogue is a demonstration. */
export function DemoNote() {
  return (
    <PlainAlert color="blue" title="Catálogo de demostración" role="note">
      Las marcas, los laboratorios y los códigos nacionales de este catálogo son ficticios; los principios activos, los códigos ATC y las
      formas farmacéuticas son reales. No uses estos datos para prescribir ni dispensar: consulta siempre el CIMA de la AEMPS.
    </PlainAlert>
  );
}
