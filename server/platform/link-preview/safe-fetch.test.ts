import { describe, expect, it } from "vitest";
import { readMetadata } from "./metadata";
import { checkUrl, FetchRefused, fetchHtmlSafely } from "./safe-fetch";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "fetched",
    (error) => (error instanceof FetchRefused ? error.reason : `unexpected: ${error}`),
  );

describe("fetchHtmlSafely refuses before connecting", () => {
  it("a DNS name that resolves to a private address, or to any forbidden one among several", async () => {
    const resolve = async (host: string) =>
      host === "intranet.example"
        ? [{ address: "10.0.0.5", family: 4 }]
        : [
            { address: "93.184.216.34", family: 4 },
            { address: "::1", family: 6 },
          ];
    expect(await refusal(fetchHtmlSafely("http://intranet.example/", { resolve }))).toBe("private_address");
    expect(await refusal(fetchHtmlSafely("https://mixed.example/", { resolve }))).toBe("private_address");
  });

  it("other schemes, credentials and ports other than 80 and 443", () => {
    for (const [url, reason] of [
      ["ftp://example.com/", "scheme"],
      ["file:///etc/passwd", "scheme"],
      ["javascript:alert(1)", "scheme"],
      ["http://user:pass@example.com/", "credentials"],
      ["http://example.com:8080/", "port"],
      ["https://example.com:22/", "port"],
      ["no es una url", "invalid_url"],
    ]) {
      expect(() => checkUrl(url as string), url).toThrow(expect.objectContaining({ reason }));
    }
    expect(checkUrl("https://example.com:443/a").href).toBe("https://example.com/a");
  });

  it("decimal, octal and hexadecimal IPv4 forms, which the URL parser normalises to 127.0.0.1", async () => {
    for (const url of ["http://2130706433/", "http://0177.0.0.1/", "http://0x7f.0.0.1/", "http://127.1/"]) {
      expect(await refusal(fetchHtmlSafely(url)), url).toBe("private_address");
    }
  });
});

describe("readMetadata", () => {
  it("prefers Open Graph, then Twitter cards, then the HTML title and description", () => {
    const og = readMetadata(
      `<html><head><title>HTML</title><meta property="og:title" content="Título &amp; más"><meta name="twitter:title" content="Twitter">
       <meta property="og:description" content="Descripción OG"><meta property="og:image" content="/img/a.png"><meta property="og:site_name" content="Sitio"></head></html>`,
      "https://ejemplo.es/pagina",
    );
    expect(og).toEqual({ title: "Título & más", description: "Descripción OG", image: "https://ejemplo.es/img/a.png", site_name: "Sitio" });
    const twitter = readMetadata(
      `<meta name="twitter:title" content="Solo Twitter"><meta name="twitter:image" content="http://inseguro.es/a.png">`,
      "https://www.ejemplo.es/",
    );
    expect(twitter).toEqual({ title: "Solo Twitter", description: null, image: null, site_name: "ejemplo.es" });
    const plain = readMetadata(`<title> Página   sencilla </title><meta name="description" content="Texto">`, "https://ejemplo.es/");
    expect(plain).toMatchObject({ title: "Página sencilla", description: "Texto" });
  });
});
