import sharp, { type Metadata } from "sharp";
import { AppError } from "./errors";

/**
 * Every uploaded image goes through here: decoded by a real image library (libvips via sharp),
 * never trusted by its first bytes. What comes out is a fresh encoding made by us: no metadata
 * (EXIF, GPS, ICC comments), no trailing bytes, no polyglot payload, bounded dimensions.
 *
 *   const image = await processImage(file, { maxWidth: 512, maxHeight: 512, fit: "cover", format: "webp" });
 *   await ctx.storage.store("avatars", image.bytes, image.format);
 */

export type ImageFormat = "webp" | "jpeg" | "png";

export type ProcessImageOptions = {
  /** The output is at most this wide and high; smaller images are not enlarged. */
  maxWidth: number;
  maxHeight: number;
  /** "cover" crops to exactly maxWidth × maxHeight (centred); "inside" keeps the aspect ratio. */
  fit?: "cover" | "inside";
  format?: ImageFormat;
  quality?: number;
  /** Refuse inputs with more pixels than this before decoding them (decompression bombs). */
  maxInputPixels?: number;
  /** The noun in messages, with its article: "La foto", "La imagen". */
  label?: string;
};

export type ProcessedImage = { bytes: Buffer; width: number; height: number; mime: string; format: ImageFormat };

/** Formats accepted as input: the three every browser shows. GIF, SVG, TIFF, HEIC… are refused. */
export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;
/** 40 megapixels: any phone photo passes; a 50,000 × 50,000 "bomb" (2.5 gigapixels) does not. */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE = 16_384;

const MIME: Record<ImageFormat, string> = { webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };

// One image at a time per thread pool is plenty on a small server and caps memory use.
sharp.cache(false);
sharp.concurrency(1);

export const AVATAR_IMAGE: ProcessImageOptions = { maxWidth: 512, maxHeight: 512, fit: "cover", format: "webp", label: "La foto" };

export async function processImage(input: Blob | Uint8Array, options: ProcessImageOptions): Promise<ProcessedImage> {
  const label = options.label ?? "La imagen";
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(await input.arrayBuffer());
  const maxPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const invalid = () => new AppError("UNSUPPORTED_MEDIA", `${label} debe ser una imagen JPEG, PNG o WebP válida.`);

  // The header alone says the format and size: refuse bombs before a single pixel is decoded.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid();
  }
  if (!meta.format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(meta.format)) throw invalid();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw invalid();
  if (width * height > maxPixels || width > MAX_SIDE || height > MAX_SIDE) {
    throw new AppError(
      "VALIDATION",
      `${label} es demasiado grande: como máximo ${Math.round(maxPixels / 1_000_000)} megapíxeles y ${MAX_SIDE} px por lado.`,
    );
  }

  const format = options.format ?? "webp";
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: "error", animated: false })
      .rotate() // apply the EXIF orientation before the metadata goes
      .resize({
        width: options.maxWidth,
        height: options.maxHeight,
        fit: options.fit ?? "inside",
        withoutEnlargement: options.fit !== "cover",
      })
      .toFormat(format, { quality: options.quality ?? 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, mime: MIME[format], format };
  } catch {
    // Truncated or corrupt pixel data: the header was plausible, the image is not.
    throw invalid();
  }
}
