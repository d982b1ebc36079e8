// The first version of the cookie policy's text; the table of cookies comes from the registry in code.
export const COOKIES = `## Qué son las cookies

Una cookie es un pequeño archivo que un sitio web guarda en tu navegador; el almacenamiento local (localStorage) es parecido. {{marca}} los usa conforme al artículo 22.2 de la LSSI-CE y a la Guía sobre el uso de las cookies de la AEPD.

## Qué usamos

Las cookies técnicas y de preferencias son necesarias para que el sitio funcione (iniciar sesión, proteger los formularios, recordar tu zona horaria o tu elección de cookies) y no necesitan tu consentimiento. Las analíticas y publicitarias solo se activan si las aceptas. La tabla siguiente, generada a partir de la lista del propio código, enumera cada cookie y clave de almacenamiento que el sitio guarda, con su finalidad y duración.

Para que los laboratorios y los visitadores sepan cuántas veces se ven sus fichas, perfiles y promociones, las páginas envían un aviso al mostrarse que solo suma uno al recuento del día. Este recuento agregado no guarda ni lee nada en tu navegador ni te identifica, por lo que no necesita tu consentimiento; si has iniciado sesión y aceptas las cookies analíticas, se suma además a la provincia que indicaste en tu cuenta, y si las rechazas (o tu navegador envía la señal Global Privacy Control) no se anota ninguna provincia.

Si el titular configura el inicio de sesión con Google, al usar ese botón Google (tercero) puede instalar sus propias cookies en su dominio; su política está en https://policies.google.com/technologies/cookies.

## Cómo cambiar tu elección

«Aceptar» y «Rechazar» están al mismo nivel en el aviso de cookies, y puedes cambiar tu elección en cualquier momento con el enlace «Configurar cookies» del pie de cada página. Guardamos tu elección con su fecha y te la volvemos a preguntar pasados 13 meses o cuando cambie la lista de cookies. También puedes borrar las cookies desde la configuración de tu navegador.

## Contacto

Para cualquier duda escribe a {{email}}.`;
