import { spawn, spawnSync } from "node:child_process";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { s3ClientConfig, type S3Config } from "#app/platform/storage/s3-storage.server";
import { freePort } from "./site-process";

/**
 * moto's S3 server, when the machine has it (pip install "moto[server]"):
 * unlike s3rver it implements ListParts, which resumable uploads straight
 * into S3 (@tus/s3-store) need. Suites that need it skip without it.
 */
export function motoAvailable(): boolean {
  return spawnSync("moto_server", ["--help"], { stdio: "ignore" }).status === 0;
}

export async function startMotoServer(bucket = "media"): Promise<{ config: S3Config; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn("moto_server", ["-H", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(endpoint)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error("moto_server did not start");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const config: S3Config = { endpoint, region: "us-east-1", bucket, accessKeyId: "test", secretAccessKey: "test" };
  await new S3Client(s3ClientConfig(config)).send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    config,
    async stop() {
      child.kill();
      await new Promise((r) => child.once("exit", r));
    },
  };
}
