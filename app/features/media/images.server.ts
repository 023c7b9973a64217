import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type SharpConstructor from "sharp";
import type { Metadata, OutputInfo } from "sharp";
import type { Database } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import { getMediaFile, type MediaFile, type MediaVariant } from "./media.server";
import { claimProcessing, completeProcessing, failProcessing, giveUpAbandonedProcessing, listPendingProcessing, mediaFileExists } from "./media-processing.server";
import { variantKey } from "#app/platform/storage/storage.server";
import { ObjectExistsError, type Storage } from "#app/platform/storage/objects";
import type { AcceptedMime } from "#app/platform/storage/file-sniff.server";

/**
 * A still image may have at most this many pixels (e.g. 10,000 × 7,000):
 * above that, decoding costs more memory than any real photo needs, which is
 * what a "decompression bomb" (a tiny file declaring a huge picture) relies on.
 */
export const MAX_IMAGE_PIXELS = 70_000_000;
/** All frames of an animation together. */
export const MAX_ANIMATION_PIXELS = 200_000_000;

/** Widths of the responsive copies; none is made wider than the original. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const PLACEHOLDER_WIDTH = 16;

export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly reason: "pixels" | "undecodable",
  ) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

export interface PreparedImage {
  width: number;
  height: number;
  size: number;
  /** sha256 of the cleaned file, hex. */
  hash: string;
}

export async function sha256File(filePath: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  await pipeline(fs.createReadStream(filePath), hash);
  return hash.digest("hex");
}

/** sharp (libvips), imported on the first image: loading it costs a tenth of a second at start-up otherwise. */
let sharpModule: Promise<typeof SharpConstructor> | undefined;
const loadSharp = () =>
  (sharpModule ??= import("sharp").then((m) => {
    // libvips' cache of recent operations serves nothing here (every image is
    // read once per size) and held on to decoded pixels: making a 63-megapixel
    // upload's sizes peaked at 590 MB with it and 369 MB without.
    m.default.cache(false);
    return m.default;
  }));

/**
 * Re-encodes an uploaded image so what we store carries no metadata (EXIF,
 * GPS position, camera serials, XMP, comments): children's photos must not
 * reveal where they were taken. The EXIF orientation is applied first so
 * the picture still stands the right way up. Only the colour profile is
 * kept. Refuses images whose declared size is a decompression bomb.
 */
export async function prepareImage(inputPath: string, mime: AcceptedMime, outputPath: string): Promise<PreparedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // metadata() reads the header only: the pixel count is known before anything is decoded.
    meta = await sharp(inputPath, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError("The image could not be read. It may be damaged or not really an image.", "undecodable");
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const pages = meta.pages ?? 1;
  if (!width || !height) throw new ImageRejectedError("The image could not be read. It may be damaged or not really an image.", "undecodable");
  if (width * height > MAX_IMAGE_PIXELS || width * height * pages > MAX_ANIMATION_PIXELS) {
    throw new ImageRejectedError(
      `The image is ${width} × ${height} pixels; images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} million pixels. Please resize it and try again.`,
      "pixels",
    );
  }
  const animated = pages > 1 && (mime === "image/gif" || mime === "image/webp");
  let image = sharp(inputPath, { limitInputPixels: MAX_IMAGE_PIXELS * (animated ? pages : 1), animated, failOn: "error" });
  if (!animated) image = image.autoOrient();
  image = image.keepIccProfile();
  switch (mime) {
    case "image/jpeg":
      image = image.jpeg({ quality: 90, mozjpeg: true });
      break;
    case "image/png":
      image = image.png({ compressionLevel: 6 });
      break;
    case "image/webp":
      image = image.webp({ quality: 90 });
      break;
    case "image/avif":
      image = image.avif({ quality: 70, effort: 2 });
      break;
    case "image/gif":
      image = image.gif();
      break;
    default:
      throw new ImageRejectedError("This is not an image.", "undecodable");
  }
  let info: OutputInfo;
  try {
    info = await image.toFile(outputPath);
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "image re-encode failed");
    throw new ImageRejectedError("The image could not be read. It may be damaged or not really an image.", "undecodable");
  }
  return {
    width: info.width,
    height: animated ? height : info.height,
    size: info.size,
    hash: await sha256File(outputPath),
  };
}

export function variantWidths(originalWidth: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < originalWidth);
  if (originalWidth <= VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]) widths.push(originalWidth);
  return widths;
}

/**
 * Makes the responsive copies (WebP and AVIF at each width) and the tiny
 * placeholder of one stored image, and records them. Variant names carry the
 * original's content hash, so a copy written by a run that died half-way is
 * the same bytes and can simply be kept. A stored file that cannot be
 * decoded throws ImageRejectedError (trying again would not help); anything
 * else that goes wrong (the storage, the disk) may pass.
 *
 * Staff may delete the image meanwhile. Its delete removes the objects its
 * row names, which are not yet these copies, so the worker makes sure none
 * outlives it: it asks whether the row is still there before writing each
 * copy, and recording them only succeeds while it is. If it has gone, what
 * was written is removed, nothing more is written, and the answer is
 * "deleted".
 */
export async function generateVariants(database: Database, storage: Storage, file: MediaFile, scratchDir: string): Promise<"done" | "deleted"> {
  const sharp = await loadSharp();
  await fsp.mkdir(scratchDir, { recursive: true });
  const work = await fsp.mkdtemp(path.join(scratchDir, "variants-"));
  const written: string[] = [];
  try {
    const original = path.join(work, "original");
    await pipeline(await storage.read(file.filename), fs.createWriteStream(original));
    let meta: Metadata;
    let tiny: Buffer;
    try {
      meta = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS * (file.mimeType === "image/gif" ? 40 : 1) }).metadata();
      // The placeholder decodes the whole picture, from a file on local disk: if that fails, the bytes are the problem.
      tiny = await sharp(original, { limitInputPixels: false }).resize({ width: PLACEHOLDER_WIDTH }).webp({ quality: 40 }).toBuffer();
    } catch (error) {
      // Unless fewer bytes arrived than were stored: then the download was cut short, which may not happen again.
      if ((await fsp.stat(original)).size !== file.fileSize) throw error;
      throw new ImageRejectedError(`The stored image could not be decoded: ${error instanceof Error ? error.message : String(error)}`, "undecodable");
    }
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    const animated = (meta.pages ?? 1) > 1;
    const hash = (await sha256File(original)).slice(0, 16);
    const variants: MediaVariant[] = [];
    const formats: ("webp" | "avif")[] = animated ? ["webp"] : ["webp", "avif"];
    for (const w of variantWidths(width)) {
      for (const format of formats) {
        const key = variantKey(file.filename, hash, w, format);
        const out = path.join(work, `${w}.${format}`);
        let pipe = sharp(original, { animated, limitInputPixels: false }).resize({ width: w, withoutEnlargement: true });
        pipe = format === "webp" ? pipe.webp({ quality: 78 }) : pipe.avif({ quality: 50, effort: 2 });
        const info = await pipe.toFile(out);
        if (!(await mediaFileExists(database, file.id))) return await removeWritten(storage, file, written);
        try {
          await storage.putFile(key, out, { contentType: `image/${format}` });
        } catch (error) {
          if (!(error instanceof ObjectExistsError)) throw error;
        }
        // A copy an earlier attempt left is this image's too, and goes with it.
        written.push(key);
        variants.push({
          width: info.width,
          height: animated ? Math.round((height * info.width) / width) : info.height,
          format,
          key,
          url: storage.publicUrl(key),
          size: info.size,
        });
        await fsp.rm(out, { force: true });
      }
    }
    const recorded = await completeProcessing(database, file.id, {
      placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
      variants,
      width,
      height,
    });
    return recorded ? "done" : await removeWritten(storage, file, written);
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * Removes the copies made of an image deleted meanwhile. One that cannot be
 * removed is logged, as a delete does; the daily clean-up of objects no row
 * names takes it later.
 */
async function removeWritten(storage: Storage, file: MediaFile, keys: string[]): Promise<"deleted"> {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error), key }, "could not remove a stored object")),
    ),
  );
  logger.info({ mediaId: file.id, removed: keys.length }, "image deleted while its sizes were being made: the sizes written are removed");
  return "deleted";
}

/**
 * Works through every image whose variants may be made now, once; returns
 * how many it finished. One that fails is tried again later (up to
 * PROCESSING_MAX_ATTEMPTS times, see failProcessing) unless it cannot be
 * decoded.
 */
export async function processPendingMedia(database: Database, storage: Storage, scratchDir = os.tmpdir(), stopping: () => boolean = () => false): Promise<number> {
  const abandoned = await giveUpAbandonedProcessing(database);
  if (abandoned > 0) logger.warn({ count: abandoned }, "image variants given up: every attempt's process stopped before finishing");
  let processed = 0;
  for (;;) {
    if (stopping()) return processed;
    const ids = await listPendingProcessing(database, 10);
    let claimedAny = false;
    for (const id of ids) {
      // At shutdown no new image is begun: one cut off would spend one of its attempts.
      if (stopping()) return processed;
      const claim = await claimProcessing(database, id);
      if (!claim) continue;
      claimedAny = true;
      const file = await getMediaFile(database, id);
      if (!file) continue;
      try {
        if ((await generateVariants(database, storage, file, scratchDir)) === "done") processed++;
      } catch (error) {
        const permanent = error instanceof ImageRejectedError;
        const outcome = await failProcessing(database, id, claim, { permanent });
        const log = { err: error instanceof Error ? error.message : String(error), mediaId: id, attempt: claim.attempt, outcome };
        if (outcome === "retry") logger.warn(log, "image variants failed; will try again");
        else logger.error(log, "image variants failed");
      }
    }
    if (!claimedAny) return processed;
  }
}

/**
 * The in-process worker: runs at start (so images left pending by a restart
 * are finished), when an upload asks it to, and every half minute (so
 * several processes sharing one database share the work).
 */
export class MediaWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly getDatabase: () => Promise<Database>,
    private readonly storage: Storage,
    private readonly scratchDir: string,
  ) {}

  start(intervalMs = 30_000): this {
    this.kick();
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    return this;
  }

  /**
   * Stops: no new image is begun, and the one being made is finished (the
   * promise settles then), so a deploy does not cut it off half-way and
   * spend one of its attempts. Shutdown's own time limit still applies.
   */
  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping = true;
    return this.running ?? Promise.resolve();
  }

  kick(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await processPendingMedia(await this.getDatabase(), this.storage, this.scratchDir, () => this.stopping);
        } catch (error) {
          logger.error({ err: error instanceof Error ? error.message : String(error) }, "media worker pass failed");
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the current pass (if any) is over. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}

let worker: MediaWorker | null = null;

export function startMediaWorker(getDatabase: () => Promise<Database>, storage: Storage, scratchDir: string): MediaWorker {
  void worker?.stop();
  worker = new MediaWorker(getDatabase, storage, scratchDir).start();
  return worker;
}

/** Asks the running worker (if this process has one) to look for new work now. */
export function kickMediaWorker(): void {
  worker?.kick();
}
