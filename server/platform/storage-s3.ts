import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { KEY_PATTERN, type StorageBackend } from "./storage";

export type S3Settings = {
  /** The service's endpoint, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000. */
  url: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's default credential chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (endpoint/bucket/key), which every S3-compatible server understands. */
  forcePathStyle: boolean;
  /** A prefix for every key, so that several deployments can share one bucket. */
  prefix: string;
};

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Uploaded files in an S3-compatible bucket, so that instances on different hosts see the same
 * files. Objects stay private (no ACL is set: the bucket's default, private unless made public);
 * the app reads them and serves them through its own authorised routes, as with the local directory.
 */
export function s3Backend(settings: S3Settings): StorageBackend {
  const client = new S3Client({
    endpoint: settings.url,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where the operation requires one: several S3-compatible servers refuse the
    // CRC32 headers newer SDKs add to every upload by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${settings.prefix}${key}`;
  return {
    kind: "s3",
    async put(key, bytes, mime) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: mime }));
    },
    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!response.Body) return undefined;
        return Buffer.from(await response.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async list(folder) {
      const files: Array<{ key: string; modifiedMs: number }> = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: objectKey(`${folder}/`), ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) files.push({ key: object.Key.slice(settings.prefix.length), modifiedMs: object.LastModified?.getTime() ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },
    async listAll() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(settings.prefix.length);
          // Only the app's own keys: anything else under the prefix is not an upload of ours.
          if (key && KEY_PATTERN.test(key)) keys.push(key);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async measure() {
      // Every object under the prefix, 1,000 a page: what the deployment is billed for.
      let bytes = 0;
      let objects = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix || undefined, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          bytes += object.Size ?? 0;
          objects++;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return { bytes, objects };
    },
  };
}
