// The first version of the aviso legal (LSSI-CE art. 10). {{placeholders}} come from the configuration.
export const AVISO_LEGAL = `## Titular del sitio web

En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), te informamos de los datos del titular de {{marca}} ({{web}}):

- Titular: {{titular}}
- NIF: {{nif}}
- Domicilio: {{domicilio}}
- Datos registrales: {{registro}}
- Correo electrónico de contacto: {{email}}

## Objeto

{{marca}} es una plataforma profesional para el sector farmacéutico y sanitario: ofertas de empleo, noticias y tribunas de opinión, un chat entre profesionales, y un catálogo de productos con los visitadores médicos que los presentan. El acceso al sitio atribuye la condición de usuario y supone conocer este aviso legal. El uso de una cuenta se rige además por las condiciones de uso.

## Propiedad intelectual e industrial

Los textos, el diseño, el código y las marcas del sitio pertenecen a {{titular}} o a quienes los licencian. Los contenidos que publican los usuarios (ofertas, mensajes, perfiles, promociones) son responsabilidad de quien los publica, que garantiza tener derecho a hacerlo. No se permite la reproducción total o parcial del sitio con fines comerciales sin autorización escrita.

## Responsabilidad

{{titular}} no garantiza la ausencia de interrupciones o errores y no responde de los contenidos de terceros enlazados desde el sitio. Como prestador de un servicio de alojamiento de datos (art. 16 LSSI-CE), retirará con diligencia cualquier contenido ilícito del que tenga conocimiento efectivo; puedes comunicárnoslo en {{email}} o con el botón «Denunciar» del chat.

La información sobre medicamentos se dirige a profesionales sanitarios y no sustituye la ficha técnica ni el consejo de un profesional.

## Legislación aplicable

Este aviso se rige por la legislación española. Para cualquier controversia serán competentes los juzgados y tribunales que correspondan conforme a la ley; si actúas como consumidor, los de tu domicilio. También puedes acudir a la plataforma europea de resolución de litigios en línea (https://ec.europa.eu/consumers/odr).`;
