import crypto from "node:crypto";
import path from "node:path";
import { env, type Env } from "#app/platform/env.server";
import { LocalStorage } from "./local-storage.server";
import { S3Storage, type S3Config } from "./s3-storage.server";
import type { Storage } from "./objects";

/** A section or folder name as it may appear in a key. */
export function keySegment(value: string | null | undefined): string {
  return (value ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

export type KeyKind = "library" | "quick" | "page-image";

/**
 * A new upload's key: a timestamp, a random string and the original
 * extension, so two uploads never get the same name; quick uploads go in a
 * folder named after their section, page-image uploads are
 * {section}/{section}-{timestamp}-{random}.{ext}. A missing section is
 * "general", so every quick upload has a folder.
 */
export function objectKey(kind: KeyKind, extension: string, section?: string | null, now = Date.now()): string {
  const ext = extension.replace(/^\./, "").toLowerCase();
  if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new Error(`Bad extension: ${extension}`);
  const random = crypto.randomBytes(6).toString("hex");
  const name = `${now}-${random}.${ext}`;
  if (kind === "library") return name;
  const folder = keySegment(section) || "general";
  return kind === "quick" ? `${folder}/${name}` : `${folder}/${folder}-${name}`;
}

/** Key of a generated variant: beside its original, named by its content hash. */
export function variantKey(originalKey: string, hash: string, width: number, format: string): string {
  const dir = path.posix.dirname(originalKey);
  const base = path.posix.basename(originalKey, path.posix.extname(originalKey));
  const name = `${base}.${hash.slice(0, 12)}.${width}w.${format}`;
  return dir === "." ? name : `${dir}/${name}`;
}

export function s3ConfigFromEnv(config: Env): S3Config | null {
  if (!config.S3_BUCKET || !config.S3_REGION || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    publicUrl: config.S3_PUBLIC_URL,
  };
}

export function createStorage(config: { dataDir: string; s3?: S3Config | null }): Storage {
  if (config.s3) return new S3Storage(config.s3, path.join(config.dataDir, "tmp"));
  return new LocalStorage(path.join(config.dataDir, "uploads"));
}

let shared: Storage | undefined;

/** The process-wide storage, chosen by configuration. */
export function getStorage(): Storage {
  if (!shared) {
    const config = env();
    shared = createStorage({ dataDir: config.DATA_DIR, s3: s3ConfigFromEnv(config) });
  }
  return shared;
}
