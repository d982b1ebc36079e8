// The first version of the privacy policy (RGPD art. 13). {{placeholders}} come from the configuration.
export const PRIVACIDAD = `## Responsable del tratamiento

- Responsable: {{titular}} (NIF {{nif}})
- Domicilio: {{domicilio}}
- Contacto para protección de datos: {{dpd}}

## Qué datos tratamos, para qué y con qué base jurídica

- Cuenta (correo, contraseña cifrada, nombre, país, tipo de cuenta, perfil profesional): para prestarte el servicio que pides al registrarte. Base: la ejecución de las condiciones de uso que aceptas (art. 6.1.b RGPD).
- Empleo (candidaturas, CV, cartas de presentación, respuestas a preguntas de la oferta, ofertas guardadas y alertas): para presentar tu candidatura a la empresa que publica la oferta y avisarte de ofertas. Base: ejecución del contrato y, en las alertas, tu solicitud.
- Chat (conversaciones, mensajes y archivos adjuntos): para que hables con otros usuarios, y para revisar los mensajes que alguien denuncia. Base: ejecución del contrato; la moderación, nuestro interés legítimo en un servicio seguro (art. 6.1.f).
- Visitadores (cartera de productos, perfil público, verificaciones de visitas, promociones): para mostrar a los profesionales quién presenta cada producto. Base: ejecución del contrato.
- Boletín de noticias, comunicaciones comerciales y avisos del chat por correo: solo si lo aceptas, y puedes retirarlo en cualquier momento sin que afecte a lo anterior. Base: tu consentimiento (art. 6.1.a).
- Estadísticas de visitas (cuántas veces se ven cada día las fichas de producto, los perfiles públicos de visitador, sus carteras y promociones, y cuántas veces se pulsa «Contactar»): recuentos agregados por día, objeto y, si aceptas las cookies analíticas, la provincia de tu cuenta; nunca quién ha visitado. Los laboratorios ven las de sus productos y cada visitador las suyas. Base: nuestro interés legítimo en medir el uso del servicio (art. 6.1.f).
- Seguridad (registro de sesiones, direcciones IP, intentos de inicio de sesión): para proteger las cuentas. Base: interés legítimo y obligación legal de seguridad (art. 32 RGPD).
- Opiniones que nos envías: para mejorar el servicio y responderte. Base: tu solicitud.

## Quién recibe tus datos

- Las empresas a las que te presentas reciben tu candidatura, tu CV y tus respuestas.
- Los usuarios con los que hablas ven tus mensajes, tu nombre y tu foto en el chat.
- Cualquier visitante ve tu perfil público de visitador y tus promociones; la información de medicamentos de prescripción solo se muestra a quien declara ser profesional sanitario.
- Nuestros proveedores de alojamiento, correo y almacenamiento, como encargados del tratamiento con contrato (art. 28 RGPD), dentro del Espacio Económico Europeo salvo que se indique otra cosa con sus garantías.
- Las autoridades, cuando una ley lo exige.

No vendemos tus datos ni tomamos decisiones automatizadas con efectos jurídicos sobre ti.

## Cuánto tiempo los conservamos

- Tu cuenta y tu perfil: mientras la mantengas; al borrarla se eliminan o anonimizan en 30 días.
- Cuentas sin confirmar: 30 días.
- Candidaturas: mientras la oferta esté abierta y 24 meses después de su cierre, para que la empresa pueda atender reclamaciones; después se anonimizan.
- Mensajes del chat: mientras exista la conversación; si borras tu cuenta, tu interlocutor la conserva con «Usuario eliminado».
- Registros de seguridad y sesiones: hasta 12 meses.
- Estadísticas de visitas: 25 meses.
- Registros de aceptación de condiciones y de consentimientos (incluidos los cambios de tus preferencias de publicidad, boletín y avisos del chat): mientras exista la cuenta. Si al borrarla se conserva su registro anónimo («Usuario eliminado», porque un interlocutor o una empresa conservan una conversación o una candidatura), se guardan con él hasta 5 años después del borrado, para poder demostrarlos, y luego se eliminan; si no, se eliminan con la cuenta.

## Tus derechos

Puedes acceder a tus datos, rectificarlos, suprimirlos, oponerte, limitar su tratamiento y llevártelos (portabilidad), y retirar tu consentimiento en cualquier momento. Desde Mi cuenta › Privacidad descargas todos tus datos y borras tu cuenta; para lo demás, escríbenos a {{dpd}} indicando tu petición. Te responderemos en un mes como máximo.

Si crees que no hemos tratado bien tus datos, puedes reclamar ante la Agencia Española de Protección de Datos (AEPD), C/ Jorge Juan 6, 28001 Madrid, www.aepd.es.

## Datos obligatorios y menores

Los campos marcados como obligatorios son necesarios para prestarte el servicio. {{marca}} está dirigido a profesionales mayores de edad; no tratamos a sabiendas datos de menores de 18 años.`;
