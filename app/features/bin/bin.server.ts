import { sql } from "kysely";
import type { Capability } from "#app/features/accounts/roles";
import type { Database } from "#app/platform/db/db.server";
import { isUniqueViolation, toNum } from "#app/platform/db/db.server";
import type { Storage } from "#app/platform/storage/objects";
import { logger } from "#app/platform/log/logger.server";
import type { Actor } from "#app/features/audit/actor";
import { recordAudit } from "#app/features/audit/audit.server";
import { purgeMediaFile } from "#app/features/media/media-in-use.server";
import { pageBinHold, purgePage } from "#app/features/pages/page-lifecycle.server";
import { bumpContentVersion } from "#app/platform/content-version.server";
import { binChanged, type BinTable } from "./bin-mark.server";
import { BIN_DAYS } from "./bin-days";

/**
 * The bin's registry: each kind of record that can be in it, and the few
 * things the bin must know about it. Listing, restoring and removing for
 * good are the same for every kind (a row with deleted_at set), so a new
 * kind joins with one entry here, a deleted_at/deleted_by pair on its table,
 * and a call to moveToBin in its delete. `purge` is only needed where more
 * than the row must go (a media file's stored objects).
 */
export interface BinKind {
  /** The name in audit entries and forms, e.g. "event". */
  kind: string;
  /** What staff call it, e.g. "Event". */
  label: string;
  table: BinTable;
  /** The column that names one row on screen. */
  nameColumn: string;
  /** Where staff find it again once restored, and that area's tab name. */
  listPath: string;
  listLabel: string;
  /** What a role needs to see, restore or remove this kind from the Bin: what it needs to delete one. */
  capability: Capability;
  /** What its ids look like, when not the random ids most records have (built-in pages have names such as "mission"). */
  ids?: RegExp;
  /** Removes the row (and whatever else it holds) for good; true when it was there. */
  purge?: (database: Database, storage: Storage, id: string) => Promise<boolean>;
  /** Why the record cannot be restored or removed for good just now (another record in the Bin depends on the order), in words; null when it can. */
  hold?: (database: Database, id: string, action: BinAction) => Promise<string | null>;
}

/** What staff can do to a record in the Bin, besides leaving it to expire. */
export type BinAction = "restore" | "purge";

export const BIN_KINDS: readonly BinKind[] = [
  {
    kind: "media",
    label: "Media file",
    table: "media_files",
    nameColumn: "original_name",
    listPath: "/admin/media",
    listLabel: "Media",
    capability: "media",
    purge: async (database, storage, id) => (await purgeMediaFile(database, storage, id)) !== null,
  },
  { kind: "event", label: "Event", table: "events", nameColumn: "title", listPath: "/admin/events", listLabel: "Events", capability: "events" },
  { kind: "testimonial", label: "Testimonial", table: "testimonials", nameColumn: "name", listPath: "/admin/reviews", listLabel: "Reviews", capability: "reviews" },
  { kind: "video", label: "Video", table: "youtube_videos", nameColumn: "title", listPath: "/admin/youtube", listLabel: "YouTube", capability: "videos" },
  { kind: "volunteer-role", label: "Volunteer role", table: "volunteer_opportunities", nameColumn: "title", listPath: "/admin/volunteers", listLabel: "Volunteers", capability: "volunteer-roles" },
  // A page is named by its address: its title lives in its versions, and the address is what a restore may find taken.
  { kind: "page", label: "Page", table: "pages", nameColumn: "path", listPath: "/admin", listLabel: "Pages", capability: "pages", ids: /^[a-z0-9-]{1,64}$/, purge: (database, _storage, id) => purgePage(database, id), hold: pageBinHold },
];

export function binKind(kind: unknown): BinKind | undefined {
  return BIN_KINDS.find((k) => k.kind === kind);
}

const DAY_MS = 24 * 3600_000;

export interface BinItem {
  kind: string;
  label: string;
  id: string;
  name: string;
  deletedAt: string;
  deletedBy: string | null;
  /** Whole days until the daily clean-up removes it (0: at its next run). */
  daysLeft: number;
}

export function daysLeft(deletedAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(deletedAt) + BIN_DAYS * DAY_MS - now) / DAY_MS));
}

async function binnedRows(database: Database, kind: BinKind, where?: { id?: string; before?: string }) {
  let query = database.db
    .selectFrom(kind.table)
    .select(["id", "deleted_at", "deleted_by", sql<string>`${sql.ref(kind.nameColumn)}`.as("name")])
    .where("deleted_at", "is not", null);
  if (where?.id) query = query.where("id", "=", where.id);
  if (where?.before) query = query.where("deleted_at", "<", where.before);
  return query.execute();
}

/** Everything in the bin, newest first. */
export async function listBin(database: Database, now = Date.now()): Promise<BinItem[]> {
  const lists = await Promise.all(
    BIN_KINDS.map(async (kind) =>
      (await binnedRows(database, kind)).map(
        (row): BinItem => ({
          kind: kind.kind,
          label: kind.label,
          id: row.id,
          name: row.name,
          deletedAt: row.deleted_at!,
          deletedBy: row.deleted_by,
          daysLeft: daysLeft(row.deleted_at!, now),
        }),
      ),
    ),
  );
  return lists.flat().sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || a.id.localeCompare(b.id));
}

export type RestoreResult =
  | { ok: true; item: BinItem; note?: string }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "clash" | "held"; message: string };

export type PurgeResult = { ok: true } | { ok: false; reason: "missing" } | { ok: false; reason: "held"; message: string };

/** Why one record in the Bin cannot be restored or removed for good just now, in words; null when it can. */
async function binHold(database: Database, kind: BinKind, id: string, action: BinAction): Promise<string | null> {
  if (!kind.hold) return null;
  // Only for what is in the Bin: anything else is answered as not there.
  const [row] = await binnedRows(database, kind, { id });
  return row ? kind.hold(database, id, action) : null;
}

function audit(actor: Actor | null, action: "bin.restored" | "bin.purged" | "bin.expired", item: { kind: string; id: string; name: string }) {
  return {
    action,
    actorId: actor?.id ?? null,
    // The daily clean-up has no person behind it: the log says the site did it, as for its other jobs.
    actorEmail: actor?.email ?? "system",
    ip: actor?.ip ?? null,
    detail: { kind: item.kind, id: item.id, name: item.name },
  };
}

/**
 * Takes one record out of the bin exactly as it was (same id and fields).
 * Events keep their address while in the bin, so it cannot be taken
 * meanwhile; should a unique value clash all the same (a database brought
 * back from a backup, say), nothing changes and the answer says so in words.
 * A live record of the same kind with the same name is not a clash, but the
 * answer notes it, so staff know there are now two.
 */
export async function restoreFromBin(database: Database, kind: BinKind, id: string, actor: Actor): Promise<RestoreResult> {
  const [row] = await binnedRows(database, kind, { id });
  if (!row) return { ok: false, reason: "missing" };
  const item: BinItem = { kind: kind.kind, label: kind.label, id, name: row.name, deletedAt: row.deleted_at!, deletedBy: row.deleted_by, daysLeft: daysLeft(row.deleted_at!) };
  const held = await binHold(database, kind, id, "restore");
  if (held) return { ok: false, reason: "held", message: held };
  try {
    const restored = await database.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable(kind.table).set({ deleted_at: null, deleted_by: null }).where("id", "=", id).where("deleted_at", "is not", null).executeTakeFirst();
      if (toNum(result.numUpdatedRows) === 0) return false;
      await recordAudit({ ...database, db: trx }, audit(actor, "bin.restored", item));
      await bumpContentVersion(trx);
      return true;
    });
    if (!restored) return { ok: false, reason: "missing" };
    binChanged(kind.table);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return {
      ok: false,
      reason: "clash",
      message: `${kind.label} '${row.name}' could not be restored: another ${kind.label.toLowerCase()} now uses its address. Rename or delete that one first; this one stays in the Bin.`,
    };
  }
  const namesakes = await database.db
    .selectFrom(kind.table)
    .select("id")
    .where("deleted_at", "is", null)
    .where("id", "!=", id)
    .where(sql.ref(kind.nameColumn), "=", row.name)
    .execute();
  const note = namesakes.length > 0 ? `Another ${kind.label.toLowerCase()} named '${row.name}' was added meanwhile: both are now listed.` : undefined;
  return { ok: true, item, note };
}

/**
 * Removes one record in the bin for good (never a record outside it). One
 * that another record in the Bin holds there for now stays, and the answer
 * says why; the daily clean-up meets it again once what holds it has gone.
 */
export async function purgeFromBin(database: Database, storage: Storage, kind: BinKind, id: string, actor: Actor | null, { expired = false } = {}): Promise<PurgeResult> {
  const [row] = await binnedRows(database, kind, { id });
  if (!row) return { ok: false, reason: "missing" };
  const held = await binHold(database, kind, id, "purge");
  if (held) return { ok: false, reason: "held", message: held };
  let purged: boolean;
  if (kind.purge) purged = await kind.purge(database, storage, id);
  else {
    const result = await database.db.deleteFrom(kind.table).where("id", "=", id).where("deleted_at", "is not", null).executeTakeFirst();
    purged = toNum(result.numDeletedRows) > 0;
  }
  const item = { kind: kind.kind, id, name: row.name };
  if (!purged) return { ok: false, reason: "missing" };
  await recordAudit(database, expired ? audit(actor, "bin.expired", item) : audit(actor, "bin.purged", item));
  return { ok: true };
}

/**
 * The daily clean-up's part: everything that has been in the bin for longer
 * than BIN_DAYS is removed for good (media with its stored files and sizes),
 * each audited as expired. One failure is logged and the rest still go.
 */
export async function purgeExpiredBin(database: Database, storage: Storage, now = Date.now()): Promise<number> {
  const before = new Date(now - BIN_DAYS * DAY_MS).toISOString();
  let count = 0;
  for (const kind of BIN_KINDS) {
    let rows = await binnedRows(database, kind, { before });
    // A record held by another in the Bin (a page by the pages under it) is tried again once those have gone.
    for (let progress = true; rows.length > 0 && progress; ) {
      const held: typeof rows = [];
      progress = false;
      for (const row of rows) {
        try {
          const result = await purgeFromBin(database, storage, kind, row.id, null, { expired: true });
          if (result.ok) {
            count++;
            progress = true;
          } else if (result.reason === "held") held.push(row);
        } catch (error) {
          logger.error({ err: error instanceof Error ? error.message : String(error), kind: kind.kind, id: row.id }, "could not empty a record from the bin");
        }
      }
      rows = held;
    }
  }
  return count;
}
