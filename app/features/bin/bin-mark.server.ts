import type { Database } from "#app/platform/db/db.server";
import { nowIso, toNum } from "#app/platform/db/db.server";
import { bumpContentVersion, notifyContentChange } from "#app/platform/content-version.server";
import type { Actor } from "#app/features/audit/actor";
import { recordAudit } from "#app/features/audit/audit.server";
import type { ToastInput } from "#app/web/toast.server";
import { BIN_DAYS } from "./bin-days";

/**
 * Putting a record in the bin. This half of the bin knows only the tables,
 * so each feature's delete can call it without the feature depending on the
 * bin's screen and registry (bin.server.ts), which depend on the features.
 */

/** The tables whose rows go to the bin instead of being removed. */
export type BinTable = "media_files" | "events" | "testimonials" | "youtube_videos" | "volunteer_opportunities" | "pages";

/**
 * Marks one row as in the bin (once: a row already there is left as it was)
 * and records who did it, in one transaction. `kind` and `name` go into the
 * audit entry so the log says what it was even after the purge.
 */
export async function moveToBin(
  database: Database,
  table: BinTable,
  id: string,
  actor: Actor,
  what: { kind: string; name: string },
): Promise<boolean> {
  const moved = await database.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable(table)
      .set({ deleted_at: nowIso(), deleted_by: actor.email })
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    const moved = toNum(result.numUpdatedRows) > 0;
    if (moved) {
      await recordAudit({ ...database, db: trx }, {
        action: "bin.deleted",
        actorId: actor.id,
        actorEmail: actor.email,
        ip: actor.ip ?? null,
        detail: { kind: what.kind, id, name: what.name },
      });
      // What the public site shows changed: every process drops its cached pages and lists.
      await bumpContentVersion(trx);
    }
    return moved;
  });
  if (moved) binChanged(table);
  return moved;
}

/** Tells this process at once, as switching a file off does, so /media stops serving a binned file's objects without waiting. */
export function binChanged(table: BinTable): void {
  if (table === "media_files") notifyContentChange({ kind: "media" });
}

/** The toast after a delete: where the record went, for how long, and a way to the Bin. */
export function binnedToast(title: string, name: string): ToastInput {
  return {
    title,
    description: `${name} is in the Bin for ${BIN_DAYS} days: restore it from there if this was a mistake.`,
    link: { label: "Open the Bin", href: "/admin/bin" },
  };
}
