import type { Story } from "./stories";
import type { DemoAreaSlug } from "./taxonomy";

/** Background paragraphs per area, so each demo story reads like a full article. */
const CONTEXT: Record<DemoAreaSlug, string[]> = {
  industria: [
    "La industria farmacéutica es uno de los sectores manufactureros más productivos del país: emplea a decenas de miles de personas, concentra una parte notable de la inversión industrial en I+D y exporta a más de un centenar de mercados.",
    "Los costes energéticos, la competencia internacional y la presión sobre los precios de los medicamentos maduros obligan a las plantas a especializarse y a automatizar para seguir siendo competitivas.",
  ],
  "i-d": [
    "España se ha consolidado como uno de los países europeos con más ensayos clínicos, gracias a una red hospitalaria con experiencia, a los plazos de autorización y a la colaboración entre centros.",
    "Los investigadores coinciden en que el reto ya no es tanto atraer estudios como mantener los equipos de coordinación y agilizar los contratos con los hospitales.",
  ],
  regulacion: [
    "La fijación de precios y la financiación pública de los medicamentos corresponden al Ministerio de Sanidad, mientras que la Agencia Española de Medicamentos y Productos Sanitarios (AEMPS) evalúa su calidad, seguridad y eficacia.",
    "Los cambios normativos se siguen de cerca en todo el sector, porque afectan a la llegada de nuevas terapias, a los márgenes de la cadena y a la sostenibilidad del sistema.",
  ],
  farmacia: [
    "Con más de 22.000 oficinas de farmacia, España tiene una de las redes más densas de Europa: el 99 % de la población tiene una farmacia en su municipio.",
    "Los farmacéuticos comunitarios reivindican un papel más activo en la atención primaria, con servicios profesionales remunerados y una mejor coordinación con médicos y enfermeras.",
  ],
  distribucion: [
    "La distribución farmacéutica de gama completa garantiza que cualquier farmacia reciba cualquier medicamento autorizado en pocas horas, con varias entregas diarias incluso en zonas rurales.",
    "Los problemas de suministro de los últimos años han puesto el foco en la trazabilidad, las reservas estratégicas y la coordinación entre laboratorios, mayoristas y farmacias.",
  ],
  marketing: [
    "La comunicación de la industria con los profesionales sanitarios está sujeta a normas estrictas: la publicidad de medicamentos de prescripción solo puede dirigirse a quienes los prescriben o dispensan.",
    "La pandemia aceleró la adopción de canales digitales, y los laboratorios combinan ahora la visita presencial con formación en línea, contenidos a demanda y servicios para pacientes.",
  ],
  rrhh: [
    "El sector farmacéutico ofrece empleo estable y cualificado: la mayoría de los contratos son indefinidos y más de la mitad de las plantillas tiene titulación universitaria.",
    "La transformación digital y las nuevas terapias cambian los perfiles que buscan las compañías, que compiten con otros sectores por el talento en datos, regulación y acceso al mercado.",
  ],
};

const VOICES = [
  "una portavoz de la compañía",
  "el responsable del proyecto",
  "una de las expertas consultadas",
  "el presidente de la asociación del sector",
  "la directora del área",
];

/** A sanitisable HTML body: the lead developed, a quote, background and the story's keys. */
export function storyBody(story: Story, index: number): string {
  const [area, , title, lead, tags] = story;
  const [first, second] = CONTEXT[area];
  const voice = VOICES[index % VOICES.length];
  const topic = tags[0] ?? "el sector";
  return [
    `<p>${lead}</p>`,
    `<p>La noticia llega en un momento de cambios para ${topic === "datos" ? "el sector" : topic}, y las fuentes consultadas por esta redacción coinciden en que tendrá efectos en los próximos meses. «${title.replace(/[«»]/g, "")} es una buena señal, pero ahora toca ejecutarlo bien», resume ${voice}.</p>`,
    "<h2>Contexto</h2>",
    `<p>${first}</p>`,
    `<p>${second}</p>`,
    "<h2>Las claves</h2>",
    `<ul>${tags.map((tag) => `<li>${tag.charAt(0).toUpperCase()}${tag.slice(1)}</li>`).join("")}</ul>`,
    "<p>Seguiremos informando de la evolución de este asunto en esta sección.</p>",
  ].join("");
}

/** The opinion columns of the demo (one per columnist). */
export const COLUMNS: Array<{ titulo: string; entradilla: string; parrafos: string[] }> = [
  {
    titulo: "El médico necesita tiempo, no más formularios",
    entradilla: "La burocracia se come la consulta y, con ella, la relación con el paciente.",
    parrafos: [
      "Cada minuto que un médico dedica a rellenar formularios es un minuto que no mira al paciente.",
      "Los sistemas de información deberían trabajar para nosotros: recoger los datos una vez y reutilizarlos cuando haga falta.",
      "Si de verdad queremos una atención primaria fuerte, empecemos por devolverle el tiempo.",
    ],
  },
  {
    titulo: "La farmacia rural no es un negocio, es un servicio",
    entradilla: "Sin farmacias en los pueblos no hay sanidad de proximidad.",
    parrafos: [
      "En muchos municipios la farmacia es el único establecimiento sanitario abierto todos los días.",
      "Los índices correctores ayudan, pero no bastan para que un joven farmacéutico se instale en un pueblo de 400 habitantes.",
      "Necesitamos un modelo que remunere el servicio y no solo el envase dispensado.",
    ],
  },
  {
    titulo: "Evaluar mejor para financiar antes",
    entradilla: "La evaluación de tecnologías sanitarias puede ser rápida y rigurosa a la vez.",
    parrafos: [
      "El paciente español espera demasiado para acceder a medicamentos que ya se usan en otros países europeos.",
      "La evaluación conjunta europea es una oportunidad para no duplicar trabajo y centrarnos en lo que cada sistema necesita decidir.",
      "Financiar con acuerdos de riesgo compartido y revisar los resultados es mejor que no financiar.",
    ],
  },
  {
    titulo: "Nadie ve la distribución hasta que falla",
    entradilla: "Una cadena de suministro invisible sostiene cada dispensación.",
    parrafos: [
      "Cada día, miles de pedidos salen de los almacenes para llegar a las farmacias en pocas horas.",
      "Ese servicio funciona con márgenes mínimos y una exigencia regulatoria altísima.",
      "Si queremos evitar desabastecimientos, debemos cuidar todos los eslabones, también el nuestro.",
    ],
  },
  {
    titulo: "La farmacia hospitalaria, en el centro de las terapias avanzadas",
    entradilla: "Preparar, custodiar y evaluar: el papel del farmacéutico de hospital crece.",
    parrafos: [
      "Las terapias celulares y génicas exigen circuitos nuevos en los hospitales.",
      "Los servicios de farmacia coordinan la logística, la preparación y el seguimiento de resultados en salud.",
      "Formar equipos y dotarlos de recursos es la condición para que estas terapias lleguen a quien las necesita.",
    ],
  },
  {
    titulo: "El fin de la visita médica tal y como la conocíamos",
    entradilla: "El delegado del futuro aporta valor, no solo muestras.",
    parrafos: [
      "El médico de hoy tiene menos tiempo y más información que nunca.",
      "La visita que funciona es la que llega con algo útil: un dato, un caso, una solución para su consulta.",
      "Los canales digitales no sustituyen a las personas; multiplican lo que una buena relación puede ofrecer.",
    ],
  },
  {
    titulo: "Retener el talento es más barato que buscarlo",
    entradilla: "Las compañías que cuidan a sus equipos comerciales venden más y rotan menos.",
    parrafos: [
      "Sustituir a un delegado con experiencia cuesta meses de ventas y de relaciones.",
      "Flexibilidad, formación y una carrera profesional clara son las palancas que más valoran los equipos.",
      "El sector tiene que competir por el talento también con otros sectores, y no solo con el salario.",
    ],
  },
  {
    titulo: "Los antibióticos necesitan otro modelo económico",
    entradilla: "Si un antibiótico nuevo se guarda en reserva, nadie lo desarrollará.",
    parrafos: [
      "Las resistencias antimicrobianas causan ya miles de muertes al año en Europa.",
      "El problema es económico: un antibiótico innovador debe usarse lo menos posible, y eso no paga su desarrollo.",
      "Modelos de suscripción que desvinculan el pago del volumen pueden cambiar esta ecuación.",
    ],
  },
  {
    titulo: "Lo que he aprendido en quince años de visita médica",
    entradilla: "Escuchar más que hablar sigue siendo la mejor estrategia.",
    parrafos: [
      "Al principio creía que mi trabajo era contar las ventajas de un producto.",
      "Con los años entendí que mi trabajo es entender qué necesita cada médico y cuándo puedo ayudarle.",
      "La confianza se gana en muchas visitas y se pierde en una sola.",
    ],
  },
  {
    titulo: "Publicidad de medicamentos: las reglas también valen en redes",
    entradilla: "Lo digital no es un territorio sin ley para la promoción farmacéutica.",
    parrafos: [
      "Las normas sobre publicidad de medicamentos se aplican igual en un congreso que en una red social.",
      "Los contenidos patrocinados deben identificarse y dirigirse solo a profesionales cuando se refieren a medicamentos de prescripción.",
      "La autorregulación del sector ha sido pionera, pero la vigilancia debe adaptarse al ritmo de las plataformas.",
    ],
  },
  {
    titulo: "Los datos de salud salvan vidas si sabemos usarlos",
    entradilla: "El espacio europeo de datos sanitarios es una oportunidad que no podemos desaprovechar.",
    parrafos: [
      "Tenemos millones de historias clínicas electrónicas que podrían responder preguntas clínicas relevantes.",
      "La clave está en la calidad de los datos, la interoperabilidad y la confianza de los ciudadanos.",
      "Con garantías de privacidad, compartir datos para investigar es un deber, no solo un derecho.",
    ],
  },
  {
    titulo: "Cooperar para competir: la lección de las cooperativas",
    entradilla: "Las farmacias independientes son más fuertes cuando comparten lo que no las diferencia.",
    parrafos: [
      "Compras, logística y formación son servicios que una farmacia sola no puede permitirse al mejor precio.",
      "Las cooperativas permiten que el farmacéutico se centre en su paciente y en su barrio.",
      "El modelo ha demostrado su resistencia en las crisis y debe seguir adaptándose a la digitalización.",
    ],
  },
];
