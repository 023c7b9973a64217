import type { Transaction } from "kysely";
import type { DatabaseSchema } from "./db-schema";
import { toNum, type Database } from "./db.server";
import { logger } from "./logger.server";

/**
 * One number for "what the public site shows". Every save of page content,
 * section images or settings bumps it in the same transaction as the save,
 * so a cache keyed on it (in this process or any other sharing the
 * database) can never serve a page older than the last save. Listeners in
 * this process hear about a change at once, without waiting to re-read it.
 */

type Executor = Database["db"] | Transaction<DatabaseSchema>;

const ROW = "site";

export async function bumpContentVersion(db: Executor): Promise<void> {
  const result = await db
    .updateTable("content_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", ROW)
    .executeTakeFirst();
  // The migration seeds the row; a restored old backup might lack it.
  if (Number(result.numUpdatedRows) === 0) {
    await db.insertInto("content_version").values({ id: ROW, version: 2 }).onConflict((oc) => oc.column("id").doNothing()).execute();
  }
}

/** The current version: one indexed read of one row. */
export async function getContentVersion({ db }: Database): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", ROW).executeTakeFirst();
  return row ? toNum(row.version) : 0;
}

export interface ContentChange {
  kind: "page" | "section-image" | "settings";
  /** The page id for page and section-image changes. */
  pageId?: string;
}

type Listener = (change: ContentChange) => void;
const listeners = new Set<Listener>();

/** Called after each committed change in this process; returns the unsubscribe function. */
export function onContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's listeners; call only after the save's transaction has committed. */
export function notifyContentChange(change: ContentChange): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error), change }, "content change listener failed");
    }
  }
}
