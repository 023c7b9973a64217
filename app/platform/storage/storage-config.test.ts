import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/platform/env.server";
import { s3ConfigFromEnv } from "./storage.server";

const s3 = { S3_REGION: "eu-west-2", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };

describe("S3 configuration", () => {
  it("is all or nothing, naming what is missing", () => {
    expect(s3ConfigFromEnv(parseEnv({}))).toBeNull();
    expect(() => parseEnv({ S3_BUCKET: "media" })).toThrow(/S3_REGION: is required when S3_BUCKET is set/);
    expect(() => parseEnv({ S3_BUCKET: "media", S3_REGION: "x" })).toThrow(/S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
  });
  it("reads a complete set, with an optional endpoint and public URL", () => {
    const config = s3ConfigFromEnv(parseEnv({ ...s3, S3_ENDPOINT: "http://127.0.0.1:9000", S3_PUBLIC_URL: "https://cdn.example.org/media/" }));
    expect(config).toEqual({
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-2",
      bucket: "media",
      accessKeyId: "id",
      secretAccessKey: "secret",
      publicUrl: "https://cdn.example.org/media",
    });
    expect(() => parseEnv({ ...s3, S3_PUBLIC_URL: "not a url" })).toThrow(/S3_PUBLIC_URL: must be the public base URL/);
  });
});
