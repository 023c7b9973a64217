import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { captureLogs } from "../../../test/capture-logs";
import { smallPng } from "../../../test/media-fixtures";
import { startS3Server } from "../../../test/s3-server";
import { createBackup } from "./backup-create.server";
import { BACKUP_JOB, ensureBackupSchedule, registerBackupJobs } from "./backup-schedule.server";
import { claimNextJob, getJob, runNextJob } from "#app/platform/jobs/jobs.server";
import { createStorage } from "#app/platform/storage/storage.server";
import { type Storage } from "#app/platform/storage/objects";
import { readTar } from "./tar.server";

/**
 * A backup must hold every stored file, or fail. A file deleted while it
 * runs is left out and listed as vanished; any other storage error (a
 * bucket's 503 SlowDown, a reset connection) fails the backup, leaving no
 * archive, so the operator is never handed an archive that quietly lacks
 * files the restored rows point at.
 *
 * Run as the scheduled job, a backup longer than the stale-lock time keeps
 * its lock, so no other process starts a second one, and a shutdown stops it
 * at once, leaving nothing half-written.
 *
 * On each engine, with files on local disk and in a loopback S3 server.
 */

const KEYS = ["general/1-a.png", "general/2-b.png", "general/3-c.png", "general/4-d.png"];
const MINUTE_MS = 60_000;

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

/** The storage, with some of its methods replaced (the replacements call the real one as they like). */
function withStorage(storage: Storage, overrides: Partial<Pick<Storage, "stat" | "read">>): Storage {
  return Object.assign(Object.create(storage) as Storage, overrides);
}

/** What S3 answers when it is throttling: the file is there, it just cannot be read now. */
function slowDown(): Error {
  return Object.assign(new Error("SlowDown: Please reduce your request rate."), { name: "SlowDown", $metadata: { httpStatusCode: 503 } });
}

async function archiveNames(file: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of readTar(fs.createReadStream(file).pipe(zlib.createGunzip()))) {
    for await (const chunk of entry.body) void chunk;
    names.push(entry.name);
  }
  return names;
}

const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describeEachEngine("backups and storage errors", (getDb) => {
  for (const kind of ["local", "s3"] as const) {
    describe(`files ${kind === "local" ? "on local disk" : "in S3"}`, () => {
      let storage: Storage;
      let dataDir: string;
      let backups: string;
      /** What the backup itself leaves beside the data: scratch folders, partial or finished archives. */
      const leftovers = () => [...list(dataDir).filter((name) => name.startsWith("tmp-backup-")), ...list(backups)];

      beforeEach(async () => {
        dataDir = getDb().dataDir;
        backups = path.join(dataDir, "backups");
        fs.rmSync(backups, { recursive: true, force: true });
        await getDb().db.deleteFrom("jobs").execute();
        storage = createStorage({ dataDir, s3: kind === "s3" ? s3.config : null });
        for await (const object of storage.list()) await storage.delete(object.key);
        for (const key of KEYS) await storage.putStream(key, Readable.from([await smallPng(16, 16)]), { contentType: "image/png" });
      });

      afterEach(() => {
        vi.useRealTimers();
      });

      it.each(["stat", "read"] as const)("fails, leaving no archive, when %s of a file that is there fails", async (method) => {
        const out = path.join(backups, "manual.tar.gz");
        const flaky = withStorage(storage, {
          [method]: async (key: string) => {
            if (key === KEYS[1]) throw slowDown();
            return method === "stat" ? storage.stat(key) : storage.read(key);
          },
        });

        await expect(createBackup({ database: getDb(), storage: flaky, dataDir, out })).rejects.toThrow(/SlowDown/);

        expect(leftovers()).toEqual([]);
      });

      it("lists a file deleted while it runs as vanished, and writes the archive", async () => {
        const out = path.join(backups, "manual.tar.gz");
        // One is gone by the time it is looked at, another between the look and the read.
        const deleting = withStorage(storage, {
          stat: async (key) => {
            if (key === KEYS[1]) await storage.delete(key);
            return storage.stat(key);
          },
          read: async (key, range) => {
            if (key === KEYS[2]) await storage.delete(key);
            return storage.read(key, range);
          },
        });

        const manifest = await createBackup({ database: getDb(), storage: deleting, dataDir, out });

        expect(manifest.vanished).toEqual([KEYS[1], KEYS[2]]);
        expect(manifest.files).toBe(2);
        expect((await archiveNames(out)).filter((name) => name.startsWith("files/"))).toEqual([`files/${KEYS[0]}`, `files/${KEYS[3]}`]);
        expect(leftovers()).toEqual(["manual.tar.gz"]);
      });

      it("the scheduled backup warns how many files were deleted while it ran", async () => {
        const deleting = withStorage(storage, {
          stat: async (key) => {
            if (key === KEYS[0]) await storage.delete(key);
            return storage.stat(key);
          },
        });
        registerBackupJobs({ intervalHours: 24, keep: 3, dataDir, storage: () => deleting });
        await ensureBackupSchedule(getDb(), 24);
        const logs = captureLogs();
        try {
          expect(await runNextJob(getDb())).toBe(true);
        } finally {
          logs.stop();
        }
        const warnings = logs.lines.map((line) => JSON.parse(line) as { level: number; msg: string; vanished?: number }).filter((line) => line.level === 40 && line.vanished !== undefined);
        expect(warnings).toEqual([expect.objectContaining({ vanished: 1, msg: expect.stringMatching(/deleted while it ran/) })]);
        expect(list(backups)).toHaveLength(1);
      });

      it("the scheduled backup keeps its job's lock while it runs longer than a lock lasts", async () => {
        const database = getDb();
        // The clock stands still but for the reads, which take two minutes each: a lock not renewed goes stale (five minutes) during the third.
        vi.setSystemTime(Date.now());
        const lockSeen: number[] = [];
        let takenOver: unknown = "not tried";
        const slow = withStorage(storage, {
          read: async (key, range) => {
            lockSeen.push(Date.parse((await getJob(database, jobId))!.lockedAt!));
            vi.setSystemTime(Date.now() + 2 * MINUTE_MS);
            // Another process's worker, looking for work at that moment.
            if (key === KEYS[2]) takenOver = await claimNextJob(database, "other-host:4242", { types: [BACKUP_JOB] });
            return storage.read(key, range);
          },
        });
        registerBackupJobs({ intervalHours: 24, keep: 3, dataDir, storage: () => slow });
        await ensureBackupSchedule(database, 24);
        const { id: jobId } = await database.db.selectFrom("jobs").select("id").where("type", "=", BACKUP_JOB).executeTakeFirstOrThrow();

        expect(await runNextJob(database)).toBe(true);

        expect(takenOver).toBeUndefined();
        expect(lockSeen).toHaveLength(KEYS.length);
        // Renewed as the files went by, each time the clock had moved on.
        for (let i = 1; i < lockSeen.length; i++) expect(lockSeen[i]).toBeGreaterThan(lockSeen[i - 1]!);
        expect(await getJob(database, jobId)).toMatchObject({ status: "queued", lastError: null });
        expect(list(backups)).toHaveLength(1);
      });

      it("the scheduled backup stops at shutdown, leaving no archive, and runs again later", async () => {
        const database = getDb();
        const shutdown = new AbortController();
        const read: string[] = [];
        const stopping = withStorage(storage, {
          read: async (key, range) => {
            read.push(key);
            // SIGTERM arrives while the second file is being read.
            if (key === KEYS[1]) shutdown.abort();
            return storage.read(key, range);
          },
        });
        registerBackupJobs({ intervalHours: 24, keep: 3, dataDir, storage: () => stopping });
        await ensureBackupSchedule(database, 24);
        const [job] = await database.db.selectFrom("jobs").select("id").where("type", "=", BACKUP_JOB).execute();

        expect(await runNextJob(database, { signal: shutdown.signal })).toBe(true);

        expect(read).toEqual([KEYS[0], KEYS[1]]);
        expect(leftovers()).toEqual([]);
        // Not a failed attempt: queued to run again at once, by another process or at the next start.
        const after = await getJob(database, job!.id);
        expect(after).toMatchObject({ status: "queued", attempts: 0, lastError: null });
        expect(Date.parse(after!.runAt)).toBeLessThanOrEqual(Date.now());
      });
    });
  }
});
