import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";

/**
 * Which record an outbox message is about (a volunteer application, a
 * question, a child registration), so deleting the record deletes the
 * copies of the e-mails it caused. Older messages have none and are left
 * to the outbox's own retention period. The retention run also asks, for
 * each old copy, whether a newsletter recipient still in hand points at it:
 * campaign_recipients.outbox_id gets an index so that is a lookup, not a
 * scan of every recipient per copy (on SQLite the whole process waits for
 * the statement).
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("about_type", "text").execute();
  await db.schema.alterTable("outbox").addColumn("about_id", "text").execute();
  await db.schema.createIndex("outbox_about").on("outbox").columns(["about_type", "about_id"]).execute();
  await db.schema.createIndex("campaign_recipients_outbox").on("campaign_recipients").column("outbox_id").execute();
}

export async function down(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.dropIndex("campaign_recipients_outbox").execute();
  await db.schema.dropIndex("outbox_about").execute();
  await db.schema.alterTable("outbox").dropColumn("about_id").execute();
  await db.schema.alterTable("outbox").dropColumn("about_type").execute();
}
