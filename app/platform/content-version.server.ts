import type { Transaction } from "kysely";
import type { DatabaseSchema } from "#app/platform/db/schema";
import { toNum, type Database } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";

/**
 * One number for "what the public site shows". Every save of page content,
 * section images, settings or menus bumps it in the same transaction as the save,
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
  /** media: a library file was switched on or off, which changes what public pages and /media show. */
  kind: "page" | "section-image" | "settings" | "media" | "navigation";
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
  localChanges++;
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error), change }, "content change listener failed");
    }
  }
}

// ── Values kept in memory until the content version moves ────────────────

/** How old a read of the version may be before it is read again (the same bound as the page cache's, decision 008). */
export const VERSION_RECHECK_MS = 200;

/** Saves committed by this process so far: a read of the version older than the last one is not trusted. */
let localChanges = 0;

interface VersionRead {
  version: number;
  readAt: number;
  localChanges: number;
  /** The order reads began in: a read that began earlier never replaces one that began later. */
  seq: number;
}

const versionReads = new WeakMap<Database, VersionRead>();
const versionReading = new WeakMap<Database, Promise<VersionRead>>();
let readSeq = 0;

/** Reads the version from the database and records it for every reader in this process. */
function readAndRecord(database: Database): Promise<VersionRead> {
  const started = { seq: ++readSeq, localChanges };
  return getContentVersion(database).then((version) => {
    const read = { version, readAt: performance.now(), ...started };
    const last = versionReads.get(database);
    if (!last || last.seq < read.seq) versionReads.set(database, read);
    // What a later-begun read found, when one finished first: never an older answer.
    return versionReads.get(database)!;
  });
}

/**
 * The content version, read at most every 200 ms per database (one read
 * shared by the requests that ask meanwhile), and at once after a save in
 * this process.
 */
async function recentContentVersion(database: Database): Promise<number> {
  const last = versionReads.get(database);
  if (last && last.localChanges === localChanges && performance.now() - last.readAt < VERSION_RECHECK_MS) return last.version;
  let reading = versionReading.get(database);
  if (!reading) {
    reading = readAndRecord(database).finally(() => {
      if (versionReading.get(database) === reading) versionReading.delete(database);
    });
    versionReading.set(database, reading);
  }
  await reading;
  // The newest read recorded, which may have begun after this one (the page cache's).
  return versionReads.get(database)!.version;
}

/**
 * The content version read from the database now, for the page cache's own
 * check: recorded for the values kept in memory too, so that once the
 * cache has seen a save and emptied itself, no page is rendered from text
 * kept from before the save (and then stored for a minute). Each kept its
 * own 200 ms check before, and the two could disagree for that long.
 */
export async function readContentVersionNow(database: Database): Promise<number> {
  return (await readAndRecord(database)).version;
}

/** More keys than any site has pages: past this the memo starts again rather than grow. */
const MEMO_MAX_KEYS = 500;

/**
 * Wraps a read of what staff save (settings, page text, section images:
 * every save of those bumps the content version in its own transaction)
 * so that its result is kept in memory per database and key until the
 * version moves. A save in this process is seen by the next read; a save
 * by another process sharing the database within 200 ms, as with the page
 * cache. If the version cannot be read the value is read afresh. Only for
 * reads whose every change bumps the version: media sizes and variants,
 * which the image worker changes without a save, must not go through this.
 */
export function keptUntilContentChanges<T>(load: (database: Database, key: string) => Promise<T>): (database: Database, key: string) => Promise<T> {
  const memos = new WeakMap<Database, Map<string, { version: number; value: Promise<T> }>>();
  return async (database, key) => {
    let version: number;
    try {
      version = await recentContentVersion(database);
    } catch {
      return load(database, key);
    }
    let memo = memos.get(database);
    if (!memo) memos.set(database, (memo = new Map()));
    const kept = memo.get(key);
    if (kept && kept.version === version) return kept.value;
    if (memo.size >= MEMO_MAX_KEYS) memo.clear();
    // Read after the version: a save landing in between makes the kept value newer than its version, never older.
    const value = load(database, key);
    const entry = { version, value };
    memo.set(key, entry);
    value.catch(() => {
      if (memo.get(key) === entry) memo.delete(key);
    });
    return value;
  };
}
