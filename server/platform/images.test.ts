import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageBytes, jpegWithExif, PNG_SIGNATURE_THEN_HTML, pngHeaderClaiming } from "#tests/support/files";
import { AVATAR_IMAGE, processImage } from "./images";

describe("processImage", () => {
  it("re-encodes a real image as a square WebP avatar of at most 512 px", async () => {
    const out = await processImage(await imageBytes(1200, 800, "png"), AVATAR_IMAGE);
    expect(out).toMatchObject({ width: 512, height: 512, mime: "image/webp", format: "webp" });
    const meta = await sharp(out.bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
  });

  it("keeps the aspect ratio with fit inside and never enlarges", async () => {
    const out = await processImage(await imageBytes(300, 100, "jpeg"), { maxWidth: 2048, maxHeight: 2048, format: "jpeg" });
    expect(out).toMatchObject({ width: 300, height: 100, mime: "image/jpeg" });
  });

  it("strips metadata such as EXIF", async () => {
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processImage(input, { maxWidth: 400, maxHeight: 400, format: "jpeg" });
    const meta = await sharp(out.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(out.bytes.includes(Buffer.from("CamaraSecreta"))).toBe(false);
  });

  it("refuses a PNG signature followed by HTML, text, GIF and truncated images with 415", async () => {
    const truncated = (await imageBytes(400, 400, "png")).subarray(0, 120);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } })
      .gif()
      .toBuffer();
    for (const bytes of [PNG_SIGNATURE_THEN_HTML, Buffer.from("hola"), gif, truncated]) {
      await expect(processImage(bytes, AVATAR_IMAGE)).rejects.toMatchObject({
        status: 415,
        message: "La foto debe ser una imagen JPEG, PNG o WebP válida.",
      });
    }
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    const bomb = pngHeaderClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    await expect(processImage(bomb, AVATAR_IMAGE)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/demasiado grande/),
    });
    await expect(processImage(pngHeaderClaiming(20_000, 10), AVATAR_IMAGE)).rejects.toMatchObject({ status: 422 });
  });
});
