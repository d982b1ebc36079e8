import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "#server/db/client";
import { isValidDocx, isValidPdf } from "./documents";
import { AppError } from "./errors";
import { processImage } from "./images";

/**
 * Uploaded files, stored under server-made names (never the client's), with the type decided by the
 * bytes themselves, not by the file name or the declared content type; in DATA_DIR/uploads or in an
 * S3-compatible bucket (S3_URL), behind one interface.
 */
export type FileKind = "png" | "jpeg" | "webp" | "gif" | "pdf" | "docx";

export const MIME_TYPES: Record<FileKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** Images are decoded and re-encoded (server/lib/images.ts); GIF is recognised only to be refused. */
export const IMAGE_KINDS: FileKind[] = ["png", "jpeg", "webp"];
export const DOCUMENT_KINDS: FileKind[] = ["pdf", "docx"];

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);

/** Recognises a file by its magic bytes; a .docx is a ZIP whose entries include word/document.xml. */
export function detectFileKind(bytes: Uint8Array): FileKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "gif";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 64 * 1024))).toString("latin1");
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 64 * 1024))).toString("latin1");
    if (head.includes("word/") || tail.includes("word/document.xml")) return "docx";
  }
  return undefined;
}

export type StoredFile = { key: string; kind: FileKind; size: number; width?: number; height?: number };

/** Which of these keys (all of one folder) a row still refers to, read through `db`. */
export type KeysInUse = (db: Db, keys: string[]) => Promise<Set<string>>;

/**
 * Where the bytes live: a local directory (the default) or an S3-compatible bucket
 * (storage-s3.ts). Keys are checked against KEY_PATTERN before they reach a backend.
 */
export type StorageBackend = {
  kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** The bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** Every file of a folder, with its last modification time. */
  list(folder: string): Promise<Array<{ key: string; modifiedMs: number }>>;
  /** Every stored key of every folder (backups: server/platform/backup). */
  listAll(): Promise<string[]>;
  /** Bytes and files stored (a walk of the directory, or of the bucket's prefix): slow, see createStorage's usage(). */
  measure(): Promise<{ bytes: number; objects: number }>;
};

/** What the uploads take: measured at most this often (a bucket's listing is one request per 1,000 objects). */
export const USAGE_TTL_MS = 5 * 60_000;
/** How long a reader waits for a first measure before it is told one is under way. */
const USAGE_FIRST_WAIT_MS = 2_000;

export type StorageUsage =
  | { state: "measured"; bytes: number; objects: number; measuredAt: string }
  | { state: "measuring" }
  | { state: "failed" };

async function directoryUsage(dir: string): Promise<{ bytes: number; objects: number }> {
  let bytes = 0;
  let objects = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await directoryUsage(full);
      bytes += inner.bytes;
      objects += inner.objects;
    } else if (entry.isFile()) {
      bytes += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
      objects++;
    }
  }
  return { bytes, objects };
}

export const KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}\.[a-z]+$/;
const SWEEP_BATCH = 500;

/** Uploaded files under DATA_DIR/uploads, readable by this instance only (one host). */
export function localBackend(dataDir: string): StorageBackend {
  const root = path.join(dataDir, "uploads");
  return {
    kind: "local",
    async put(key, bytes) {
      await fs.mkdir(path.dirname(path.join(root, key)), { recursive: true });
      await fs.writeFile(path.join(root, key), bytes, { mode: 0o600 });
    },
    async get(key) {
      // Read whole (no stream to fail half-way through a response). Only a missing file is "no
      // such file"; any other failure (EACCES, EMFILE, EIO) is the server's, a 500 logged once.
      return fs.readFile(path.join(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
        throw error;
      });
    },
    async delete(key) {
      await fs.rm(path.join(root, key), { force: true });
    },
    async list(folder) {
      const names = await fs.readdir(path.join(root, folder)).catch(() => [] as string[]);
      const files: Array<{ key: string; modifiedMs: number }> = [];
      for (const name of names) {
        const key = `${folder}/${name}`;
        const stat = await fs.stat(path.join(root, key)).catch(() => undefined);
        if (stat?.isFile()) files.push({ key, modifiedMs: stat.mtimeMs });
      }
      return files;
    },
    async listAll() {
      const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
      const keys: string[] = [];
      for (const folder of folders.filter((entry) => entry.isDirectory())) {
        for (const file of await this.list(folder.name)) keys.push(file.key);
      }
      return keys.filter((key) => KEY_PATTERN.test(key)).sort();
    },
    measure: () => directoryUsage(root),
  };
}

/**
 * A backend could not read a file it has (an S3 connection dropped mid-body, a disk error): the
 * request ends as a 500, logged once by the API's error handler. The cause's code is kept in the
 * message, not as `code` or `cause`: a socket code there would pass it off as a database outage.
 */
class StorageReadError extends Error {
  override name = "StorageReadError";
  constructor(cause: unknown) {
    const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
    super(`storage read failed${typeof code === "string" ? ` (${code})` : ""}: ${typeof message === "string" ? message : String(cause)}`);
  }
}

const mimeOf = (key: string) => MIME_TYPES[key.split(".").pop() as FileKind] ?? "application/octet-stream";

export function createStorage(backend: StorageBackend, clock: () => number = Date.now) {
  const owners = new Map<string, KeysInUse>();
  let measured: Extract<StorageUsage, { state: "measured" }> | undefined;
  let measuring: Promise<void> | undefined;
  let failed = false;
  const checkKey = (key: string) => {
    // Keys are ours ("cv/uuid.pdf"); anything else is refused rather than resolved.
    if (!KEY_PATTERN.test(key)) throw new AppError("NOT_FOUND");
    return key;
  };
  /** Stores bytes the caller has already checked or produced (e.g. processImage's output). */
  const store = async (folder: string, bytes: Uint8Array, kind: FileKind): Promise<StoredFile> => {
    const key = checkKey(`${folder}/${randomUUID()}.${kind}`);
    await backend.put(key, bytes, MIME_TYPES[kind]);
    return { key, kind, size: bytes.length };
  };
  return {
    /** "local" or "s3": where the files are. */
    kind: backend.kind,
    /**
     * Checks size and content, then stores the file. Throws 413 over maxBytes and 415 when the
     * content is not one of the allowed kinds (with a Spanish message naming them). Documents are
     * opened (DOCX as a zip, PDF by its structure); images are decoded and re-encoded as WebP of at
     * most 2048 px a side, so no uploaded image is ever stored as the client sent it.
     */
    async save(folder: string, file: Blob, options: { allowed: FileKind[]; maxBytes: number; label: string }): Promise<StoredFile> {
      if (file.size === 0) throw new AppError("VALIDATION", `El ${options.label} está vacío.`);
      if (file.size > options.maxBytes) {
        throw new AppError("PAYLOAD_TOO_LARGE", `El ${options.label} no puede superar ${Math.round(options.maxBytes / 1024 / 1024)} MB.`);
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const kind = detectFileKind(bytes);
      const refuse = () => {
        const names = options.allowed.map((k) => k.toUpperCase()).join(", ");
        return new AppError("UNSUPPORTED_MEDIA", `El ${options.label} debe ser un archivo ${names}.`);
      };
      if (!kind || !options.allowed.includes(kind)) throw refuse();
      if (kind === "docx" && !(await isValidDocx(bytes))) throw refuse();
      if (kind === "pdf" && !isValidPdf(bytes)) throw refuse();
      if (IMAGE_KINDS.includes(kind)) {
        const image = await processImage(bytes, {
          maxWidth: 2048,
          maxHeight: 2048,
          fit: "inside",
          format: "webp",
          label: `El ${options.label}`,
        });
        return { ...(await store(folder, image.bytes, "webp")), width: image.width, height: image.height };
      }
      return store(folder, bytes, kind);
    },
    store,
    /**
     * The file's bytes, for the app's own routes to send after their authorisation check (private
     * files are never reachable otherwise, whichever backend holds them).
     */
    async read(key: string): Promise<{ bytes: Buffer; mime: string }> {
      const bytes = await backend.get(checkKey(key)).catch((error: unknown) => {
        throw new StorageReadError(error);
      });
      if (!bytes) throw new AppError("NOT_FOUND", "El archivo no existe.");
      return { bytes, mime: mimeOf(key) };
    },
    async remove(key: string): Promise<void> {
      await backend.delete(checkKey(key));
    },
    /**
     * Removes the files whose rows were just deleted or cleared (an erased account), except those
     * a registered folder's rows still refer to (an application keeps a copy of a saved CV's key).
     */
    async removeUnused(db: Db, keys: string[]): Promise<void> {
      const byFolder = new Map<string, string[]>();
      for (const key of new Set(keys.filter((k) => KEY_PATTERN.test(k)))) {
        const folder = key.slice(0, key.indexOf("/"));
        byFolder.set(folder, [...(byFolder.get(folder) ?? []), key]);
      }
      for (const [folder, folderKeys] of byFolder) {
        const keysInUse = owners.get(folder);
        const inUse = keysInUse ? await keysInUse(db, folderKeys) : new Set<string>();
        for (const key of folderKeys.filter((k) => !inUse.has(k))) await backend.delete(key).catch(() => {});
      }
    },
    /**
     * Declares which rows own the files of a folder, so that sweepOrphans() may delete the files no
     * row refers to. Folders nobody registered are never swept.
     */
    /**
     * What the uploads take (the operator's dashboard, issue 33). Never measured per request: a
     * bucket may hold millions of objects, listed 1,000 a request. The last measure is answered at
     * once and renewed in the background when older than USAGE_TTL_MS (one measure at a time, for
     * every reader); only the very first reader waits, up to 2 s, and is then told it is under way.
     */
    async usage(): Promise<StorageUsage> {
      const stale = !measured || clock() - Date.parse(measured.measuredAt) >= USAGE_TTL_MS;
      if (stale && !measuring) {
        const started = clock();
        measuring = backend
          .measure()
          .then((usage) => {
            measured = { state: "measured", ...usage, measuredAt: new Date(started).toISOString() };
            failed = false;
          })
          .catch(() => {
            failed = true; // shown as such; the next reader tries again
          })
          .finally(() => {
            measuring = undefined;
          });
      }
      if (!measured && measuring) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([measuring, new Promise((resolve) => (timer = setTimeout(resolve, USAGE_FIRST_WAIT_MS)))]);
        clearTimeout(timer);
      }
      if (measured) return measured;
      return failed && !measuring ? { state: "failed" } : { state: "measuring" };
    },
    registerOwner(folder: string, keysInUse: KeysInUse): void {
      owners.set(folder, keysInUse);
    },
    /**
     * Deletes the files of registered folders that no row refers to and that are older than
     * `olderThanMs` (younger ones may belong to a request between storing and committing).
     * Such files are left by a crash (kill -9) between storing a file and committing its row.
     */
    async sweepOrphans(db: Db, olderThanMs: number, now = Date.now()): Promise<string[]> {
      const removed: string[] = [];
      for (const [folder, keysInUse] of owners) {
        const old = (await backend.list(folder))
          .filter((file) => KEY_PATTERN.test(file.key) && now - file.modifiedMs >= olderThanMs)
          .map((file) => file.key);
        for (let i = 0; i < old.length; i += SWEEP_BATCH) {
          const batch = old.slice(i, i + SWEEP_BATCH);
          const inUse = await keysInUse(db, batch);
          for (const key of batch.filter((k) => !inUse.has(k))) {
            await backend.delete(key);
            removed.push(key);
          }
        }
      }
      return removed;
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;
