import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";

/**
 * The bin: deleting a media file, an event, a testimonial, a video or a
 * volunteer role marks the row instead of removing it, so staff can restore
 * it for 30 days; the daily clean-up removes it for good after that.
 *
 * deleted_at: ISO time it went to the bin (null: not in the bin).
 * deleted_by: the e-mail address of who put it there, as the bin shows it.
 *
 * Numbered two past the highest migration when it was written (0012), so
 * work landing at the same time can take 0013 without a clash.
 */
export const BIN_TABLES = ["media_files", "events", "testimonials", "youtube_videos", "volunteer_opportunities"] as const;

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  for (const table of BIN_TABLES) {
    await db.schema.alterTable(table).addColumn("deleted_at", "text").execute();
    await db.schema.alterTable(table).addColumn("deleted_by", "text").execute();
    // The bin and the daily purge read the rows that are in it.
    await db.schema.createIndex(`${table}_deleted_at`).on(table).column("deleted_at").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of BIN_TABLES) {
    await db.schema.dropIndex(`${table}_deleted_at`).execute();
    await db.schema.alterTable(table).dropColumn("deleted_by").execute();
    await db.schema.alterTable(table).dropColumn("deleted_at").execute();
  }
}
