/** The newsroom's areas and categories (ids fixed: the legacy canal-farmacias points at farmacia). */
export const DEMO_AREAS = [
  {
    id: 1,
    slug: "industria",
    nombre: "Industria",
    descripcion: "Laboratorios, plantas, inversiones y resultados de la industria farmacéutica.",
    color: [14, 90, 140],
  },
  { id: 2, slug: "i-d", nombre: "I+D", descripcion: "Ensayos clínicos, investigación básica y nuevas terapias.", color: [96, 60, 150] },
  {
    id: 3,
    slug: "regulacion",
    nombre: "Regulación",
    descripcion: "Normativa, precios, financiación y decisiones de las agencias.",
    color: [150, 70, 40],
  },
  {
    id: 4,
    slug: "farmacia",
    nombre: "Farmacia",
    descripcion: "La oficina de farmacia: servicios, gestión y atención farmacéutica.",
    color: [8, 116, 90],
  },
  {
    id: 5,
    slug: "distribucion",
    nombre: "Distribución",
    descripcion: "Mayoristas, logística, suministro y desabastecimientos.",
    color: [40, 100, 60],
  },
  {
    id: 6,
    slug: "marketing",
    nombre: "Marketing",
    descripcion: "Comunicación, visita médica, canales digitales y marca.",
    color: [170, 50, 90],
  },
  { id: 7, slug: "rrhh", nombre: "RR. HH.", descripcion: "Talento, formación, empleo y nombramientos del sector.", color: [120, 100, 30] },
] as const;

export const DEMO_CATEGORIES = [
  { id: 1, slug: "actualidad", nombre: "Actualidad", descripcion: "Lo que pasa hoy en el sector." },
  { id: 2, slug: "empresas", nombre: "Empresas", descripcion: "Movimientos, resultados y estrategia de las compañías." },
  { id: 3, slug: "lanzamientos", nombre: "Lanzamientos", descripcion: "Nuevos medicamentos, servicios y productos." },
  { id: 4, slug: "nombramientos", nombre: "Nombramientos", descripcion: "Quién llega y a dónde." },
  { id: 5, slug: "entrevistas", nombre: "Entrevistas", descripcion: "Conversaciones con los protagonistas." },
  { id: 6, slug: "analisis", nombre: "Análisis", descripcion: "Datos y contexto para entender el mercado." },
] as const;

export type DemoAreaSlug = (typeof DEMO_AREAS)[number]["slug"];
export type DemoCategorySlug = (typeof DEMO_CATEGORIES)[number]["slug"];

/** Bylines: the newsroom's editors and the tribunas' columnists. */
export const DEMO_AUTHORS = [
  { nombre: "Redacción Farmanexo", cargo: "Redacción", empresa: "Farmanexo" },
  { nombre: "Laura Benítez", cargo: "Redactora de industria", empresa: "Farmanexo" },
  { nombre: "Diego Carrasco", cargo: "Redactor de regulación", empresa: "Farmanexo" },
  { nombre: "Nuria Salas", cargo: "Redactora de farmacia", empresa: "Farmanexo" },
] as const;

export const DEMO_COLUMNISTS = [
  {
    nombre: "Dra. Pilar Echeverría",
    cargo: "Directora médica",
    empresa: "Laboratorios Alcor",
    bio: "Médica internista con veinte años en desarrollo clínico.",
  },
  {
    nombre: "Ramón Quintana",
    cargo: "Presidente",
    empresa: "Colegio de Farmacéuticos de Valdoria",
    bio: "Farmacéutico comunitario en una localidad de 4.000 habitantes.",
  },
  {
    nombre: "Beatriz Lorente",
    cargo: "Directora de acceso al mercado",
    empresa: "Biogénica Ibérica",
    bio: "Economista de la salud; antes, evaluadora de tecnologías sanitarias.",
  },
  {
    nombre: "Javier Ugarte",
    cargo: "Consejero delegado",
    empresa: "Disfarnor",
    bio: "Lleva dos décadas en la distribución farmacéutica de gama completa.",
  },
  {
    nombre: "Carmen Villalba",
    cargo: "Jefa de servicio de Farmacia Hospitalaria",
    empresa: "Hospital Universitario de Levante",
    bio: "Especialista en farmacia oncohematológica.",
  },
  { nombre: "Alberto Sanz", cargo: "Director de marketing", empresa: "Nexofarma", bio: "Ha lanzado doce medicamentos en cinco países." },
  {
    nombre: "Lucía Ferrer",
    cargo: "Directora de personas",
    empresa: "Quimipharma",
    bio: "Psicóloga del trabajo especializada en equipos comerciales.",
  },
  {
    nombre: "Prof. Tomás Arrieta",
    cargo: "Catedrático de Farmacología",
    empresa: "Universidad de Castilla",
    bio: "Investiga la farmacología de los antimicrobianos.",
  },
  {
    nombre: "Elena Montero",
    cargo: "Visitadora médica sénior",
    empresa: "Laboratorios Serrano-Vidal",
    bio: "Quince años visitando atención primaria en Andalucía.",
  },
  { nombre: "Marcos Peñalver", cargo: "Socio", empresa: "Peñalver Abogados", bio: "Abogado especialista en derecho farmacéutico." },
  { nombre: "Sofía Ribas", cargo: "Fundadora", empresa: "Datafarma Analytics", bio: "Ingeniera de datos aplicada a la salud." },
  {
    nombre: "Gonzalo Herrera",
    cargo: "Gerente",
    empresa: "Cooperativa Farmacéutica del Sur",
    bio: "Farmacéutico y gestor de cooperativas.",
  },
] as const;
