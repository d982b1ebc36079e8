import fs from "node:fs";
import http from "node:http";

/** What the bare baseline answers a path with: the app's own status, headers and (gzipped) body. */
export type CapturedAnswer = { status: number; headers: Record<string, string | string[]>; body: string };

/** Headers that belong to the connection or the moment, not to the answer: Node sets its own. */
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * The app's answer to one GET exactly as a benchmark client receives it (accept-encoding: gzip,
 * the same Accept as load.ts sends), body still compressed: fetch() would decompress it.
 */
export function captureAnswer(baseUrl: string, path: string): Promise<CapturedAnswer> {
  const accept = path.startsWith("/api") ? "application/json" : "text/html";
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { accept, "accept-encoding": "gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !PER_CONNECTION.has(name)) headers[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString("base64") });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Captures every path's answer into one file for bare-server.mjs. */
export async function captureAnswers(baseUrl: string, paths: Iterable<string>, file: string): Promise<void> {
  const answers: Record<string, CapturedAnswer> = {};
  for (const path of new Set(paths)) answers[path] = await captureAnswer(baseUrl, path);
  fs.writeFileSync(file, JSON.stringify(answers));
}
