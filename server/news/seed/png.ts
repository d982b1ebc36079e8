import { deflateSync } from "node:zlib";

/**
 * A tiny PNG encoder for the demo seed's illustrations (no download, no native dependency):
 * an RGB image from a pixel function. Rows use the "Sub" filter, so flat areas compress to little.
 */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const src = y * width * 3;
    raw[row] = 1; // Sub filter: each byte minus the same channel of the pixel to its left
    for (let i = 0; i < width * 3; i++) raw[row + 1 + i] = ((rgb[src + i] as number) - (i >= 3 ? (rgb[src + i - 3] as number) : 0)) & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return c ^ 0xffffffff;
}

type Rgb = [number, number, number];

/**
 * An abstract illustration: a diagonal gradient between two colours with soft discs and a
 * capsule, placed by `variant` so that images of the same area differ.
 */
export function illustration(width: number, height: number, from: Rgb, to: Rgb, variant: number): Buffer {
  const discs = [0, 1, 2].map((i) => ({
    cx: width * (((variant * 37 + i * 29) % 90) / 100 + 0.05),
    cy: height * (((variant * 53 + i * 41) % 80) / 100 + 0.1),
    r: height * (0.18 + ((variant + i) % 3) * 0.09),
  }));
  const cap = { x: width * 0.62, y: height * 0.55, half: (width * 0.22 - height * 0.11) / 2, r: height * 0.055 };
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.6 + (y / height) * 0.4;
      // Lighten towards white: 14 % per disc, more inside the capsule.
      let keep = 1;
      for (const d of discs) if ((x - d.cx) ** 2 + (y - d.cy) ** 2 < d.r * d.r) keep *= 0.86;
      const dx = Math.max(Math.abs(x - cap.x) - cap.half, 0);
      if (dx * dx + (y - cap.y) ** 2 < cap.r * cap.r) keep *= x < cap.x ? 0.25 : 0.55;
      const at = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = (from[c] as number) + ((to[c] as number) - (from[c] as number)) * t;
        rgb[at + c] = Math.round(255 - (255 - base) * keep);
      }
    }
  }
  return encodePng(width, height, rgb);
}

/** A portrait placeholder: a coloured background with a head-and-shoulders silhouette. */
export function portrait(size: number, background: Rgb): Buffer {
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const head = (x - size / 2) ** 2 + (y - size * 0.4) ** 2 < (size * 0.17) ** 2;
      const shoulders = y > size * 0.62 && ((x - size / 2) / 1.4) ** 2 + (y - size * 0.95) ** 2 < (size * 0.33) ** 2;
      const at = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = background[c] as number;
        rgb[at + c] = head || shoulders ? Math.round(base + (255 - base) * 0.65) : base;
      }
    }
  }
  return encodePng(size, size, rgb);
}
