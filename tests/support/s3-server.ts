import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small S3-compatible server on loopback for tests: the S3 REST calls the storage driver makes
 * (CreateBucket, PutObject, GetObject, HeadObject, DeleteObject, ListObjectsV2; path-style), in
 * memory, with AWS Signature Version 4 checked on every request (403 SignatureDoesNotMatch
 * otherwise), so the driver is tested over the real protocol with the real SDK.
 *
 * Why not an npm S3 server: s3rver, the one maintained for Node, had its last release in 2021 and
 * pulls in an old Koa stack; the handful of calls used here is smaller than that dependency.
 */
export type TestS3Server = {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects per "bucket/key", for assertions. */
  objects: Map<string, { body: Buffer; contentType: string; modified: Date }>;
  /** Requests received, "METHOD /path", for assertions. */
  requests: string[];
  /**
   * While true, every GetObject sends its headers (with the full Content-Length) and half the body,
   * then drops the connection: a storage node that dies mid-download.
   */
  truncateGets: boolean;
  /** Most objects a ListObjectsV2 page holds (S3's own limit is 1,000); smaller to test paging. */
  listPageSize: number;
  close: () => Promise<void>;
};

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};
const error = (res: ServerResponse, status: number, code: string) =>
  xml(res, status, `<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it for query strings. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Checks the request's SigV4 Authorization header against the secret (header-signed requests). */
function signatureMatches(req: IncomingMessage, body: Buffer, accessKeyId: string, secret: string): boolean {
  const auth = req.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return false;
  const [, key, date, region, signedHeaders, signature] = match as unknown as string[];
  if (key !== accessKeyId) return false;
  const url = new URL(req.url ?? "/", "http://s3.local");
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join("&");
  const names = (signedHeaders as string).split(";");
  const headers = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const declared = String(req.headers["x-amz-content-sha256"] ?? "");
  const payloadHash = declared === "UNSIGNED-PAYLOAD" ? declared : sha256(body);
  if (declared && declared !== payloadHash) return false;
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", String(req.headers["x-amz-date"] ?? ""), scope, sha256(canonical)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date as string), region as string), "s3"), "aws4_request");
  return createHmac("sha256", signingKey).update(toSign).digest("hex") === signature;
}

/** `buckets` exist from the start (an operator creates the bucket, not the app). */
export async function startTestS3Server(options: { buckets?: string[] } = {}): Promise<TestS3Server> {
  const accessKeyId = "farmanexo-test";
  const secretAccessKey = "farmanexo-test-secret-key-0123456789";
  const buckets = new Set<string>(options.buckets ?? []);
  const objects: TestS3Server["objects"] = new Map();
  const requests: string[] = [];
  const faults = { truncateGets: false, listPageSize: 1000 };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://s3.local");
    requests.push(`${req.method} ${url.pathname}`);
    if (!signatureMatches(req, body, accessKeyId, secretAccessKey)) return error(res, 403, "SignatureDoesNotMatch");
    const [, bucket = "", ...rest] = url.pathname.split("/").map((part) => decodeURIComponent(part));
    const key = rest.join("/");
    if (!key) {
      if (req.method === "PUT") {
        buckets.add(bucket);
        res.writeHead(200).end();
        return;
      }
      if (req.method === "HEAD") return void res.writeHead(buckets.has(bucket) ? 200 : 404).end();
      if (req.method === "GET" && url.searchParams.get("list-type") === "2") {
        if (!buckets.has(bucket)) return error(res, 404, "NoSuchBucket");
        const prefix = url.searchParams.get("prefix") ?? "";
        // Paged as S3 pages: at most max-keys (and the server's own limit), in key order, the
        // continuation token naming the last key of the previous page.
        const pageSize = Math.min(Number(url.searchParams.get("max-keys") ?? 1000) || 1000, faults.listPageSize);
        const after = url.searchParams.get("continuation-token");
        const matching = [...objects.entries()]
          .filter(([name]) => name.startsWith(`${bucket}/${prefix}`))
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .filter(([name]) => after === null || name > `${bucket}/${after}`);
        const page = matching.slice(0, pageSize);
        const truncated = matching.length > page.length;
        const last = page.at(-1)?.[0].slice(bucket.length + 1) ?? "";
        const contents = page.map(
          ([name, object]) =>
            `<Contents><Key>${escapeXml(name.slice(bucket.length + 1))}</Key><LastModified>${object.modified.toISOString()}</LastModified><Size>${object.body.length}</Size></Contents>`,
        );
        return xml(
          res,
          200,
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${contents.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${escapeXml(last)}</NextContinuationToken>` : ""}${contents.join("")}</ListBucketResult>`,
        );
      }
      return error(res, 405, "MethodNotAllowed");
    }
    if (!buckets.has(bucket)) return error(res, 404, "NoSuchBucket");
    const name = `${bucket}/${key}`;
    if (req.method === "PUT") {
      objects.set(name, { body, contentType: String(req.headers["content-type"] ?? "application/octet-stream"), modified: new Date() });
      res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
      return;
    }
    if (req.method === "DELETE") {
      objects.delete(name);
      res.writeHead(204).end();
      return;
    }
    const object = objects.get(name);
    if (req.method === "GET" || req.method === "HEAD") {
      if (!object) return req.method === "HEAD" ? void res.writeHead(404).end() : error(res, 404, "NoSuchKey");
      res.writeHead(200, {
        "content-type": object.contentType,
        "content-length": object.body.length,
        "last-modified": object.modified.toUTCString(),
      });
      if (req.method === "GET" && faults.truncateGets) {
        res.write(object.body.subarray(0, Math.floor(object.body.length / 2)), () => res.socket?.destroy());
        return;
      }
      res.end(req.method === "GET" ? object.body : undefined);
      return;
    }
    return error(res, 405, "MethodNotAllowed");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    get truncateGets() {
      return faults.truncateGets;
    },
    set truncateGets(value: boolean) {
      faults.truncateGets = value;
    },
    get listPageSize() {
      return faults.listPageSize;
    },
    set listPageSize(value: number) {
      faults.listPageSize = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
