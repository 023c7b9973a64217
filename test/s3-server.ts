import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "#app/platform/storage/s3-storage.server";

/**
 * A real S3 protocol server on loopback (s3rver), so the S3 storage is
 * tested over HTTP with the AWS SDK exactly as in production.
 */
export async function startS3Server(bucket = "media"): Promise<{ config: S3Config; directory: string; stop(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as { port: number };
  return {
    directory,
    config: {
      endpoint: `http://127.0.0.1:${address.port}`,
      region: "us-east-1",
      bucket,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
