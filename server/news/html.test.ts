import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeArticleHtml } from "./html";

describe("article HTML", () => {
  it("keeps editorial formatting and drops scripts, handlers, frames, images and bad links", () => {
    const dirty =
      '<h1>Título</h1><p onclick="x()">Texto <b>fuerte</b><script>alert(1)</script></p><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">mal</a><a href="https://example.com">bien</a><iframe src="https://evil"></iframe>' +
      '<p style="background:url(javascript:alert(4))">estilo</p><blockquote>cita</blockquote>';
    expect(sanitizeArticleHtml(dirty)).toBe(
      '<h2>Título</h2><p>Texto <strong>fuerte</strong></p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">bien</a><p>estilo</p><blockquote>cita</blockquote>',
    );
  });

  it("turns HTML into readable plain text", () => {
    expect(htmlToText("<p>Uno &amp; dos</p><ul><li>tres</li><li>cuatro</li></ul>")).toBe("Uno & dos\ntres\ncuatro");
  });
});
