import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderShareCard, SHARE_CARD, shareCardSvg, wrapText } from "./share-card";

describe("share cards", () => {
  it("wraps long titles and ends a cut one with an ellipsis", () => {
    expect(wrapText("Técnico de farmacovigilancia", 30, 3)).toEqual(["Técnico de farmacovigilancia"]);
    const lines = wrapText(
      "Responsable de asuntos regulatorios y farmacovigilancia para productos biológicos en toda Europa y Latinoamérica",
      30,
      2,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith("…")).toBe(true);
  });

  it("escapes the words it is given", () => {
    const svg = shareCardSvg({ eyebrow: "Oferta", title: "<script>&", lines: ['"Lab" & Co'], brand: "Farmanexo" });
    expect(svg).toContain("&lt;script&gt;&amp;");
    expect(svg).not.toContain("<script>");
  });

  it("renders a 1200×630 PNG", async () => {
    const png = await renderShareCard({
      eyebrow: "Oferta de empleo",
      title: "Visitador médico",
      lines: ["Laboratorios Demo", "Madrid, España"],
      brand: "Farmanexo",
    });
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: SHARE_CARD.width, height: SHARE_CARD.height });
  });
});
