// The first version of the terms of use. {{placeholders}} come from the configuration.
export const CONDICIONES = `## Objeto y aceptación

Estas condiciones regulan el uso de {{marca}}, prestado por {{titular}}. Al crear una cuenta declaras haberlas leído y aceptado, junto con la política de privacidad. Si las cambiamos de forma sustancial, te pediremos que aceptes la nueva versión antes de seguir usando tu cuenta.

## Tu cuenta

- Debes ser mayor de edad y dar datos verdaderos. Cada cuenta es personal; guarda tu contraseña y avísanos si crees que alguien la ha usado.
- Las cuentas de empresa actúan en nombre de la empresa que declaran, y quien las crea garantiza que puede representarla.
- Puedes borrar tu cuenta en cualquier momento desde Mi cuenta › Privacidad.

## Reglas del chat

- Usa el chat para relaciones profesionales. No envíes publicidad no solicitada, cadenas ni mensajes masivos.
- No se permiten insultos, acoso, amenazas, contenido sexual, discriminatorio o ilícito, ni compartir datos de salud de pacientes.
- Los archivos adjuntos deben ser tuyos o tener permiso para compartirlos, y no contener programas maliciosos.
- Puedes bloquear a un usuario y denunciar un mensaje; el equipo de moderación revisa las denuncias y puede retirar mensajes y suspender cuentas.

## Perfiles públicos

- Lo que publiques en un perfil público (nombre, foto, zona, cartera de productos) lo puede ver cualquier visitante; la información sobre medicamentos de prescripción solo se muestra a quien declara ser profesional sanitario.
- No suplantes a otra persona ni uses marcas o fotos ajenas sin permiso.

## Promociones y productos

- Los visitadores solo presentan productos que de verdad promocionan y las promociones deben ser ciertas, vigentes y conformes con la normativa de publicidad de medicamentos (Real Decreto 1416/1994) y con los códigos de buenas prácticas del sector.
- Las propuestas de cambio del catálogo las revisa el equipo de moderación antes de publicarse.

## Ofertas de empleo

- Las empresas publican ofertas reales, con un puesto y unas condiciones verdaderas, sin discriminación por sexo, edad, origen u otra circunstancia personal.
- Los datos de los candidatos solo se usan para el proceso de selección de la oferta a la que se presentan.

## Responsabilidad y suspensión

Cada usuario responde de lo que publica. Podemos retirar contenidos y suspender o cerrar cuentas que incumplan estas condiciones, explicando el motivo salvo que la ley lo impida. El servicio se presta gratuitamente y tal cual; haremos lo razonable para que funcione sin interrupciones.

## Ley aplicable

Estas condiciones se rigen por la ley española. Contacto: {{email}}.`;
