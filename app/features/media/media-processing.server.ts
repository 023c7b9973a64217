import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "#app/platform/db/db.server";
import { nowIso, toNum } from "#app/platform/db/db.server";
import type { DatabaseSchema } from "#app/platform/db/schema";
import type { MediaVariant } from "./media.server";

// ── The image work queue: rows whose processing is pending ──────────────────

/** A claim older than this is taken to belong to a process that died. */
export const PROCESSING_STALE_MS = 10 * 60 * 1000;

/** How many times an image's sizes are tried (a claim that went stale counts) before it is left as failed. */
export const PROCESSING_MAX_ATTEMPTS = 5;

/**
 * The wait after the first, second, third and fourth failed attempt: a
 * dropped connection or a storage hiccup is usually over in minutes, an
 * outage may take an hour, and past that staff can upload the picture again.
 */
export const PROCESSING_RETRY_DELAYS_MS = [2, 10, 30, 60].map((minutes) => minutes * 60_000);

/**
 * Rows this process may take now: pending ones whose wait is over, and
 * claims gone stale that have attempts left (those without are given up by
 * giveUpAbandonedProcessing).
 */
function claimable(eb: ExpressionBuilder<DatabaseSchema, "media_files">, now: string) {
  const stale = new Date(Date.parse(now) - PROCESSING_STALE_MS).toISOString();
  return eb.or([
    eb.and([eb("processing", "=", "pending"), eb.or([eb("processing_retry_at", "is", null), eb("processing_retry_at", "<=", now)])]),
    eb.and([eb("processing", "=", "processing"), eb("processing_started_at", "<", stale), eb("processing_attempts", "<", PROCESSING_MAX_ATTEMPTS)]),
  ]);
}

/** Ids of files whose variants may be made now, oldest first. */
export async function listPendingProcessing({ db }: Database, limit = 20): Promise<string[]> {
  const rows = await db
    .selectFrom("media_files")
    .select("id")
    .where((eb) => claimable(eb, nowIso()))
    .orderBy("created_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** This process's hold on one file's image work, as claimProcessing gave it. */
export interface ProcessingClaim {
  /** When it was claimed: also what tells this claim from a later one of the same file. */
  claimedAt: string;
  /** Which attempt this is, from 1. */
  attempt: number;
}

/**
 * Takes a file's image work for this process, counting an attempt. The
 * conditional UPDATE is the lock: of several processes sharing the
 * database, exactly one succeeds. Null when another process has it, or it
 * is not waiting (any more, or yet).
 */
export async function claimProcessing({ db }: Database, id: string): Promise<ProcessingClaim | null> {
  const now = nowIso();
  const result = await db
    .updateTable("media_files")
    .set({ processing: "processing", processing_started_at: now, processing_retry_at: null, processing_attempts: sql`processing_attempts + 1` })
    .where("id", "=", id)
    .where((eb) => claimable(eb, now))
    .executeTakeFirst();
  if (toNum(result.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom("media_files").select("processing_attempts").where("id", "=", id).executeTakeFirst();
  return { claimedAt: now, attempt: row ? toNum(row.processing_attempts) : 1 };
}

/** Whether the file's row is still there: staff may delete an image while its sizes are being made. */
export async function mediaFileExists({ db }: Database, id: string): Promise<boolean> {
  return (await db.selectFrom("media_files").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/**
 * Records an image's sizes. False when its row has gone (deleted while they
 * were being made): nothing is recorded then, and the caller removes what it
 * wrote, since a delete that removed the row first cannot have known of them.
 */
export async function completeProcessing(
  { db }: Database,
  id: string,
  result: { placeholder: string | null; variants: MediaVariant[]; width?: number; height?: number },
): Promise<boolean> {
  const updated = await db
    .updateTable("media_files")
    .set({
      processing: "done",
      processing_retry_at: null,
      placeholder: result.placeholder,
      variants: JSON.stringify(result.variants),
      ...(result.width ? { width: result.width, height: result.height } : {}),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return toNum(updated.numUpdatedRows) === 1;
}

/**
 * Records that an attempt failed. A failure that may pass (the storage or
 * the disk, say) queues the image again after PROCESSING_RETRY_DELAYS_MS
 * while attempts are left; a permanent one (the file cannot be decoded), or
 * the last attempt, leaves it failed: the site then shows the original
 * without responsive sizes. Only while this claim still holds the file: a
 * process that lost it (it took so long the claim went stale) changes
 * nothing. Returns what became of the file.
 */
export async function failProcessing(
  { db }: Database,
  id: string,
  claim: ProcessingClaim,
  options: { permanent: boolean },
): Promise<"retry" | "failed" | "lost"> {
  const retry = !options.permanent && claim.attempt < PROCESSING_MAX_ATTEMPTS;
  const delay = PROCESSING_RETRY_DELAYS_MS[Math.min(claim.attempt, PROCESSING_RETRY_DELAYS_MS.length) - 1]!;
  const result = await db
    .updateTable("media_files")
    .set(retry ? { processing: "pending", processing_retry_at: new Date(Date.now() + delay).toISOString() } : { processing: "failed", processing_retry_at: null })
    .where("id", "=", id)
    .where("processing", "=", "processing")
    .where("processing_started_at", "=", claim.claimedAt)
    .executeTakeFirst();
  if (toNum(result.numUpdatedRows) !== 1) return "lost";
  return retry ? "retry" : "failed";
}

/**
 * Leaves as failed the images whose last attempt's process died (a claim
 * gone stale with no attempts left), which nothing would otherwise pick up.
 * Returns how many.
 */
export async function giveUpAbandonedProcessing({ db }: Database): Promise<number> {
  const stale = new Date(Date.now() - PROCESSING_STALE_MS).toISOString();
  const result = await db
    .updateTable("media_files")
    .set({ processing: "failed", processing_retry_at: null })
    .where("processing", "=", "processing")
    .where("processing_started_at", "<", stale)
    .where("processing_attempts", ">=", PROCESSING_MAX_ATTEMPTS)
    .executeTakeFirst();
  return toNum(result.numUpdatedRows);
}
