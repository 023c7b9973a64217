import { sql, type Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";

/**
 * Retries for the image worker: how many times an image's sizes have been
 * tried, and the time before which a waiting image is not tried again (null:
 * at once). Before this, any error left an image "failed" for good, so one
 * dropped connection to the storage meant no responsive sizes ever: images
 * that failed then are queued again, with every attempt still to come (one
 * that cannot be decoded is recognised on its first try and left as failed).
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable("media_files").addColumn("processing_attempts", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("media_files").addColumn("processing_retry_at", "text").execute();
  await sql`update media_files set processing = 'pending' where processing = 'failed'`.execute(db);
}

export async function down(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable("media_files").dropColumn("processing_retry_at").execute();
  await db.schema.alterTable("media_files").dropColumn("processing_attempts").execute();
}
