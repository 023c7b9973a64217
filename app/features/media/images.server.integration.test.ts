import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { smallPng } from "../../../test/media-fixtures";
import { migrateToLatest } from "#app/platform/db/db.server";
import { MediaWorker, processPendingMedia } from "./images.server";
import { createMediaFile, getMediaFile } from "./media.server";
import { deleteUnusedMediaFile } from "./media-in-use.server";
import { serveMedia } from "./media-serve.server";
import { claimProcessing, failProcessing, listPendingProcessing, PROCESSING_STALE_MS } from "./media-processing.server";
import { migrations } from "#app/platform/db/migrations";
import { LocalStorage } from "#app/platform/storage/local-storage.server";
import type { ByteRange } from "#app/platform/storage/objects";

const MINUTE = 60_000;

/** The site's local storage, whose reads of chosen objects break as a dropped connection to S3 does. */
class FlakyStorage extends LocalStorage {
  private readonly breaks = new Map<string, { count: number; how: "reset" | "cut-short" }>();

  /** The next `count` reads of `key` fail: with ECONNRESET half-way, or by ending half-way without an error. */
  breakReads(key: string, count: number, how: "reset" | "cut-short" = "reset"): void {
    this.breaks.set(key, { count, how });
  }

  override async read(key: string, range?: ByteRange): Promise<Readable> {
    const broken = this.breaks.get(key);
    if (!broken || broken.count <= 0) return super.read(key, range);
    broken.count--;
    const bytes = await buffer(await super.read(key, range));
    const half = bytes.subarray(0, Math.floor(bytes.length / 2));
    if (broken.how === "cut-short") return Readable.from([half]);
    let sent = false;
    return new Readable({
      read() {
        if (sent) return;
        sent = true;
        this.push(half);
        setImmediate(() => this.destroy(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })));
      },
    });
  }
}

interface Setup {
  storage: FlakyStorage;
  scratchDir: string;
}

/** An image stored as the upload path leaves it: re-encoded bytes in storage, a row waiting for its sizes. */
async function queuedImage(db: TestDatabase, { storage }: Setup, bytes?: Buffer) {
  const body = bytes ?? (await smallPng(700, 400));
  const key = `general/${Date.now()}-${crypto.randomBytes(6).toString("hex")}.png`;
  await storage.putStream(key, Readable.from([body]), { contentType: "image/png" });
  return createMediaFile(db, {
    filename: key,
    originalName: "photo.png",
    fileUrl: storage.publicUrl(key),
    fileType: "image",
    fileSize: body.length,
    altText: "Children at the summer camp",
    createdBy: null,
    mimeType: "image/png",
    width: 700,
    height: 400,
    processing: "pending",
  });
}

async function queueRow(db: TestDatabase, id: string) {
  const row = await db.db
    .selectFrom("media_files")
    .select(["processing", "processing_attempts", "processing_retry_at", "variants"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { processing: row.processing, attempts: Number(row.processing_attempts), retryAt: row.processing_retry_at, variants: row.variants };
}

/** The database, where `hook` runs just before any DELETE from media_files is sent. */
function beforeDeleting(db: TestDatabase["db"], hook: () => Promise<unknown>): TestDatabase["db"] {
  const waitFirst = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== "function") return value;
        if (typeof prop === "string" && prop.startsWith("execute")) {
          return async (...args: unknown[]) => {
            await hook();
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (...args: unknown[]) => {
          const out = (value as (...a: unknown[]) => unknown).apply(target, args);
          return out && typeof out === "object" && "execute" in out ? waitFirst(out) : out;
        };
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === "deleteFrom") return (table: "media_files") => waitFirst(target.deleteFrom(table));
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Moves the clock the queue reads (Date only: the database drivers keep their own timers). */
function advance(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

describeEachEngine("image variants: failures and retries", (get) => {
  let setup: Setup;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T10:00:00.000Z") });
    const db = get();
    await db.db.deleteFrom("media_files").execute();
    setup = {
      storage: new FlakyStorage(path.join(db.dataDir, "uploads")),
      scratchDir: fs.mkdtempSync(path.join(os.tmpdir(), "variants-test-")),
    };
  });

  afterEach(() => {
    vi.useRealTimers();
    fs.rmSync(setup.scratchDir, { recursive: true, force: true });
  });

  it("at shutdown finishes the image it is making and begins no other, so neither loses an attempt", async () => {
    const db = get();
    const first = await queuedImage(db, setup);
    const second = await queuedImage(db, setup);
    // The first image's bytes arrive only when let through: the worker is then in the middle of it.
    let letThrough!: () => void;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    let reading!: () => void;
    const begun = new Promise<void>((resolve) => (reading = resolve));
    const storage = Object.assign(Object.create(setup.storage) as FlakyStorage, {
      read: async (key: string, range?: ByteRange) => {
        if (key === first.filename) {
          reading();
          await held;
        }
        return setup.storage.read(key, range);
      },
    });
    const worker = new MediaWorker(async () => db, storage, setup.scratchDir);
    worker.kick();
    await begun;
    const stopped = worker.stop();
    letThrough();
    await stopped;
    expect(await queueRow(db, first.id)).toMatchObject({ processing: "done", attempts: 1 });
    expect(await queueRow(db, second.id)).toMatchObject({ processing: "pending", attempts: 0 });
    // A stopped worker takes no more work when asked.
    worker.kick();
    expect(await queueRow(db, second.id)).toMatchObject({ processing: "pending", attempts: 0 });
  });

  it("tries an image again a few minutes after a storage error, and it then gets its sizes", async () => {
    const db = get();
    const file = await queuedImage(db, setup);
    setup.storage.breakReads(file.filename, 1);

    expect(await processPendingMedia(db, setup.storage, setup.scratchDir)).toBe(0);
    expect((await getMediaFile(db, file.id))!.processing).toBe("pending");
    const waiting = await queueRow(db, file.id);
    expect(waiting).toMatchObject({ processing: "pending", attempts: 1, variants: null });
    expect(Date.parse(waiting.retryAt!) - Date.now()).toBe(2 * MINUTE);

    // Not before its time, by this process or any other sharing the database.
    advance(2 * MINUTE - 1000);
    expect(await listPendingProcessing(db)).not.toContain(file.id);
    expect(await claimProcessing(db, file.id)).toBeNull();
    expect(await processPendingMedia(db, setup.storage, setup.scratchDir)).toBe(0);
    expect(await queueRow(db, file.id)).toMatchObject({ processing: "pending", attempts: 1 });

    advance(1000);
    expect(await processPendingMedia(db, setup.storage, setup.scratchDir)).toBe(1);
    const done = (await getMediaFile(db, file.id))!;
    expect(done.processing).toBe("done");
    expect(done.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(done.variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual(["320.avif", "320.webp", "640.avif", "640.webp", "700.avif", "700.webp"]);
    expect(await queueRow(db, file.id)).toMatchObject({ attempts: 2, retryAt: null });
  });

  it("tries at most five times, further apart each time, then leaves the image failed", async () => {
    const db = get();
    const file = await queuedImage(db, setup);
    setup.storage.breakReads(file.filename, 100);

    const waits: number[] = [];
    for (let attempt = 1; attempt < 5; attempt++) {
      await processPendingMedia(db, setup.storage, setup.scratchDir);
      expect((await getMediaFile(db, file.id))!.processing).toBe("pending");
      const row = await queueRow(db, file.id);
      expect(row).toMatchObject({ processing: "pending", attempts: attempt });
      const wait = Date.parse(row.retryAt!) - Date.now();
      waits.push(wait / MINUTE);
      advance(wait);
    }
    expect(waits).toEqual([2, 10, 30, 60]);

    await processPendingMedia(db, setup.storage, setup.scratchDir);
    expect(await queueRow(db, file.id)).toMatchObject({ processing: "failed", attempts: 5, retryAt: null, variants: null });
    advance(24 * 60 * MINUTE);
    expect(await listPendingProcessing(db)).not.toContain(file.id);
    await processPendingMedia(db, setup.storage, setup.scratchDir);
    expect(await queueRow(db, file.id)).toMatchObject({ processing: "failed", attempts: 5 });
  });

  it("fails an image that cannot be decoded at once, but tries again one whose download was cut short", async () => {
    const db = get();
    const png = await smallPng(700, 400);
    const corrupt = await queuedImage(db, setup, png.subarray(0, Math.floor(png.length * 0.6)));
    const cutShort = await queuedImage(db, setup, png);
    setup.storage.breakReads(cutShort.filename, 1, "cut-short");

    await processPendingMedia(db, setup.storage, setup.scratchDir);
    expect([(await getMediaFile(db, corrupt.id))!.processing, (await getMediaFile(db, cutShort.id))!.processing]).toEqual(["failed", "pending"]);
    expect(await queueRow(db, corrupt.id)).toMatchObject({ processing: "failed", attempts: 1, retryAt: null });
    expect(await queueRow(db, cutShort.id)).toMatchObject({ processing: "pending", attempts: 1 });

    advance(2 * MINUTE);
    await processPendingMedia(db, setup.storage, setup.scratchDir);
    expect(await queueRow(db, corrupt.id)).toMatchObject({ processing: "failed", attempts: 1 });
    expect((await getMediaFile(db, cutShort.id))!.processing).toBe("done");
  });

  it("lets one process claim an image; a late failure from a claim taken over changes nothing", async () => {
    const db = get();
    const file = await queuedImage(db, setup);
    const claims = await Promise.all([claimProcessing(db, file.id), claimProcessing(db, file.id), claimProcessing(db, file.id)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const first = claims.find(Boolean)!;
    expect(first.attempt).toBe(1);

    // The first process takes so long its claim goes stale, and another takes the image over.
    advance(PROCESSING_STALE_MS + 1000);
    const second = (await claimProcessing(db, file.id))!;
    expect(second).toMatchObject({ attempt: 2 });
    expect(await failProcessing(db, file.id, first, { permanent: false })).toBe("lost");
    expect(await queueRow(db, file.id)).toMatchObject({ processing: "processing", attempts: 2 });
    expect(await failProcessing(db, file.id, second, { permanent: false })).toBe("retry");
    expect(await queueRow(db, file.id)).toMatchObject({ processing: "pending", attempts: 2 });
  });

  it("leaves an image failed once the process of every attempt stopped before finishing", async () => {
    const db = get();
    const file = await queuedImage(db, setup);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await claimProcessing(db, file.id)).toBeTruthy();
      // The process dies: its claim goes stale.
      advance(PROCESSING_STALE_MS + 1000);
    }
    expect(await listPendingProcessing(db)).not.toContain(file.id);
    expect(await claimProcessing(db, file.id)).toBeNull();
    await processPendingMedia(db, setup.storage, setup.scratchDir);
    expect(await queueRow(db, file.id)).toMatchObject({ processing: "failed", attempts: 5 });
  });

  /**
   * The site's storage, through which the worker writes an image's sizes;
   * `onPut` runs after the `n`th of them is written (counting from 1, or
   * "last" for the last the image gets), and `written` lists every key put.
   */
  function storageThatDeletesDuringPut(at: number | "last", onPut: () => Promise<unknown>) {
    const written: string[] = [];
    const storage = Object.assign(Object.create(setup.storage) as FlakyStorage, {
      putFile: async (key: string, file: string, options: { contentType: string }) => {
        await setup.storage.putFile(key, file, options);
        written.push(key);
        // 700 px wide: 320, 640 and 700, in WebP and AVIF.
        if (written.length === (at === "last" ? 6 : at)) await onPut();
      },
    });
    return { storage, written };
  }

  async function served(db: TestDatabase, key: string): Promise<number> {
    const response = await serveMedia(new Request(`http://localhost/media/${key}`), key, { storage: setup.storage, database: async () => db, isAdmin: async () => false });
    await response.body?.cancel();
    return response.status;
  }

  for (const at of [1, "last"] as const) {
    it(`leaves nothing of an image deleted while its sizes are being written (${at === 1 ? "after the first" : "after the last"})`, async () => {
      const db = get();
      const file = await queuedImage(db, setup);
      // Staff delete it the way the library does, at that moment.
      const { storage, written } = storageThatDeletesDuringPut(at, async () => expect(await deleteUnusedMediaFile(db, setup.storage, file.id)).toMatchObject({ ok: true }));
      await processPendingMedia(db, storage, setup.scratchDir);
      expect(await getMediaFile(db, file.id)).toBeNull();
      // Once it was gone, nothing more was written.
      expect(written).toHaveLength(at === 1 ? 1 : 6);
      for (const key of [file.filename, ...written]) {
        expect(await setup.storage.stat(key), key).toBeNull();
        expect(await served(db, key), key).toBe(404);
      }
    });
  }

  it("removes the sizes of an image whose sizes are recorded between the delete's reading it and deleting it", async () => {
    const db = get();
    const file = await queuedImage(db, setup);
    const { storage, written } = storageThatDeletesDuringPut("last", async () => {});
    // The worker finishes the image just as the library's delete is about to remove its row.
    const deleting = { ...db, db: beforeDeleting(db.db, () => processPendingMedia(db, storage, setup.scratchDir)) };
    expect(await deleteUnusedMediaFile(deleting, setup.storage, file.id)).toMatchObject({ ok: true });
    expect(written).toHaveLength(6);
    for (const key of [file.filename, ...written]) {
      expect(await setup.storage.stat(key), key).toBeNull();
      expect(await served(db, key), key).toBe(404);
    }
  });

  it("queues again, with every attempt to come, the images left failed before retries existed (migration 0011)", async () => {
    const db = get();
    const file = await queuedImage(db, setup);
    const name = "0011-media-processing-retries";
    await migrations[name]!.down!(db.db as never, db.engine);
    await sql`delete from kysely_migration where name = ${name}`.execute(db.db);
    await sql`update media_files set processing = 'failed' where id = ${file.id}`.execute(db.db);

    expect(await migrateToLatest(db)).toEqual([name]);
    expect(await queueRow(db, file.id)).toMatchObject({ processing: "pending", attempts: 0, retryAt: null });
    expect(await processPendingMedia(db, setup.storage, setup.scratchDir)).toBe(1);
    expect((await getMediaFile(db, file.id))!.processing).toBe("done");
  });
});
