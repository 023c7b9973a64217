import { spawn, spawnSync } from "node:child_process";
import { beforeEach, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { cancelJob, claimNextJob, enqueueJob, getJob, registerJobHandler, releaseDeadLocalLocks, runNextJob, startJobWorker } from "./jobs.server";
import { THIS_PROCESS } from "#app/platform/process-identity.server";
import { runUntilGivenUp } from "../../../test/job-runs";

// Handlers are process-wide, so their state is too; each test resets what it reads.
const seen: string[] = [];
registerJobHandler<{ label: string }>("test.record", async ({ label }) => {
  seen.push(label);
});
let flaky = 0;
registerJobHandler("test.flaky", async () => {
  flaky += 1;
  if (flaky < 2) throw new Error("temporary trouble");
});
// Holds its job until released, so a test can look at the lock a running worker wrote.
let releaseHeld: (() => void) | undefined;
registerJobHandler("test.held", () => new Promise<void>((resolve) => (releaseHeld = resolve)));
let steps = 0;
registerJobHandler("test.steps", async () => {
  steps += 1;
  return steps < 3 ? { continueAt: new Date(Date.now() - 1) } : undefined;
});
// Repeats hourly, but is down for good; test.broken is the same without a next run.
const HOUR_MS = 3600_000;
registerJobHandler(
  "test.recurring",
  async () => {
    throw new Error("still down");
  },
  { nextRun: () => new Date(Date.now() + HOUR_MS) },
);
registerJobHandler("test.broken", async () => {
  throw new Error("still down");
});


const queuedOfType = (database: TestDatabase, type: string) =>
  database.db.selectFrom("jobs").select(["id", "run_at", "attempts", "max_attempts", "payload"]).where("type", "=", type).where("status", "=", "queued").execute();

describeEachEngine("job queue", (get) => {
  beforeEach(() => {
    seen.length = 0;
    flaky = 0;
    steps = 0;
  });
  beforeEach(async () => {
    await get().db.deleteFrom("jobs").where("type", "in", ["test.recurring", "test.broken"]).execute();
  });

  it("runs a queued job once and marks it done", async () => {
    const database = get();
    const id = await enqueueJob(database, "test.record", { label: "a" });
    expect(await runNextJob(database)).toBe(true);
    expect(await runNextJob(database, { workerId: "other" })).toBe(false);
    expect(seen).toEqual(["a"]);
    const job = await getJob(database, id);
    expect(job).toMatchObject({ status: "done", attempts: 1, lockedBy: null });
  });

  it("puts a job back in the queue at start only when the process that held it is known to have stopped", async () => {
    const database = get();
    await database.db.deleteFrom("jobs").execute();
    const live = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { stdio: "ignore" });
    await new Promise((resolve) => live.once("spawn", resolve));
    try {
      const dead = spawnSync(process.execPath, ["-e", ""]).pid;
      const { host, namespace, start } = THIS_PROCESS;
      const holders = {
        "a stopped process of this container": `${host}:${dead}:${namespace}:${start}`,
        "a stopped process's job worker": `${host}:${dead}:${namespace}:${start}:0a1b2c`,
        "a job worker of the previous release, stopped": `${host}:${dead}:0a1b2c`,
        "an earlier process that had this pid": `${host}:${process.pid}:${namespace}:${start - 60_000}`,
        "a lock written by the previous release for a stopped process": `${host}:${dead}`,
        "this process": `${host}:${process.pid}:${namespace}:${start}`,
        "a running process of this container": `${host}:${live.pid}:${namespace}:${start}`,
        "this process's job worker": `${host}:${process.pid}:${namespace}:${start}:0a1b2c`,
        "another container with the same hostname": `${host}:${dead}:${namespace === "1" ? "2" : "1"}:${start}`,
        "another machine": `elsewhere.example:${dead}:${namespace}:${start}`,
        "something unreadable": "a worker of some other kind",
      };
      const jobs = new Map<string, string>();
      for (const [who, workerId] of Object.entries(holders)) {
        const id = await enqueueJob(database, "test.record", { label: who });
        const claimed = await claimNextJob(database, workerId);
        expect(claimed?.id).toBe(id);
        jobs.set(who, id);
      }

      expect(await releaseDeadLocalLocks(database)).toBe(5);
      const statuses = Object.fromEntries(await Promise.all([...jobs].map(async ([who, id]) => [who, (await getJob(database, id))!.status])));
      expect(statuses).toEqual({
        "a stopped process of this container": "queued",
        "a stopped process's job worker": "queued",
        "a job worker of the previous release, stopped": "queued",
        "an earlier process that had this pid": "queued",
        "a lock written by the previous release for a stopped process": "queued",
        "this process": "running",
        "a running process of this container": "running",
        "this process's job worker": "running",
        "another container with the same hostname": "running",
        "another machine": "running",
        "something unreadable": "running",
      });
    } finally {
      live.kill();
      await database.db.deleteFrom("jobs").execute();
    }

    // The lock a started worker really writes: kept while this process runs; released once the same lock names a stopped one.
    const worker = startJobWorker(database, { pollMs: 60_000 });
    const held = await enqueueJob(database, "test.held", null);
    await expect.poll(async () => (await getJob(database, held))?.status, { timeout: 5_000 }).toBe("running");
    const lock = (await getJob(database, held))!.lockedBy!;
    expect(await releaseDeadLocalLocks(database)).toBe(0);
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    await database.db.updateTable("jobs").set({ locked_by: lock.replace(`:${process.pid}:`, `:${dead}:`) }).where("id", "=", held).execute();
    expect(await releaseDeadLocalLocks(database)).toBe(1);
    expect((await getJob(database, held))?.status).toBe("queued");
    await database.db.deleteFrom("jobs").where("id", "=", held).execute();
    releaseHeld?.();
    await worker.stop();
  });

  it("does not run a job before its time", async () => {
    const database = get();
    const id = await enqueueJob(database, "test.record", { label: "later" }, { runAt: new Date(Date.now() + 60_000) });
    expect(await runNextJob(database)).toBe(false);
    expect((await getJob(database, id))?.status).toBe("queued");
    await cancelJob(database, id);
  });

  it("never hands the same job to two workers claiming at once", async () => {
    const database = get();
    const ids = await Promise.all([1, 2, 3].map((n) => enqueueJob(database, "test.record", { label: `c${n}` })));
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, n) => claimNextJob(database, `worker-${n}`, { types: ["test.record"] })),
    );
    const claimed = claims.filter(Boolean).map((job) => job!.id);
    expect(claimed.sort()).toEqual([...ids].sort());
    for (const id of ids) await cancelJob(database, id);
  });

  it("re-claims a job whose worker stopped (stale lock), but not a fresh one", async () => {
    const database = get();
    const id = await enqueueJob(database, "test.record", { label: "crash" });
    const first = await claimNextJob(database, "crashed-worker", { types: ["test.record"] });
    expect(first?.id).toBe(id);
    expect(await claimNextJob(database, "second", { types: ["test.record"], staleMs: 60_000 })).toBeUndefined();
    await database.db.updateTable("jobs").set({ locked_at: new Date(Date.now() - 120_000).toISOString() }).where("id", "=", id).execute();
    const second = await claimNextJob(database, "second", { types: ["test.record"], staleMs: 60_000 });
    expect(second).toMatchObject({ id, lockedBy: "second", attempts: 2 });
    await cancelJob(database, id);
  });

  it("retries a failing job later, then succeeds", async () => {
    const database = get();
    const id = await enqueueJob(database, "test.flaky", {});
    await runNextJob(database);
    let job = await getJob(database, id);
    expect(job).toMatchObject({ status: "queued", lastError: "temporary trouble" });
    expect(Date.parse(job!.runAt)).toBeGreaterThan(Date.now());
    await database.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1).toISOString() }).where("id", "=", id).execute();
    await runNextJob(database);
    job = await getJob(database, id);
    expect(job?.status).toBe("done");
  });

  it("queues the next regular run of a repeating job it gives up on, once", async () => {
    const database = get();
    const id = await enqueueJob(database, "test.recurring", { label: "hourly" }, { maxAttempts: 2 });
    const before = Date.now();
    await runUntilGivenUp(database, id);
    expect(await getJob(database, id)).toMatchObject({ status: "failed", attempts: 2, lastError: "still down", lockedBy: null });
    const queued = await queuedOfType(database, "test.recurring");
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ attempts: 0, max_attempts: 2, payload: JSON.stringify({ label: "hourly" }) });
    expect(Date.parse(queued[0]!.run_at)).toBeGreaterThanOrEqual(before + HOUR_MS);
    expect(Date.parse(queued[0]!.run_at)).toBeLessThanOrEqual(Date.now() + HOUR_MS);
    expect(await runNextJob(database)).toBe(false);
  });

  it("does not queue a second copy of a repeating job that is already queued", async () => {
    const database = get();
    const later = await enqueueJob(database, "test.recurring", null, { runAt: new Date(Date.now() + 5 * HOUR_MS), maxAttempts: 1 });
    const id = await enqueueJob(database, "test.recurring", null, { maxAttempts: 1 });
    await runUntilGivenUp(database, id);
    expect((await queuedOfType(database, "test.recurring")).map((job) => job.id)).toEqual([later]);
  });

  it("queues the next run also when a repeating job's worker died on its last attempt", async () => {
    const database = get();
    const id = await enqueueJob(database, "test.recurring", null, { maxAttempts: 1 });
    expect((await claimNextJob(database, "crashed-worker", { types: ["test.recurring"] }))?.id).toBe(id);
    await database.db.updateTable("jobs").set({ locked_at: new Date(Date.now() - 120_000).toISOString() }).where("id", "=", id).execute();
    expect(await runNextJob(database, { staleMs: 60_000 })).toBe(true);
    expect(await getJob(database, id)).toMatchObject({ status: "failed", lastError: "gave up after 1 attempts" });
    const queued = await queuedOfType(database, "test.recurring");
    expect(queued).toHaveLength(1);
    expect(Date.parse(queued[0]!.run_at) - Date.now()).toBeGreaterThan(HOUR_MS - 60_000);
  });

  it("queues nothing when it gives up on a job that does not repeat", async () => {
    const database = get();
    const id = await enqueueJob(database, "test.broken", null, { maxAttempts: 2 });
    await runUntilGivenUp(database, id);
    expect(await getJob(database, id)).toMatchObject({ status: "failed", lastError: "still down" });
    expect(await queuedOfType(database, "test.broken")).toHaveLength(0);
  });

  it("runs a job in steps when it asks to continue", async () => {
    const database = get();
    const id = await enqueueJob(database, "test.steps", {});
    while (await runNextJob(database)) {
      /* keep going until nothing is due */
    }
    expect(steps).toBe(3);
    expect((await getJob(database, id))?.status).toBe("done");
  });

  it("does not run a cancelled job", async () => {
    const database = get();
    const id = await enqueueJob(database, "test.record", { label: "cancelled" });
    expect(await cancelJob(database, id)).toBe(true);
    expect(await runNextJob(database)).toBe(false);
    expect(seen).not.toContain("cancelled");
    expect((await getJob(database, id))?.status).toBe("cancelled");
  });

  it("a worker picks up new jobs at once and stops cleanly", async () => {
    const database = get();
    const worker = startJobWorker(database, { pollMs: 60_000 });
    const id = await enqueueJob(database, "test.record", { label: "worker" });
    await expect.poll(async () => (await getJob(database, id))?.status, { timeout: 5_000 }).toBe("done");
    await worker.stop();
    expect(seen).toContain("worker");
  });

  it("a job queued while the worker is looking is not left for the next poll", async () => {
    const database = get();
    // The worker's first look at the queue answers late: the job is
    // committed, and its wake-up sent, after that look found the queue empty
    // but before the worker hears so. (On PostgreSQL the insert takes another
    // pooled connection, so this is how it happened in CI; SQLite's single
    // connection waits for the late answer, so there the test passes either way.)
    let slowFirstAnswer = true;
    let looked!: () => void;
    const firstLookDone = new Promise<void>((resolve) => (looked = resolve));
    const slowDb = database.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if (slowFirstAnswer) {
          slowFirstAnswer = false;
          looked();
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        return result;
      },
    });
    const worker = startJobWorker({ ...database, db: slowDb }, { pollMs: 60_000 });
    await firstLookDone;
    const id = await enqueueJob(database, "test.record", { label: "while looking" });
    await expect.poll(async () => (await getJob(database, id))?.status, { timeout: 3_000 }).toBe("done");
    await worker.stop();
    expect(seen).toContain("while looking");
  });
});
