import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type busboy from "busboy";
import { getDatabase, type Database } from "#app/platform/db/db.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/log/logger.server";
import { containsMarkup, sniffFile, type Sniffed } from "#app/platform/storage/file-sniff.server";
import { ImageRejectedError, kickMediaWorker, prepareImage } from "./images.server";
import { createMediaFile, getMediaFileByUploadId, type MediaFile } from "./media.server";
import { discardStaged, type TusSetup } from "./tus.server";
import type { Upload } from "@tus/utils";
import { getStorage, objectKey, type KeyKind } from "#app/platform/storage/storage.server";
import { type Storage } from "#app/platform/storage/objects";
import type { S3Storage } from "#app/platform/storage/s3-storage.server";
import {
  LIBRARY_MESSAGES,
  LIBRARY_UPLOAD_MAX_BYTES,
  QUICK_UPLOAD_MAX_BYTES,
  QUICK_UPLOAD_MESSAGES,
  defaultAltText,
  libraryTooLargeMessage,
} from "./upload-rules";

/** The live process's storage, database and scratch folder. */
export async function uploadContext(): Promise<UploadContext> {
  return { database: await getDatabase(), storage: getStorage(), scratchDir: path.join(env().DATA_DIR, "tmp") };
}

/** A refused or failed upload: the HTTP status and the words the person sees. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "UploadError";
  }

  toJSON() {
    return { ok: false as const, title: this.title, message: this.message, code: this.code };
  }
}

export interface UploadContext {
  database: Database;
  storage: Storage;
  /** Local scratch space (DATA_DIR/tmp) for files being received and processed. */
  scratchDir: string;
}

export type UploadPurpose = "quick" | "page-image" | "library";

export interface UploadFields {
  altText?: string | null;
  caption?: string | null;
  pageAssignment?: string | null;
  sectionAssignment?: string | null;
  category?: string | null;
}

export interface IngestInput extends UploadFields {
  /** Where the received bytes are now: a local file, or an object already in the bucket. */
  source: { type: "file"; path: string } | { type: "s3"; key: string };
  originalName: string;
  size: number;
  purpose: UploadPurpose;
  createdBy: string;
  uploadId?: string | null;
}

const IMAGE_ONLY: Record<UploadPurpose, boolean> = { quick: true, "page-image": true, library: false };
const SNIFF_BYTES = 1024 * 1024;

function typeError(purpose: UploadPurpose): UploadError {
  return IMAGE_ONLY[purpose]
    ? new UploadError(415, QUICK_UPLOAD_MESSAGES.invalidType.title, QUICK_UPLOAD_MESSAGES.invalidType.description, "invalid-type")
    : new UploadError(415, "Upload failed", LIBRARY_MESSAGES.notSupported, "invalid-type");
}

function storageError(error: unknown, purpose: UploadPurpose): UploadError {
  const code = (error as NodeJS.ErrnoException)?.code ?? (error as { name?: string })?.name;
  logger.error({ err: error instanceof Error ? error.message : String(error), code }, "storing an upload failed");
  if (code === "ENOSPC" || code === "EDQUOT" || code === "QuotaExceeded" || code === "InsufficientStorage") {
    return new UploadError(507, "Upload failed", LIBRARY_MESSAGES.storageFull, "storage-full");
  }
  return new UploadError(
    502,
    QUICK_UPLOAD_MESSAGES.storage.title,
    purpose === "library" ? LIBRARY_MESSAGES.uploadFailed : QUICK_UPLOAD_MESSAGES.storage.description,
    "storage",
  );
}

async function tempPathIn(dir: string, prefix: string): Promise<string> {
  await fsp.mkdir(dir, { recursive: true });
  return path.join(dir, `${prefix}-${crypto.randomBytes(8).toString("hex")}`);
}

/**
 * Checks a received file by its content, cleans it (images are re-encoded
 * without metadata), stores it under a generated key and records it. On any
 * failure nothing is left behind: the stored object is removed if the
 * database refuses the row. The source (a received file or a staged object)
 * is never consumed: the caller removes it once this has returned, so a
 * failure at any step leaves it there to try again.
 */
export async function ingestUpload(ctx: UploadContext, given: IngestInput): Promise<MediaFile> {
  // File names and texts come from the client; PostgreSQL cannot store U+0000, so it is dropped.
  const clean = <T extends string | null | undefined>(value: T): T => (typeof value === "string" ? (value.replaceAll("\0", "") as T) : value);
  const input: IngestInput = {
    ...given,
    originalName: clean(given.originalName),
    altText: clean(given.altText),
    caption: clean(given.caption),
    pageAssignment: clean(given.pageAssignment),
    sectionAssignment: clean(given.sectionAssignment),
    category: clean(given.category),
  };
  const limit = IMAGE_ONLY[input.purpose] ? QUICK_UPLOAD_MAX_BYTES : LIBRARY_UPLOAD_MAX_BYTES;
  if (input.size > limit) {
    throw IMAGE_ONLY[input.purpose]
      ? new UploadError(413, QUICK_UPLOAD_MESSAGES.tooLarge.title, QUICK_UPLOAD_MESSAGES.tooLarge.description, "too-large")
      : new UploadError(413, "Upload failed", libraryTooLargeMessage(input.size), "too-large");
  }
  const cleanup: string[] = [];
  try {
    let localPath: string | null = input.source.type === "file" ? input.source.path : null;
    let sniffed: Sniffed | null;
    if (input.source.type === "s3") {
      const s3 = ctx.storage as S3Storage;
      const head = await tempPathIn(ctx.scratchDir, "sniff");
      cleanup.push(head);
      const headEnd = Math.min(input.size, SNIFF_BYTES) - 1;
      await pipeline(await s3.read(input.source.key, { start: 0, end: Math.max(0, headEnd) }), fs.createWriteStream(head));
      sniffed = await sniffFile(head, input.originalName, Math.min(input.size, SNIFF_BYTES));
      if (sniffed?.kind === "image") {
        // Images are re-encoded, which needs the whole file here.
        localPath = await tempPathIn(ctx.scratchDir, "image");
        cleanup.push(localPath);
        await pipeline(await s3.read(input.source.key), fs.createWriteStream(localPath));
        sniffed = await sniffFile(localPath, input.originalName, input.size);
      } else if (sniffed && input.size > SNIFF_BYTES) {
        const tail = await tempPathIn(ctx.scratchDir, "sniff");
        cleanup.push(tail);
        await pipeline(await s3.read(input.source.key, { start: Math.max(SNIFF_BYTES, input.size - SNIFF_BYTES), end: input.size - 1 }), fs.createWriteStream(tail));
        if (await containsMarkup(tail)) sniffed = null;
      }
    } else {
      sniffed = await sniffFile(input.source.path, input.originalName, input.size);
    }
    if (!sniffed || (IMAGE_ONLY[input.purpose] && sniffed.kind !== "image")) throw typeError(input.purpose);

    const kind: KeyKind = input.purpose === "library" ? "library" : input.purpose;
    const key = objectKey(kind, sniffed.ext, input.purpose === "library" ? null : input.sectionAssignment);
    let width: number | null = null;
    let height: number | null = null;
    let hash: string | null = null;
    let storedSize = input.size;
    try {
      if (sniffed.kind === "image") {
        const cleaned = await tempPathIn(ctx.scratchDir, "clean");
        cleanup.push(cleaned);
        const prepared = await prepareImage(localPath!, sniffed.mime, cleaned);
        ({ width, height, hash } = prepared);
        storedSize = prepared.size;
        await ctx.storage.moveFileIn(key, cleaned, { contentType: sniffed.mime });
      } else if (input.source.type === "s3") {
        // Copied, not moved: the staged object stays until the row below is recorded.
        await (ctx.storage as S3Storage).copyObjectIn(input.source.key, key, { contentType: sniffed.mime });
      } else {
        // A second name for the received file is moved in (a hard link: no copy on
        // one file system), so the file itself stays until the row below is recorded.
        const received = input.source.path;
        const linked = await tempPathIn(ctx.scratchDir, "keep");
        cleanup.push(linked);
        await fsp.link(received, linked).catch(() => fsp.copyFile(received, linked));
        await ctx.storage.moveFileIn(key, linked, { contentType: sniffed.mime });
      }
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        throw IMAGE_ONLY[input.purpose] && error.reason === "undecodable"
          ? typeError(input.purpose)
          : new UploadError(422, "Upload failed", error.message, error.reason === "pixels" ? "too-many-pixels" : "invalid-type");
      }
      throw storageError(error, input.purpose);
    }

    try {
      const file = await createMediaFile(ctx.database, {
        filename: key,
        originalName: input.originalName.slice(0, 255) || `upload.${sniffed.ext}`,
        fileUrl: ctx.storage.publicUrl(key),
        fileType: sniffed.kind,
        fileSize: storedSize,
        category: input.category,
        altText: defaultAltText(input.altText, input.originalName).slice(0, 500),
        caption: input.caption ?? null,
        pageAssignment: input.pageAssignment,
        sectionAssignment: input.sectionAssignment,
        createdBy: input.createdBy,
        mimeType: sniffed.mime,
        contentHash: hash,
        width,
        height,
        processing: sniffed.kind === "image" ? "pending" : null,
        uploadId: input.uploadId ?? null,
      });
      if (file.processing === "pending") kickMediaWorker();
      return file;
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "recording an upload failed");
      await ctx.storage.delete(key).catch(() => {});
      throw new UploadError(
        500,
        QUICK_UPLOAD_MESSAGES.database.title,
        input.purpose === "library" ? LIBRARY_MESSAGES.uploadFailed : QUICK_UPLOAD_MESSAGES.database.description,
        "database",
      );
    }
  } finally {
    await Promise.all(cleanup.map((p) => fsp.rm(p, { force: true })));
  }
}

/** Room for the multipart framing and text fields around a 10 MB image. */
const MULTIPART_OVERHEAD = 256 * 1024;

const tooLarge = () => new UploadError(413, QUICK_UPLOAD_MESSAGES.tooLarge.title, QUICK_UPLOAD_MESSAGES.tooLarge.description, "too-large");
const missing = () => new UploadError(400, QUICK_UPLOAD_MESSAGES.missing.title, QUICK_UPLOAD_MESSAGES.missing.description, "missing");

/**
 * The quick image upload (and the page-image upload): a multipart form with
 * `file`, `altText`, `section`, `category` and optionally `purpose`
 * ("page-image"). The file streams to scratch disk as it arrives and is cut
 * off at 10 MB; a declared body over the limit is refused before reading.
 */
export async function receiveQuickUpload(request: Request, ctx: UploadContext, createdBy: string): Promise<MediaFile> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > QUICK_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw missing();

  const tempPath = await tempPathIn(ctx.scratchDir, "quick");
  // The multipart parser is imported on the first quick upload, not at start-up.
  const { default: parseMultipart } = await import("busboy");
  const fields: Record<string, string> = {};
  let file: { name: string; size: number; truncated: boolean } | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = parseMultipart({
          headers: { "content-type": contentType },
          // Browsers send the file's name as UTF-8 (the page's encoding); busboy would read it as Latin-1.
          defParamCharset: "utf8",
          limits: { fileSize: QUICK_UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 30 },
        });
      } catch {
        reject(missing());
        return;
      }
      let writing: Promise<void> = Promise.resolve();
      parser.on("file", (name, stream, info) => {
        if (name !== "file" || file) {
          stream.resume();
          return;
        }
        const received = { name: info.filename ?? "", size: 0, truncated: false };
        file = received;
        stream.on("data", (chunk: Buffer) => {
          received.size += chunk.length;
        });
        stream.on("limit", () => {
          received.truncated = true;
        });
        writing = pipeline(stream, fs.createWriteStream(tempPath));
      });
      parser.on("field", (name, value) => {
        fields[name] = value;
      });
      parser.on("close", () => writing.then(resolve, reject));
      parser.on("error", () => reject(missing()));
      const body = Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);
      body.on("error", reject);
      body.pipe(parser);
    });
    const received = file as { name: string; size: number; truncated: boolean } | null;
    if (received?.truncated) throw tooLarge();
    if (!received || received.size === 0 || !fields.altText?.trim()) throw missing();
    return await ingestUpload(ctx, {
      source: { type: "file", path: tempPath },
      originalName: path.basename(received.name.replace(/\\/g, "/")),
      size: received.size,
      purpose: fields.purpose === "page-image" ? "page-image" : "quick",
      altText: fields.altText.trim(),
      sectionAssignment: fields.section?.trim() || null,
      pageAssignment: fields.page?.trim() || null,
      category: fields.category,
      caption: fields.caption,
      createdBy,
    });
  } finally {
    await fsp.rm(tempPath, { force: true });
  }
}

/**
 * Turns a finished resumable upload into a library file. Safe to call again
 * for the same upload (a retry after a dropped answer): the row it made the
 * first time is returned.
 */
export async function completeLibraryUpload(
  ctx: UploadContext,
  tusSetup: TusSetup | Promise<TusSetup>,
  uploadId: string,
  fields: UploadFields,
  createdBy: string,
): Promise<MediaFile> {
  const tus = await tusSetup;
  if (!/^tus-[a-f0-9]{32}$/.test(uploadId)) throw new UploadError(400, "Upload failed", LIBRARY_MESSAGES.noFile, "missing");
  const existing = await getMediaFileByUploadId(ctx.database, uploadId);
  if (existing) return existing;
  let upload: Upload;
  try {
    upload = await tus.store.getUpload(uploadId);
  } catch {
    throw new UploadError(404, "Upload failed", LIBRARY_MESSAGES.noFile, "missing");
  }
  if (upload.size === undefined || upload.offset < upload.size) {
    throw new UploadError(409, "Upload failed", "The file has not finished uploading yet.", "incomplete");
  }
  const originalName = path.basename((upload.metadata?.filename ?? "").replace(/\\/g, "/")) || "upload";
  try {
    const file = await ingestUpload(ctx, {
      source: tus.kind === "file" ? { type: "file", path: path.join(tus.stagingDir, uploadId) } : { type: "s3", key: uploadId },
      originalName,
      size: upload.size,
      purpose: "library",
      ...fields,
      createdBy,
      uploadId,
    });
    // Only now, with the row recorded, is the staged upload removed: until then it is the only sure copy.
    await discardStaged(tus, uploadId);
    return file;
  } catch (error) {
    // Two completions racing: the other one recorded it.
    const raced = await getMediaFileByUploadId(ctx.database, uploadId).catch(() => null);
    if (raced) return raced;
    // A refused file is thrown away; after a failure on our side it is kept, so asking again can succeed.
    if (error instanceof UploadError && error.status < 500) await discardStaged(tus, uploadId);
    throw error;
  }
}
