import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";

/**
 * The mailer's outbox, the background job queue, and the newsletter:
 * subscribers (with their consent record), campaigns and one row per
 * campaign recipient. The unique (campaign_id, subscriber_id) pair is what
 * guarantees nobody is sent the same campaign twice, even across restarts.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("from_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text")
    /** JSON object of extra headers (List-Unsubscribe…). */
    .addColumn("headers", "text")
    .addColumn("kind", "text", (c) => c.notNull())
    /** outbox (kept here, no SMTP), sending (handed to SMTP, outcome not yet known), sent, failed. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("campaign_id", "text")
    .addColumn("message_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_created_at").on("outbox").column("created_at").execute();
  await db.schema.createIndex("outbox_campaign").on("outbox").columns(["campaign_id", "to_address"]).execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    /** queued, running, done, failed, cancelled. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("locked_at", "text")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_claim").on("jobs").columns(["status", "run_at"]).execute();

  await db.schema
    .createTable("subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** Lower-cased, so one person is one row whatever they typed. */
    .addColumn("email", "text", (c) => c.notNull().unique())
    /** pending (awaiting confirmation), confirmed, unsubscribed. */
    .addColumn("status", "text", (c) => c.notNull())
    /** Random value inside the current confirmation link; cleared once used, so a link works once. */
    .addColumn("confirm_nonce", "text")
    .addColumn("confirm_sent_at", "text")
    /** The consent record: where the request came from, the words agreed to, and when it was confirmed. */
    .addColumn("consent_source", "text")
    .addColumn("consent_text", "text")
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscribers_status").on("subscribers").columns(["status", "confirmed_at"]).execute();

  await db.schema
    .createTable("campaigns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    /** draft, sending, sent, cancelled. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("job_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("queued_at", "text")
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("campaigns_created_at").on("campaigns").column("created_at").execute();

  await db.schema
    .createTable("campaign_recipients")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("campaign_id", "text", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("subscriber_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    /** pending, sending (claimed, outcome being recorded), sent, failed, skipped, cancelled. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text")
    .addColumn("sent_at", "text")
    .addColumn("outbox_id", "text")
    .addColumn("error", "text")
    .addUniqueConstraint("campaign_recipients_once", ["campaign_id", "subscriber_id"])
    .execute();
  await db.schema
    .createIndex("campaign_recipients_status")
    .on("campaign_recipients")
    .columns(["campaign_id", "status"])
    .execute();

  // Public forms' rate limit: one row per attempt, keyed by a hash (never the raw address).
  await db.schema
    .createTable("form_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("form_attempts_lookup").on("form_attempts").columns(["form", "key_hash", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["form_attempts", "campaign_recipients", "campaigns", "subscribers", "jobs", "outbox"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
