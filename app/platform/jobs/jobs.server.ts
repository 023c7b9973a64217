import crypto from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { DatabaseSchema, JobsTable } from "#app/platform/db/schema";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import { ownerState, THIS_PROCESS } from "#app/platform/process-identity.server";

/**
 * A job queue in the database, worked in-process. Several processes may
 * share one PostgreSQL database: each claims a job atomically (FOR UPDATE
 * SKIP LOCKED), and a job whose worker died (its lock went stale) is claimed
 * again by someone else. Handlers must therefore be safe to run again after
 * a crash; long work is split into steps that reschedule themselves
 * (`{ continueAt }`), so a shutdown only waits for one short step.
 */

export type JobStatus = "queued" | "running" | "done" | "failed" | "cancelled";

export interface Job<P = unknown> {
  id: string;
  type: string;
  payload: P;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lockedAt: string | null;
  lockedBy: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface JobContext {
  database: Database;
  job: Job;
  /** Aborted when the process is shutting down: finish the current unit of work and return. */
  signal: AbortSignal;
  /** Renews the lock; false when the job was cancelled or taken over, and the handler should stop. */
  heartbeat(): Promise<boolean>;
}

/**
 * Return `{ continueAt }` to be run again later (next batch), with `payload`
 * to carry state to that run (else the payload stays); anything else means done.
 */
export type JobOutcome = void | { continueAt: Date; payload?: unknown };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobHandler<P = any> = (payload: P, context: JobContext) => Promise<JobOutcome>;

export interface JobHandlerOptions {
  /**
   * For a job that repeats (a chain that reschedules itself with
   * `continueAt`): when to run next, or undefined for no next run. When the
   * runner gives up on the job, it queues this next regular run unless
   * another copy is already queued or running; otherwise an outage longer
   * than the retries would end the chain until the next restart. The failed
   * row stays as it is, error and all, so the failure is still seen.
   */
  nextRun?: () => Date | undefined;
}

const handlers = new Map<string, JobHandler>();
const nextRuns = new Map<string, () => Date | undefined>();

export function registerJobHandler<P>(type: string, handler: JobHandler<P>, { nextRun }: JobHandlerOptions = {}): void {
  handlers.set(type, handler as JobHandler);
  if (nextRun) nextRuns.set(type, nextRun);
  else nextRuns.delete(type);
}

/** A lock older than this belongs to a process that stopped without finishing. */
export const DEFAULT_STALE_MS = 5 * 60_000;

function toJob(row: Selectable<JobsTable>): Job {
  let payload: unknown = null;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = null;
  }
  return {
    id: row.id,
    type: row.type,
    payload,
    status: row.status as JobStatus,
    attempts: toNum(row.attempts),
    maxAttempts: toNum(row.max_attempts),
    runAt: row.run_at,
    lockedAt: row.locked_at,
    lockedBy: row.locked_by,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const localWorkers = new Set<() => void>();

async function insertJob(
  db: Kysely<DatabaseSchema>,
  type: string,
  payload: unknown,
  options: { runAt?: Date; maxAttempts?: number },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = nowIso();
  await db
    .insertInto("jobs")
    .values({
      id,
      type,
      payload: JSON.stringify(payload ?? null),
      status: "queued",
      attempts: 0,
      max_attempts: options.maxAttempts ?? 5,
      run_at: (options.runAt ?? new Date()).toISOString(),
      locked_at: null,
      locked_by: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function enqueueJob(
  database: Database,
  type: string,
  payload: unknown,
  options: { runAt?: Date; maxAttempts?: number } = {},
): Promise<string> {
  const id = await insertJob(database.db, type, payload, options);
  // Workers in this process start at once instead of at their next poll.
  if (!options.runAt || options.runAt.getTime() <= Date.now()) for (const wake of localWorkers) wake();
  return id;
}

export async function getJob(database: Database, id: string): Promise<Job | undefined> {
  const row = await database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toJob(row) : undefined;
}

/** Cancels a job that has not finished; a running handler notices at its next heartbeat. */
export async function cancelJob(database: Database, id: string): Promise<boolean> {
  const result = await database.db
    .updateTable("jobs")
    .set({ status: "cancelled", locked_at: null, locked_by: null, updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  return toNum(result.numUpdatedRows) > 0;
}

/**
 * Claims the next due job (or one whose lock went stale) in one statement,
 * so two workers can never hold the same job. Only types this process has a
 * handler for are claimed.
 */
export async function claimNextJob(
  database: Database,
  workerId: string,
  { staleMs = DEFAULT_STALE_MS, types = [...handlers.keys()] }: { staleMs?: number; types?: string[] } = {},
): Promise<Job | undefined> {
  if (types.length === 0) return undefined;
  const now = nowIso();
  const staleBefore = new Date(Date.now() - staleMs).toISOString();
  const candidate = database.db
    .selectFrom("jobs")
    .select("id")
    .where("type", "in", types)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "queued"), eb("run_at", "<=", now)]),
        eb.and([eb("status", "=", "running"), eb("locked_at", "<", staleBefore)]),
      ]),
    )
    .orderBy("run_at")
    .limit(1)
    .$if(database.engine === "postgres", (q) => q.forUpdate().skipLocked());
  const row = await database.db
    .updateTable("jobs")
    .set({ status: "running", locked_at: now, locked_by: workerId, attempts: sql`attempts + 1`, updated_at: now })
    .where("id", "=", candidate)
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : undefined;
}

function backoffMs(attempts: number): number {
  return Math.min(10 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

const lockedBy = (db: Kysely<DatabaseSchema>, job: Job, workerId: string) =>
  db.updateTable("jobs").where("id", "=", job.id).where("locked_by", "=", workerId).where("status", "=", "running");

/**
 * Marks a job failed for good and, for a repeating job, queues its next
 * regular run. Both happen in one transaction: until it commits the job is
 * still "running", so an ensure… at another process's start never sees the
 * chain gone and queues a copy of its own.
 */
async function giveUp(database: Database, job: Job, workerId: string, lastError: string): Promise<Date | undefined> {
  const nextRun = nextRuns.get(job.type)?.();
  return database.db.transaction().execute(async (trx) => {
    const result = await lockedBy(trx, job, workerId)
      .set({ status: "failed", last_error: lastError, locked_at: null, locked_by: null, updated_at: nowIso() })
      .executeTakeFirst();
    if (!nextRun || toNum(result.numUpdatedRows) === 0) return undefined;
    const other = await trx
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", job.type)
      .where("status", "in", ["queued", "running"])
      .executeTakeFirst();
    if (other) return undefined;
    await insertJob(trx, job.type, job.payload, { runAt: nextRun, maxAttempts: job.maxAttempts });
    return nextRun;
  });
}

/** Runs one claimed job to its next state. */
async function runJob(database: Database, job: Job, workerId: string, signal: AbortSignal): Promise<void> {
  const mine = () => lockedBy(database.db, job, workerId);
  const handler = handlers.get(job.type);
  if (!handler || job.attempts > job.maxAttempts) {
    const reason = handler ? `gave up after ${job.maxAttempts} attempts` : `no handler for job type ${job.type}`;
    const nextRunAt = await giveUp(database, job, workerId, job.lastError ?? reason);
    logger.error({ jobId: job.id, type: job.type, nextRunAt }, reason);
    return;
  }
  const heartbeat = async () => {
    const result = await mine().set({ locked_at: nowIso(), updated_at: nowIso() }).executeTakeFirst();
    return toNum(result.numUpdatedRows) > 0;
  };
  try {
    const outcome = await handler(job.payload, { database, job, signal, heartbeat });
    if (outcome && "continueAt" in outcome) {
      await mine()
        .set({
          status: "queued",
          run_at: outcome.continueAt.toISOString(),
          attempts: 0,
          locked_at: null,
          locked_by: null,
          updated_at: nowIso(),
          ...(outcome.payload === undefined ? {} : { payload: JSON.stringify(outcome.payload) }),
        })
        .execute();
    } else {
      await mine().set({ status: "done", locked_at: null, locked_by: null, last_error: null, updated_at: nowIso() }).execute();
    }
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    if (job.attempts >= job.maxAttempts) {
      const nextRunAt = await giveUp(database, job, workerId, reason);
      logger.warn({ jobId: job.id, type: job.type, attempts: job.attempts, giveUp: true, nextRunAt, err: reason }, "job failed");
      return;
    }
    await mine()
      .set({
        status: "queued",
        run_at: new Date(Date.now() + backoffMs(job.attempts)).toISOString(),
        last_error: reason,
        locked_at: null,
        locked_by: null,
        updated_at: nowIso(),
      })
      .execute();
    logger.warn({ jobId: job.id, type: job.type, attempts: job.attempts, giveUp: false, err: reason }, "job failed");
  }
}

/** Claims and runs one job; false when nothing was due. Tests drive the queue with it. */
export async function runNextJob(
  database: Database,
  options: { workerId?: string; staleMs?: number; signal?: AbortSignal } = {},
): Promise<boolean> {
  const workerId = options.workerId ?? defaultWorkerId();
  const job = await claimNextJob(database, workerId, { staleMs: options.staleMs });
  if (!job) return false;
  await runJob(database, job, workerId, options.signal ?? new AbortController().signal);
  return true;
}

/**
 * A worker's lock: "<host>:<pid>:<pid namespace>:<start>" (process-identity.server.ts),
 * then ":<random>" for a started worker; releases before this one wrote "<host>:<pid>[:<random>]".
 */
const WORKER_ID = /^([^:]+):(\d{1,10})(?::(\d{1,20}):(\d{1,16}))?(?::[0-9a-f]{1,16})?$/;

/**
 * Jobs left "running" by a process that no longer exists (killed, crashed)
 * go back to the queue at once; otherwise they would wait for their lock to
 * go stale. A lock is released only when its process is known to have
 * stopped: one of this host and pid namespace whose pid is gone, or which
 * had this process's pid before it (the numbers wrapped round).
 * Locks of other machines or containers, whose pids cannot be checked from
 * here, and of a pid in use again, are left to the stale-lock rule.
 */
export async function releaseDeadLocalLocks(database: Database): Promise<number> {
  const running = await database.db.selectFrom("jobs").select(["id", "locked_by"]).where("status", "=", "running").execute();
  let released = 0;
  for (const job of running) {
    const match = WORKER_ID.exec(job.locked_by ?? "");
    if (!match) continue;
    const [, host, pid, namespace, start] = match as unknown as [string, string, string, string | undefined, string | undefined];
    // A lock from before namespaces and start times were recorded is taken to be of this namespace; no
    // running process writes that form any more, so one naming this process's pid was an earlier process's.
    const state = ownerState({ host, namespace: namespace ?? THIS_PROCESS.namespace, pid: Number(pid), start: start === undefined ? Number.NaN : Number(start) });
    if (state !== "stopped") continue;
    const result = await database.db
      .updateTable("jobs")
      .set({ status: "queued", locked_at: null, locked_by: null, updated_at: nowIso() })
      .where("id", "=", job.id)
      .where("locked_by", "=", job.locked_by)
      .where("status", "=", "running")
      .executeTakeFirst();
    if (toNum(result.numUpdatedRows) > 0) {
      released++;
      logger.info({ jobId: job.id }, "job of a stopped process queued again");
    }
  }
  return released;
}

function defaultWorkerId(): string {
  const { host, pid, namespace, start } = THIS_PROCESS;
  return `${host}:${pid}:${namespace}:${start}`;
}

export interface JobWorker {
  /** Stops claiming, lets the job in hand finish its current step, then resolves. */
  stop(): Promise<void>;
}

/** Polls the queue until stopped; enqueueJob in this process wakes it at once. */
export function startJobWorker(
  database: Database,
  { pollMs = 2_000, staleMs = DEFAULT_STALE_MS }: { pollMs?: number; staleMs?: number } = {},
): JobWorker {
  const workerId = `${defaultWorkerId()}:${crypto.randomBytes(3).toString("hex")}`;
  const controller = new AbortController();
  let wakeUp: (() => void) | undefined;
  // A wake that comes while a claim is in flight is remembered: that claim
  // may have looked before the new job was committed, and without this the
  // worker would then sleep a whole poll interval with the job queued.
  let wokenWhileBusy = false;
  const wake = () => {
    if (wakeUp) wakeUp();
    else wokenWhileBusy = true;
  };
  localWorkers.add(wake);

  const loop = (async () => {
    while (!controller.signal.aborted) {
      let worked = false;
      wokenWhileBusy = false;
      try {
        worked = await runNextJob(database, { workerId, staleMs, signal: controller.signal });
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, "job worker could not claim a job");
      }
      if (worked || wokenWhileBusy || controller.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  })();

  return {
    async stop() {
      localWorkers.delete(wake);
      controller.abort();
      wake();
      await loop;
    },
  };
}
