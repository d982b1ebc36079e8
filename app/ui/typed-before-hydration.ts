/**
 * The value a visitor may already have typed into a server-rendered field before the page's
 * JavaScript (or a lazily loaded form's) hydrated it. A controlled field starts from this, so
 * hydration keeps the text instead of resetting it to the empty state (decision 0041).
 * Returns the fallback during the server render and for fields not on the page.
 */
export function typedBeforeHydration(id: string, fallback = ""): string {
  if (typeof document === "undefined") return fallback;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value || fallback : fallback;
}
