import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appUrl: "http://localhost:3000",
      brandName: "Farmanexo",
      trustProxy: false,
      seedDemo: true,
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(loadConfig({ NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(loadConfig({ PORT: "8080" }).appUrl).toBe("http://localhost:8080");
  });

  it("reads every variable of the configuration contract", () => {
    const config = loadConfig({
      PORT: "4000",
      APP_URL: "https://farmanexo.example/",
      DATA_DIR: "/tmp/fx",
      DATABASE_URL: "postgres://u@db:5432/fx",
      SMTP_URL: "smtp://u:p@mail:25",
      BRAND_NAME: "Farmanexo Pro",
      TRUST_PROXY: "true",
      SEED_DEMO: "false",
    });
    expect(config).toMatchObject({
      port: 4000,
      appUrl: "https://farmanexo.example",
      dataDir: "/tmp/fx",
      databaseUrl: "postgres://u@db:5432/fx",
      smtpUrl: "smtp://u:p@mail:25",
      brandName: "Farmanexo Pro",
      trustProxy: true,
      seedDemo: false,
    });
  });

  it("refuses bad values with a message naming each variable", () => {
    expect(() => loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", TRUST_PROXY: "maybe" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", TRUST_PROXY: "maybe" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL: debe empezar por postgres:// o postgresql://");
      expect(message).toContain("TRUST_PROXY");
    }
  });
  it("keeps metrics and traces off by default and reads their settings", () => {
    expect(loadConfig({})).toMatchObject({ metrics: { port: undefined, token: undefined }, otel: undefined });
    const config = loadConfig({
      METRICS_PORT: "9464",
      METRICS_TOKEN: "t".repeat(32),
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/",
    });
    expect(config.metrics).toEqual({ port: 9464, token: "t".repeat(32) });
    expect(config.otel).toEqual({ endpoint: "http://collector:4318", serviceName: "farmanexo" });
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: debe tener al menos 32 caracteres/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "grpc://x" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it("allows the link preview's loopback setting only in tests or on a server reachable from this machine alone", () => {
    const allow = { LINK_PREVIEW_TEST_ALLOW: "127.0.0.1:3423" };
    expect(loadConfig({ ...allow, NODE_ENV: "test" }).linkPreviewTestAllow).toEqual(["127.0.0.1:3423"]);
    const e2e = { ...allow, NODE_ENV: "production", HOST: "127.0.0.1", APP_URL: "http://127.0.0.1:3420" } as const;
    expect(loadConfig(e2e).linkPreviewTestAllow).toEqual(["127.0.0.1:3423"]);
    expect(() => loadConfig({ ...allow, NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...e2e, HOST: "0.0.0.0" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...e2e, APP_URL: "https://farmanexo.example" })).toThrow(ConfigError);
  });
  it("keeps uploads on disk by default and reads the S3 settings, refusing incomplete ones", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({ S3_URL: "http://minio:9000", S3_BUCKET: "farmanexo", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secreto" }).s3,
    ).toEqual({
      url: "http://minio:9000",
      bucket: "farmanexo",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secreto",
      forcePathStyle: true,
      prefix: "",
    });
    expect(() => loadConfig({ S3_URL: "http://minio:9000" })).toThrow(/S3_BUCKET: es obligatorio con S3_URL/);
    expect(() => loadConfig({ S3_URL: "http://minio:9000", S3_BUCKET: "b1b", S3_ACCESS_KEY_ID: "id" })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_URL: "ftp://minio", S3_BUCKET: "farmanexo" })).toThrow(/S3_URL: debe empezar por http:\/\/ o https:\/\//);
    expect(() => loadConfig({ S3_URL: "http://minio:9000", S3_BUCKET: "Mi_Bucket" })).toThrow(
      /S3_BUCKET: no es un nombre de bucket válido/,
    );
  });
});
