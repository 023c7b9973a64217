import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { request as httpRequest } from "node:http";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { serve, type ServerType } from "@hono/node-server";
import * as tus from "tus-js-client";
import { describeEachEngine } from "../../../test/engines";
import { startS3Server } from "../../../test/s3-server";
import { motoAvailable, startMotoServer } from "../../../test/moto-server";
import {
  jpegWithGps,
  mp4Stub,
  noisePng,
  pixelBombPng,
  polyglotJpeg,
  smallPng,
  svgWithScript,
  textFile,
  webmStub,
} from "../../../test/media-fixtures";
import { failWrites } from "../../../test/failing-writes";
import { createStorage, objectKey } from "#app/platform/storage/storage.server";
import { ObjectExistsError, type Storage } from "#app/platform/storage/objects";
import type { S3Config } from "#app/platform/storage/s3-storage.server";
import { completeLibraryUpload, ingestUpload, receiveQuickUpload, UploadError, type IngestInput, type UploadContext } from "./uploads.server";
import { createTus, handleTusRequest, type TusSetup } from "./tus.server";
import { processPendingMedia } from "./images.server";
import {
  deleteMediaFile,
  getActiveMediaFile,
  listActiveMediaFiles,
  listMediaFiles,
  countMediaFiles,
  storedKeys,
  updateMediaFile,
} from "./media.server";
import { LIBRARY_UPLOAD_MAX_BYTES } from "./upload-rules";

const KEY_LIBRARY = /^\d{13}-[a-f0-9]{12}\.(jpg|jpeg|png|webp|avif|gif|mp4|webm|mov)$/;

function quickRequest(file: Buffer | null, fields: Record<string, string>, name = "photo.jpg", type = "image/jpeg"): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("file", new File([new Uint8Array(file)], name, { type }));
  return new Request("http://127.0.0.1/api/media/quick-upload", { method: "POST", body: form });
}

async function expectUploadError(promise: Promise<unknown>, status: number, title: string, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  expect(error).toMatchObject({ status, title, message });
}

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every stored object's key (staged uploads are not stored objects). */
async function storedObjectKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

/** Makes every insert into media_files fail, as a full disk or a database blip would, while `run` runs. */
async function withMediaInsertsFailing<T>(getDb: () => Parameters<typeof failWrites>[0], run: () => Promise<T>): Promise<T> {
  await failWrites(getDb(), "media_files", true, ["insert"]);
  try {
    return await run();
  } finally {
    await failWrites(getDb(), "media_files", false);
  }
}

/** Starts a loopback HTTP server that speaks tus exactly as the site's does. */
async function startTusHttp(setup: TusSetup, authorize: Parameters<typeof handleTusRequest>[2]) {
  const server: ServerType = serve({ fetch: (req) => handleTusRequest(setup, req, authorize), port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}/api/uploads`, close: () => new Promise((r) => server.close(r)) };
}

/** Starts sending the rest of an upload, then cuts the connection as a dropped network would. */
async function patchThenDrop(url: string, data: Buffer, sendBytes: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const req = httpRequest(url, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(data.length),
      },
    });
    req.on("error", () => resolve());
    req.write(data.subarray(0, sendBytes), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 500);
    });
  });
}

/** The server's offset once it has finished saving what arrived. */
async function settledOffset(url: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 50; i++) {
    const head = await fetch(url, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" } });
    const offset = Number(head.headers.get("upload-offset"));
    if (head.status === 200 && offset === last && offset > 0) return offset;
    last = offset;
    await new Promise((r) => setTimeout(r, 200));
  }
  return last;
}

function tusUpload(endpoint: string, data: Buffer, options: Partial<tus.UploadOptions> = {}): tus.Upload {
  return new tus.Upload(data as never, {
    endpoint,
    uploadSize: data.length,
    chunkSize: 64 * 1024,
    retryDelays: [],
    metadata: { filename: "clip.webm", filetype: "video/webm" },
    ...options,
  });
}

describe("object keys", () => {
  it("are a timestamp, a random string and the extension; quick uploads sit in their section's folder", () => {
    expect(objectKey("library", "MP4", null, 1700000000000)).toMatch(/^1700000000000-[a-f0-9]{12}\.mp4$/);
    expect(objectKey("quick", "jpg", "Hero", 1700000000000)).toMatch(/^hero\/1700000000000-[a-f0-9]{12}\.jpg$/);
    expect(objectKey("quick", "jpg", null)).toMatch(/^general\/\d{13}-[a-f0-9]{12}\.jpg$/);
    expect(objectKey("page-image", "png", "uc3-infographic", 1700000000000)).toMatch(
      /^uc3-infographic\/uc3-infographic-1700000000000-[a-f0-9]{12}\.png$/,
    );
    expect(objectKey("quick", "jpg", "../../etc")).toMatch(/^etc\//);
    expect(objectKey("library", "jpg")).not.toBe(objectKey("library", "jpg"));
  });
});

/**
 * Local disk; S3 over s3rver (always available, from npm); and S3 over moto
 * when installed, since s3rver lacks ListParts, which resumable uploads into
 * S3 need: the tus tests run on local disk and moto.
 */
type Backend = "local" | "s3rver" | "moto";
const BACKENDS: Backend[] = motoAvailable() ? ["local", "s3rver", "moto"] : ["local", "s3rver"];
if (!BACKENDS.includes("moto")) console.warn("moto_server not found: resumable uploads into S3 are not tested here.");

describeEachEngine("uploads", (getDb) => {
  for (const backend of BACKENDS) {
    describe(`on ${backend} storage`, () => {
      let dataDir: string;
      let s3: { config: S3Config; stop(): Promise<void> } | undefined;
      const resumable = backend !== "s3rver";
      let s3Config: S3Config | null = null;
      let storage: Storage;
      let ctx: UploadContext;
      let tusSetup: TusSetup;
      let http: Awaited<ReturnType<typeof startTusHttp>>;

      beforeAll(async () => {
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
        if (backend !== "local") {
          s3 = backend === "moto" ? await startMotoServer() : await startS3Server();
          s3Config = s3.config;
        }
        storage = createStorage({ dataDir, s3: s3Config });
        ctx = { database: getDb(), storage, scratchDir: path.join(dataDir, "tmp") };
        tusSetup = await createTus({ dataDir, s3: s3Config });
        http = await startTusHttp(tusSetup, async (req) =>
          req.headers.get("authorization") === "Bearer no" ? new Response("Your session has expired. Please log in again.", { status: 401 }) : { userId: "admin-1" },
        );
      });
      afterAll(async () => {
        await http?.close();
        await s3?.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      it("says whether it can take files: yes here; no for a bucket that does not exist or a folder that cannot be made", async () => {
        await expect(storage.probe()).resolves.toBeUndefined();
        const broken =
          backend === "local"
            ? // A folder under a file: it can never be made.
              createStorage({ dataDir: path.join(dataDir, "source.bin", "nested"), s3: null })
            : createStorage({ dataDir, s3: { ...s3Config!, bucket: "no-such-bucket" } });
        if (backend === "local") fs.writeFileSync(path.join(dataDir, "source.bin"), "a file, not a folder");
        // Looking up a key says nothing: a missing bucket answers like a missing key.
        if (backend !== "local") expect(await broken.stat("readyz-probe")).toBeNull();
        await expect(broken.probe()).rejects.toThrow();
      });

      it("stores, reads byte ranges of and deletes an object, and never overwrites one", async () => {
        const key = objectKey("library", "mp4");
        const source = path.join(dataDir, "source.bin");
        fs.writeFileSync(source, mp4Stub(20 * 1024 * 1024));
        await storage.putFile(key, source, { contentType: "video/mp4" });
        expect(await storage.stat(key)).toMatchObject({ size: 20 * 1024 * 1024 });
        const chunks: Buffer[] = [];
        for await (const c of await storage.read(key, { start: 4, end: 11 })) chunks.push(c as Buffer);
        expect(Buffer.concat(chunks).toString("latin1")).toBe("ftypisom");
        await expect(storage.putFile(key, source, { contentType: "video/mp4" })).rejects.toBeInstanceOf(ObjectExistsError);
        await expect(storage.putStream(key, Readable.from([Buffer.from("x")]), { contentType: "video/mp4" })).rejects.toBeInstanceOf(ObjectExistsError);
        await storage.delete(key);
        expect(await storage.stat(key)).toBeNull();
        await expect(storage.delete(key)).resolves.toBeUndefined();
      });

      it("quick upload: stores a clean JPEG in the section's folder, without EXIF or GPS, turned upright", async () => {
        const original = await jpegWithGps(800, 600);
        expect((await sharp(original).metadata()).exif).toBeDefined();
        const file = await receiveQuickUpload(
          quickRequest(original, { altText: "Football practice image", section: "Hero", category: "Football" }, "Practice Day.jpg"),
          ctx,
          "admin-1",
        );
        expect(file.filename).toMatch(/^hero\/\d{13}-[a-f0-9]{12}\.jpg$/);
        expect(file).toMatchObject({
          fileType: "image",
          category: "football",
          altText: "Football practice image",
          sectionAssignment: "Hero",
          originalName: "Practice Day.jpg",
          isActive: true,
          createdBy: "admin-1",
          mimeType: "image/jpeg",
          width: 600,
          height: 800,
          processing: "pending",
        });
        expect(file.fileUrl).toBe(backend === "local" ? `/media/${file.filename}` : `/media/${file.filename}`);
        const stored = await readAll(storage, file.filename);
        const meta = await sharp(stored).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect([meta.width, meta.height]).toEqual([600, 800]);
        expect(stored.includes(Buffer.from("TestCam"))).toBe(false);
        expect(file.fileSize).toBe(stored.length);
      });

      it("quick upload: keeps a file name written with accents and symbols as it was", async () => {
        const name = "Eid – Café ☕ 2026.png";
        const file = await receiveQuickUpload(quickRequest(await smallPng(), { altText: "Eid party" }, name, "image/png"), ctx, "admin-1");
        expect(file.originalName).toBe(name);
      });

      it("quick upload: an unknown category is stored as general; page-image uploads use {section}/{section}-…", async () => {
        const file = await receiveQuickUpload(
          quickRequest(await smallPng(), { altText: "Logo image", section: "uc3-infographic", category: "branding", purpose: "page-image" }, "logo.png", "image/png"),
          ctx,
          "admin-1",
        );
        expect(file.category).toBe("general");
        expect(file.filename).toMatch(/^uc3-infographic\/uc3-infographic-\d{13}-[a-f0-9]{12}\.png$/);
      });

      it("quick upload refuses files over 10MB, non-images and missing fields, each with its own message, storing nothing", async () => {
        const before = await countMediaFiles(getDb());
        await expectUploadError(
          receiveQuickUpload(quickRequest(await noisePng(10 * 1024 * 1024 + 1000), { altText: "big image" }, "big.png", "image/png"), ctx, "admin-1"),
          413,
          "File too large",
          "Please select an image smaller than 10MB.",
        );
        for (const [bytes, name, type] of [
          [textFile, "holiday.jpg", "image/jpeg"],
          [svgWithScript, "drawing.svg", "image/svg+xml"],
          [svgWithScript, "drawing.png", "image/png"],
          [await polyglotJpeg(), "innocent.jpg", "image/jpeg"],
          [webmStub(), "clip.webm", "video/webm"],
        ] as const) {
          await expectUploadError(
            receiveQuickUpload(quickRequest(bytes, { altText: "x image" }, name, type), ctx, "admin-1"),
            415,
            "Invalid file type",
            "Please select an image file.",
          );
        }
        await expectUploadError(
          receiveQuickUpload(quickRequest(await smallPng(), { altText: "   " }, "a.png", "image/png"), ctx, "admin-1"),
          400,
          "Upload Failed",
          "Please select a file and provide alt text.",
        );
        await expectUploadError(
          receiveQuickUpload(quickRequest(null, { altText: "alt" }), ctx, "admin-1"),
          400,
          "Upload Failed",
          "Please select a file and provide alt text.",
        );
        const bomb = await receiveQuickUpload(quickRequest(await pixelBombPng(), { altText: "bomb image" }, "bomb.png", "image/png"), ctx, "admin-1").catch(
          (e: unknown) => e,
        );
        expect(bomb).toMatchObject({ status: 422, code: "too-many-pixels" });
        expect((bomb as Error).message).toMatch(/60000 × 60000 pixels; images may have at most 70 million pixels/);
        expect(await countMediaFiles(getDb())).toBe(before);
        expect(fs.readdirSync(ctx.scratchDir)).toEqual([]);
      });

      it("makes responsive WebP and AVIF variants and a placeholder off the request path", async () => {
        const file = await receiveQuickUpload(quickRequest(await smallPng(1000, 500), { altText: "wide image" }, "wide.png", "image/png"), ctx, "admin-1");
        expect(file.variants).toEqual([]);
        await processPendingMedia(getDb(), storage, ctx.scratchDir);
        const done = (await getActiveMediaFile(getDb(), file.id))!;
        expect(done.processing).toBe("done");
        expect(done.placeholder).toMatch(/^data:image\/webp;base64,/);
        expect(done.variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual(
          ["320.avif", "320.webp", "640.avif", "640.webp", "960.avif", "960.webp", "1000.avif", "1000.webp"].sort(),
        );
        for (const v of done.variants) {
          expect(v.key).toMatch(/^general\/\d{13}-[a-f0-9]{12}\.[a-f0-9]{12}\.\d+w\.(webp|avif)$/);
          const meta = await sharp(await readAll(storage, v.key)).metadata();
          expect(meta.width).toBe(v.width);
          expect(meta.format).toBe(v.format === "avif" ? "heif" : "webp");
        }
      });

      it.runIf(resumable)("library: a resumable upload that stops half-way resumes, completes, and is listed newest first", async () => {
        const data = webmStub(12 * 1024 * 1024);
        const created = await fetch(http.endpoint, {
          method: "POST",
          headers: { "Tus-Resumable": "1.0.0", "Upload-Length": String(data.length), "Upload-Metadata": `filename ${Buffer.from("clip.webm").toString("base64")}` },
        });
        expect(created.status).toBe(201);
        const uploadUrl = new URL(created.headers.get("location")!, http.endpoint).toString();
        // The connection drops after 9 MB of the 12 MB have been sent.
        await patchThenDrop(uploadUrl, data, 9 * 1024 * 1024);
        const offset = await settledOffset(uploadUrl);
        expect(offset).toBeGreaterThanOrEqual(8 * 1024 * 1024);
        expect(offset).toBeLessThan(data.length);

        const resumedFrom = await new Promise<number>((resolve, reject) => {
          let first = -1;
          const upload = tusUpload(http.endpoint, data, {
            uploadUrl,
            chunkSize: 4 * 1024 * 1024,
            onProgress(sent) {
              if (first < 0) first = sent;
            },
            onError: reject,
            onSuccess: () => resolve(first),
          });
          upload.start();
        });
        // It carried on from where the server had got to, not from the start.
        expect(resumedFrom).toBeGreaterThanOrEqual(offset);

        const id = uploadUrl.split("/").pop()!;
        const file = await completeLibraryUpload(ctx, tusSetup, id, { altText: "", caption: "Our summer", pageAssignment: "Join Us", sectionAssignment: "hero", category: "hiking" }, "admin-1");
        expect(file).toMatchObject({ fileType: "video", altText: "clip.webm", caption: "Our summer", pageAssignment: "join-us", category: "hiking", mimeType: "video/webm", processing: null });
        expect(file.filename).toMatch(KEY_LIBRARY);
        expect(Buffer.compare(await readAll(storage, file.filename), data)).toBe(0);
        // Asking again (a retry after a lost answer) gives the same file, not a second one.
        expect((await completeLibraryUpload(ctx, tusSetup, id, {}, "admin-1")).id).toBe(file.id);
        expect((await listMediaFiles(getDb()))[0]!.id).toBe(file.id);
      });

      it.runIf(resumable)("library: refuses a declared size over 500MB before reading, unauthenticated requests, and renamed files", async () => {
        const tooBig = await fetch(http.endpoint, {
          method: "POST",
          headers: { "Tus-Resumable": "1.0.0", "Upload-Length": String(LIBRARY_UPLOAD_MAX_BYTES + 1024 * 1024) },
        });
        expect(tooBig.status).toBe(413);
        expect(await tooBig.text()).toBe("Files must be smaller than 500MB. Current file: 501.00MB");

        const anonymous = await fetch(http.endpoint, {
          method: "POST",
          headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10", authorization: "Bearer no" },
        });
        expect(anonymous.status).toBe(401);

        const id = await new Promise<string>((resolve, reject) => {
          const upload = tusUpload(http.endpoint, Buffer.from(svgWithScript), {
            metadata: { filename: "movie.mp4", filetype: "video/mp4" },
            onError: reject,
            onSuccess: () => resolve(upload.url!.split("/").pop()!),
          });
          upload.start();
        });
        const before = await countMediaFiles(getDb());
        const refused = await completeLibraryUpload(ctx, tusSetup, id, {}, "admin-1").catch((e: unknown) => e);
        expect(refused).toMatchObject({ status: 415, message: "This file type is not supported. Upload a JPEG, PNG, WebP, AVIF or GIF image, or an MP4, WebM or QuickTime video." });
        expect(await countMediaFiles(getDb())).toBe(before);
        // The refused upload is gone, not left to fill the disk.
        await expect(tusSetup.store.getUpload(id)).rejects.toBeTruthy();
      });

      it.runIf(resumable)("library: a completion the database refuses keeps the resumable video; completing it again stores it once", async () => {
        const data = webmStub(12 * 1024 * 1024);
        const id = await new Promise<string>((resolve, reject) => {
          const upload = tusUpload(http.endpoint, data, {
            chunkSize: 4 * 1024 * 1024,
            onError: reject,
            onSuccess: () => resolve(upload.url!.split("/").pop()!),
          });
          upload.start();
        });
        const stagedExists = async () => (tusSetup.kind === "file" ? fs.existsSync(path.join(tusSetup.stagingDir, id)) : (await storage.stat(id)) !== null);
        const rowsFor = () => getDb().db.selectFrom("media_files").select("id").where("upload_id", "=", id).execute();
        const keysBefore = await storedObjectKeys(storage);
        const countBefore = await countMediaFiles(getDb());

        const failed = await withMediaInsertsFailing(getDb, () =>
          completeLibraryUpload(ctx, tusSetup, id, { caption: "Match day" }, "admin-1").catch((e: unknown) => e),
        );
        expect(failed).toBeInstanceOf(UploadError);
        expect(failed).toMatchObject({ status: 500, code: "database" });
        // Nothing recorded, nothing left in storage, and the upload is still there to complete.
        expect(await countMediaFiles(getDb())).toBe(countBefore);
        expect(await storedObjectKeys(storage)).toEqual(keysBefore);
        expect(await stagedExists()).toBe(true);
        expect(await tusSetup.store.getUpload(id)).toMatchObject({ offset: data.length, size: data.length });

        // The database is back: asking again stores the same bytes, once.
        const file = await completeLibraryUpload(ctx, tusSetup, id, { caption: "Match day" }, "admin-1");
        expect(file).toMatchObject({ fileType: "video", mimeType: "video/webm", caption: "Match day", fileSize: data.length });
        expect(file.filename).toMatch(KEY_LIBRARY);
        expect(Buffer.compare(await readAll(storage, file.filename), data)).toBe(0);
        expect((await completeLibraryUpload(ctx, tusSetup, id, {}, "admin-1")).id).toBe(file.id);
        expect(await rowsFor()).toEqual([{ id: file.id }]);
        expect(await countMediaFiles(getDb())).toBe(countBefore + 1);
        expect(await storedObjectKeys(storage)).toEqual([...keysBefore, file.filename].sort());
        // The staged copy is gone now that the file is recorded.
        expect(await stagedExists()).toBe(false);
        await expect(tusSetup.store.getUpload(id)).rejects.toBeTruthy();
        if (fs.existsSync(ctx.scratchDir)) expect(fs.readdirSync(ctx.scratchDir)).toEqual([]);
      });

      it("library: storing a staged video never consumes it, so a row the database refuses can be stored again, once", async () => {
        const data = webmStub(3 * 1024 * 1024);
        const stagedId = `tus-${crypto.randomBytes(16).toString("hex")}`;
        const stagedPath = path.join(dataDir, stagedId);
        fs.writeFileSync(stagedPath, data);
        let source: IngestInput["source"] = { type: "file", path: stagedPath };
        if (backend !== "local") {
          await storage.putFile(stagedId, stagedPath, { contentType: "video/webm" });
          fs.rmSync(stagedPath);
          source = { type: "s3", key: stagedId };
        }
        const stagedBytes = async () => (source.type === "file" ? fs.readFileSync(source.path) : readAll(storage, source.key));
        const input: IngestInput = { source, originalName: "match.webm", size: data.length, purpose: "library", createdBy: "admin-1", uploadId: stagedId };
        const keysBefore = await storedObjectKeys(storage);
        const countBefore = await countMediaFiles(getDb());
        try {
          const failed = await withMediaInsertsFailing(getDb, () => ingestUpload(ctx, input).catch((e: unknown) => e));
          expect(failed).toMatchObject({ status: 500, code: "database" });
          expect(await countMediaFiles(getDb())).toBe(countBefore);
          expect(await storedObjectKeys(storage)).toEqual(keysBefore);
          expect(Buffer.compare(await stagedBytes(), data)).toBe(0);

          const file = await ingestUpload(ctx, input);
          expect(file).toMatchObject({ fileType: "video", mimeType: "video/webm", fileSize: data.length });
          expect(Buffer.compare(await readAll(storage, file.filename), data)).toBe(0);
          expect(await countMediaFiles(getDb())).toBe(countBefore + 1);
          expect(await storedObjectKeys(storage)).toEqual([...keysBefore, file.filename].sort());
          // Removing the staged copy is the caller's job, once the row is recorded.
          expect(Buffer.compare(await stagedBytes(), data)).toBe(0);
        } finally {
          if (source.type === "file") fs.rmSync(source.path, { force: true });
          else await storage.delete(source.key);
        }
      });

      it("edits, deactivates (hidden from public reads) and deletes a file together with all its stored objects", async () => {
        const file = await receiveQuickUpload(quickRequest(await smallPng(700, 400), { altText: "to delete image" }, "d.png", "image/png"), ctx, "admin-1");
        await processPendingMedia(getDb(), storage, ctx.scratchDir);
        const processed = (await getActiveMediaFile(getDb(), file.id))!;
        const keys = storedKeys(processed);
        expect(keys.length).toBeGreaterThan(4);
        for (const key of keys) expect(await storage.stat(key)).not.toBeNull();

        const edited = await updateMediaFile(getDb(), file.id, { altText: "Edited", caption: "Cap", pageAssignment: "none", sectionAssignment: "gallery" });
        expect(edited).toMatchObject({ altText: "Edited", caption: "Cap", pageAssignment: null, sectionAssignment: "gallery" });
        await updateMediaFile(getDb(), file.id, { isActive: false });
        expect(await getActiveMediaFile(getDb(), file.id)).toBeNull();
        expect((await listActiveMediaFiles(getDb())).some((f) => f.id === file.id)).toBe(false);

        const deleted = await deleteMediaFile(getDb(), file.id);
        for (const key of storedKeys(deleted!)) await storage.delete(key);
        for (const key of keys) expect(await storage.stat(key)).toBeNull();
      });
    });
  }
});
