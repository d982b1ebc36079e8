import type { Page } from "@playwright/test";
import { byLabel, chooseCookies, DEMO_PASSWORD, login, pickOption } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";

// A small PNG illustration (the server checks images by their content).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAkCAIAAAC2bqvFAAAD5klEQVR4nLVYy1LUQBS9qVKx3EgokUlgJqClgPyFLnhogQPIww/gJ3QHM8yDD+A/gE/QlQUb3bixavJw5WRNaVWs7k6HdKe708lMZpGZTLpvn/s898Z48vHMAIAIDIjwlfwGI0K/8BXoFX0Z3C1dgDdGyfa0wOS2YZmMQPZE4A69E4XEen4olj99eJaVxYEjcPnNDHoWCv6Hw8qjp+aQyaRP43M9fyiWP314lsClZsgHx5k2V3kAcCyzIHreP543zMo3nh70hYKE4ASmVcZV4jpk/lRIFEZP1/jekF85c9AXmFYkRWZaHdfF5ufyhAY9e6vyDwokTv7Mfn8U02q6jnpAgD6bsgr/+N6Qt3Vtv58DTi8rFAGA0SsLTiZlyRrGEIwOKWnWXi/ftPKU1XFd4y5+tAqOzD9EWpwGyUZrr1fatJpxxWawVsFREAJSIA3P/tCrmshiBSQhUZQQ+DSY3e1VTWQN2+SMOgohUA9Q+bO7vaqJrGGbipAAkWSFhoH3h4E3t9OtmshSHtBKWX306Frf6Y6RyEjBcYOQcx2jQ5GU5fyDEoALjfp2t7RpxTzFHun6oQFQt02ZUQuVVAGRNba7oxCZTo/g+ahy1+2pcj0cgz67xml2ShMZRZ8fEp4/rNs6dCbu4cjTwB0KQsNpdjjTzlsmRDD4HaqJTIxeHhKeH6JAyvhHs6Qm6PmKMv++Q27ma5PZKBwEoSwr8ICiG9Ann5oAcHv77+HEPZIk365/xU9pm3B5ea1ALyXKhS0UQkL0iYUGqKowmx3b1G/rCXqigAHRxIP7AEgBJuPx5+riGoAN1Bi9vJovbHVY9IKAHgT8OMe0N3kcdIwVMGId/pL13394HHqA6OriJp0/ASVdRTU3nm2eOlZ+jUNOSKmO6ro8ZbOijj83yf+xAgBfvv6ECCYfP4oNgJddXdzwBSe3mj/fPHVqZm4OYW66u036MxUHifxD51qBt0tOfK+PztVHktVuwAyj1AMFOIg89fRNqzfxGW+OznXaEjdgOLxuTZVr6+lUPr6J78W7tmOpApoY1U3lAAhyQLdHwB4Y68SHFKiZiiOJf1w/TKtOmraC6CN2HMkzrV5cGS/fthGgmqkIiRg9R2SJE4RtvSgd0+gZV2tkhZTIFjfa+LXZpPDINHpuM2rOlD1cVlQyzo5z4lvcaCfiGpmmFzfD0oks7m3y8idGT9oBvZRVZAW/fWm9pVOtZFGb0kFVUpk+voj8/Gq7vN4SqF6EaHAsSfOHewtSQn4OkS2vtUqqnonaudmpAgVnXET2aq1V9avFauWvrJ7kqz4K0eiYdhT5K6snVZm2UDUsK/8//z0FidE3+yYAAAAASUVORK5CYII=",
  "base64",
);

async function signInAs(page: Page, email: string) {
  await page.context().clearCookies();
  await chooseCookies(page.context());
  await login(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/auth\/login/);
}

/** "YYYY-MM-DDTHH:mm" in Spain, `minutes` from now, cut to the minute (so up to a minute sooner). */
function madridLocal(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid", dateStyle: "short", timeStyle: "short" }).format(at);
  return parts.replace(" ", "T");
}

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("an editor schedules a news item with an image; a reader finds it without accents and sends feedback; an admin resolves it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(360_000);
  const token = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, "")
    .slice(0, 6);
  const title = `Farmacovigilancia pediátrica: nueva guía ${token}`;

  // The editor writes the item, adds an image with its alt text, and schedules it 1–2 minutes ahead:
  // the form takes whole minutes, so "a minute ahead" could be a second ahead and already public.
  await signInAs(page, "demo-editor@farmanexo.test");
  await page.goto("/app/admin/noticias");
  await checkA11y(page);
  await page.getByRole("link", { name: "Nueva noticia" }).click();
  await byLabel(page, "Título").fill(title);
  await byLabel(page, "Entradilla").fill("La agencia publica recomendaciones para notificar reacciones adversas en niños.");
  await pickOption(page, "Área", "Regulación");
  await pickOption(page, "Categoría", "Actualidad");
  const body = page.getByRole("textbox", { name: "Texto", exact: true });
  await body.click();
  await body.pressSequentially(
    "Los pediatras y farmacéuticos deberán notificar las sospechas de reacciones adversas en la nueva plataforma.",
  );
  await page.getByLabel("Imagen principal").setInputFiles({ name: "guia.png", mimeType: "image/png", buffer: PNG });
  await byLabel(page, "Texto alternativo de la imagen").fill("Portada de la guía de farmacovigilancia pediátrica");
  await page.getByRole("radio", { name: "Programar" }).check();
  await byLabel(page, "Fecha y hora de publicación (hora peninsular)").fill(madridLocal(2));
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Programada: se publicará sola a la hora indicada.")).toBeVisible();
  await checkA11y(page);
  const id = Number(/\/admin\/noticias\/(\d+)/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);

  // Not public before its time; public on the index, its area, RSS and the sitemaps after.
  const rss = async () => (await request.get("/app/noticias/rss.xml")).text();
  expect(await rss()).not.toContain(title);
  const index = async () => (await request.get("/app/noticias")).text();
  expect(await index()).not.toContain(title);
  await expect.poll(rss, { timeout: 200_000, intervals: [5_000] }).toContain(title);
  expect(await (await request.get("/sitemap-noticias-archivo.xml")).text()).toContain(`/app/noticias/${id}-`);
  expect(await (await request.get("/sitemap-noticias.xml")).text()).toContain(`/app/noticias/${id}-`);
  expect(await (await request.get("/app/noticias/area/regulacion/rss.xml")).text()).toContain(title);
  // The cached index and area pages show it once the scheduler has published it (at most one 30 s pass).
  await expect.poll(index, { timeout: 60_000, intervals: [3_000] }).toContain(title);

  await page.context().clearCookies();
  await chooseCookies(page.context());
  await page.goto("/app/noticias");
  // The newest item is both the index's main story and the first of the latest.
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  await checkA11y(page);
  await page.getByRole("navigation", { name: "Áreas de noticias" }).getByRole("link", { name: "Regulación" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Regulación" })).toBeVisible();
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  await page.goto("/app/noticias");

  // A reader searches without accents and opens it.
  await page.getByRole("textbox", { name: "Buscar noticias" }).fill(`farmacovigilancia pediatrica ${token}`);
  await page.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("img", { name: "Portada de la guía de farmacovigilancia pediátrica" })).toBeVisible();
  await checkA11y(page);
  const itemUrl = page.url();

  // …and tells us what they think from that page.
  await page.getByRole("button", { name: "Danos tu opinión" }).click();
  const dialog = page.getByRole("dialog", { name: "Danos tu opinión" });
  await dialog.getByRole("button", { name: "Enviar opinión" }).click();
  await expect(dialog.getByText("Elige una valoración de 1 a 5.")).toBeVisible();
  // Open, with its errors shown, the dialog passes axe (its close button is named, the stars are radios).
  await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeVisible();
  await checkA11y(page);
  // The rating's radios are visually hidden behind their star labels: click the fourth star.
  const fourStars = dialog.getByRole("radio", { name: /^4 de 5/ });
  await dialog.locator(`label[for="${await fourStars.getAttribute("id")}"]`).click();
  await expect(fourStars).toBeChecked();
  await dialog.getByLabel("Asunto").fill(`Muy útil ${token}`);
  await dialog.getByLabel("Tu opinión").fill("Me gustaría recibir estas guías por correo cada semana.");
  await dialog.getByLabel("Nombre").fill("Lucía Lectora");
  await dialog.getByLabel("Correo electrónico").fill("lucia.lectora@example.com");
  await dialog.getByRole("button", { name: "Enviar opinión" }).click();
  await expect(page.getByText("¡Gracias por tu opinión! La leeremos con atención.")).toBeVisible();

  // The admin reads it in the inbox and marks it resolved.
  await signInAs(page, "demo-admin@farmanexo.test");
  // Found by its subject: under the "Nuevas" filter the row would leave the list once read.
  await page.goto(`/app/admin/opiniones?q=${encodeURIComponent(`Muy útil ${token}`)}`);
  await expect(page.getByRole("row").filter({ hasText: `Muy útil ${token}` })).toContainText("Nuevo");
  const row = page.getByRole("row").filter({ hasText: `Muy útil ${token}` });
  await expect(row).toContainText("/app/noticias/");
  await checkA11y(page);
  await row.getByRole("button", { name: "Marcar como leída" }).click();
  await expect(row.getByText("Leído")).toBeVisible();
  await row.getByRole("button", { name: "Marcar como resuelta" }).click();
  await expect(row.getByText("Resuelto")).toBeVisible();
  await page.goto("/app/admin/opiniones?estado=resuelto");
  await expect(page.getByRole("row").filter({ hasText: `Muy útil ${token}` })).toBeVisible();

  // Without JavaScript the item's page still carries the article and valid NewsArticle data.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(itemUrl);
  await expect(plain.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(plain.locator("article").first()).toContainText("Los pediatras y farmacéuticos deberán notificar");
  const jsonLd = await plain.locator('script[type="application/ld+json"]').allTextContents();
  const article = jsonLd.map((text) => JSON.parse(text)).find((data) => data["@type"] === "NewsArticle");
  expect(article).toMatchObject({
    "@context": "https://schema.org",
    headline: title,
    description: "La agencia publica recomendaciones para notificar reacciones adversas en niños.",
    articleSection: "Regulación",
    inLanguage: "es-ES",
  });
  expect(article.url).toBe(itemUrl);
  expect(article.image[0]).toMatch(/\/media\/noticias\/[0-9a-f-]{36}\.webp$/);
  expect(Date.parse(article.datePublished)).not.toBeNaN();
  await noScript.close();
});
