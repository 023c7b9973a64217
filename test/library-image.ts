import crypto from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import type { TestDatabase } from "./engines";
import { smallPng } from "./media-fixtures";
import { createMediaFile, getMediaFile, type MediaFile } from "#app/features/media/media.server";
import { completeProcessing } from "#app/features/media/media-processing.server";
import { LocalStorage } from "#app/platform/storage/local-storage.server";
import { variantKey } from "#app/platform/storage/storage.server";

/** The test database's uploads folder, as the site keeps it. */
export const uploadsOf = (db: TestDatabase) => new LocalStorage(path.join(db.dataDir, "uploads"));

/**
 * A real image in the library, as an upload leaves it once its sizes are
 * made: the original and one generated size on disk, and its row.
 */
export async function libraryImage(db: TestDatabase, altText: string, { folder = "", createdBy = "user-1" } = {}): Promise<{ file: MediaFile; variant: string }> {
  const storage = uploadsOf(db);
  const key = `${folder ? `${folder}/` : ""}${Date.now()}-${crypto.randomBytes(6).toString("hex")}.png`;
  const bytes = await smallPng();
  await storage.putStream(key, Readable.from([bytes]), { contentType: "image/png" });
  const variant = variantKey(key, crypto.randomBytes(8).toString("hex"), 320, "webp");
  await storage.putStream(variant, Readable.from([bytes]), { contentType: "image/webp" });
  const created = await createMediaFile(db, {
    filename: key,
    originalName: "photo.png",
    fileUrl: storage.publicUrl(key),
    fileType: "image",
    fileSize: bytes.length,
    altText,
    createdBy,
    mimeType: "image/png",
    width: 400,
    height: 300,
    processing: "pending",
  });
  await completeProcessing(db, created.id, {
    placeholder: null,
    variants: [{ width: 320, height: 240, format: "webp", key: variant, url: storage.publicUrl(variant), size: bytes.length }],
    width: 400,
    height: 300,
  });
  return { file: (await getMediaFile(db, created.id))!, variant };
}
