/**
 * What `npm run bench` measures: one declaration per public page and per public API call. An area
 * that adds a public page adds one line to PAGES (its path, or a function of the bench's sample
 * data); the bench then measures it uncached and cached and compares it with the bare HTML baseline.
 */

/** Rows the bench seeds and hands to the scenarios (random offers for the detail pages). */
export type BenchSample = {
  offers: Array<{ id: number; slug: string; empresa_slug: string }>;
  /** Published demo news items and the news areas (the demo newsroom). */
  noticias: Array<{ id: number; slug: string }>;
  newsAreas: Array<{ id: number; slug: string }>;
  tribunas: Array<{ id: number; slug: string }>;
  /** The public representative profile's handle ("27-javier-romero-visitador"). */
  representative: string;
  /** A signed-in demo user's session cookie ("name=token"): signed-in pages are never cached. */
  sessionCookie: string;
  /** Catalogue products without prescription (their page is the full one) and misspelt names to search. */
  products: Array<{ id: number; slug: string }>;
  misspelt: string[];
};

export type ScenarioDef = {
  name: string;
  /** A path, or several (requested in turn) built from the sample. */
  paths: (sample: BenchSample) => string[];
};

const productPages = (s: BenchSample) => s.products.map((p) => `/app/visita/producto/${p.slug}/${p.id}`);
const misspeltSearches = (s: BenchSample) => s.misspelt.map((q) => `/api/visita/productos?q=${encodeURIComponent(q)}`);

/**
 * 100 of the random offers: the cached phase visits every path once before measuring, and 500
 * renders on a loaded machine took longer than a cache entry's 60 s life (decision 0031).
 */
const OFFER_PAGES = 100;
const offerPages = (s: BenchSample) => s.offers.slice(0, OFFER_PAGES).map((o) => `/app/empleo/oferta/${o.empresa_slug}/${o.id}-${o.slug}`);

/** Server-rendered public pages: each measured with the page cache off and on (anonymous visitors). */
export const PAGES: ScenarioDef[] = [
  { name: "home page", paths: () => ["/app"] },
  { name: "jobs listing page", paths: () => ["/app/empleo/p/espana"] },
  { name: "position listing page", paths: () => ["/app/empleo/p/espana/cargo/visitador-medico"] },
  { name: "offer page (random offers)", paths: offerPages },
  { name: "news index page", paths: () => ["/app/noticias"] },
  { name: "news area pages", paths: (s) => s.newsAreas.map((a) => `/app/noticias/area/${a.slug}/${a.id}`) },
  { name: "news item page (random items)", paths: (s) => s.noticias.map((n) => `/app/noticias/${n.id}-${n.slug}`) },
  { name: "tribunas page", paths: () => ["/app/tribunas"] },
  { name: "tribuna page (random tribunas)", paths: (s) => s.tribunas.map((t) => `/app/tribunas/${t.id}-${t.slug}`) },
  { name: "company page (random companies)", paths: (s) => [...new Set(s.offers.map((o) => `/app/empleo/empresa/${o.empresa_slug}`))] },
  { name: "visita search page", paths: () => ["/app/visita"] },
  { name: "product page (random products)", paths: productPages },
  { name: "catalogue results page, misspelt", paths: () => [`/app/visita/result?q=${encodeURIComponent("amoxicillina")}`] },
  { name: "public representative profile", paths: (s) => [`/app/user/${s.representative}`] },
  // The XML feed of every open offer for job aggregators (issue 28): cached under the jobs tag.
  { name: "job feed (feed.xml)", paths: () => ["/app/empleo/feed.xml"] },
];

/** The public API and the health check, compared with the bare JSON baseline. */
export const APIS: ScenarioDef[] = [
  { name: "GET /healthz", paths: () => ["/healthz"] },
  { name: "offer list API", paths: () => ["/api/empleo/ofertas?pais=espana"] },
  { name: "country + job title list API", paths: () => ["/api/empleo/ofertas?pais=espana&cargo=visitador-medico"] },
  { name: "keyword search API", paths: () => [`/api/empleo/ofertas?pais=espana&q=${encodeURIComponent("visitador médico madrid")}`] },
  {
    name: "keyword search API, no accents",
    paths: () => [`/api/empleo/ofertas?pais=espana&q=${encodeURIComponent("visitador medico madrid")}`],
  },
  // Target (issue 28): p95 ≤ 20 ms with one typo per word on 100,000 offers.
  { name: "keyword search API, typo", paths: () => [`/api/empleo/ofertas?pais=espana&q=${encodeURIComponent("vistador medico madrid")}`] },
  { name: "offer API (random offers)", paths: (s) => s.offers.map((o) => `/api/empleo/ofertas/${o.id}`) },
  { name: "news list API", paths: () => ["/api/noticias"] },
  { name: "tribunas API", paths: () => ["/api/tribunas"] },
  // Target (issue 13): p95 ≤ 20 ms for a misspelt name on PostgreSQL with 50,000 products.
  { name: "product search API, misspelt name (random products)", paths: misspeltSearches },
  { name: "product search API, misspelt ingredient", paths: () => [`/api/visita/productos?q=${encodeURIComponent("amoxicillina")}`] },
  { name: "product API (random products)", paths: (s) => s.products.map((p) => `/api/visita/productos/${p.id}`) },
];

/**
 * Signed-in pages put under 100 connections for 30 s (with the page cache on, as shipped: they are
 * rendered every time): every answer should be a 200 within 2 s or a quick 503 (load shedding,
 * decision 0056), never a timeout.
 */
export const SIGNED_IN_RUNS: ScenarioDef[] = [{ name: "offer page, signed in (random offers)", paths: offerPages }];

/** Pages put under 100 connections for 30 s (uncached: the worst case), reporting errors and p99. */
export const LONG_RUNS = ["jobs listing page", "offer page (random offers)"];

/**
 * The uncached phase's bare baselines answer with these paths' answers: the offer page's HTML and
 * an offer's JSON. The cached phase gives every scenario its own (run.ts).
 */
export const BASELINE_SOURCES: Record<"html" | "json", (s: BenchSample) => string> = {
  html: (s) => offerPages(s)[0] ?? "/app",
  json: (s) => `/api/empleo/ofertas/${s.offers[0]?.id ?? 1}`,
};
