import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";
import { BUILT_IN_TESTIMONIALS, NEWS_CARDS } from "#app/content/site";

/**
 * Testimonials, events and YouTube videos: records staff manage in the Reviews,
 * Events and YouTube tabs. The built-in home testimonials and the three News
 * cards are seeded here, once, so a fresh site looks as it did before these
 * tabs persisted anything; after that they are staff's to change or delete.
 * The News cards carry no dates in the spec, so they are seeded undated with
 * their frequency as the schedule note (docs/decisions/006-events-and-videos.md).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const bool = engine === "postgres" ? "boolean" : "integer";

  await db.schema
    .createTable("testimonials")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo(""))
    // 1 to 5; null when none was given (the built-in quotes carry none).
    .addColumn("rating", "integer")
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("testimonials_status_order").on("testimonials").columns(["status", "sort_order"]).execute();

  await db.schema
    .createTable("events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    // Local Europe/London date (YYYY-MM-DD) and time (HH:MM); null for an undated regular session.
    .addColumn("date", "text")
    .addColumn("time", "text")
    .addColumn("schedule_note", "text")
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("image_url", "text")
    .addColumn("image_alt", "text")
    .addColumn("is_published", bool, (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_published_date").on("events").columns(["is_published", "date"]).execute();

  await db.schema
    .createTable("youtube_videos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("video_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("page_assignment", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("thumbnail_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("youtube_videos_page_order")
    .on("youtube_videos")
    .columns(["page_assignment", "sort_order"])
    .execute();

  // One millisecond apart, so "oldest first" keeps the order the spec lists them in.
  const started = Date.now();
  const at = (i: number) => new Date(started + i).toISOString();
  const seed = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  if (BUILT_IN_TESTIMONIALS.length > 0) {
    await seed
      .insertInto("testimonials")
      .values(
        BUILT_IN_TESTIMONIALS.map((t, i) => ({
          id: crypto.randomUUID(),
          name: t.author,
          role: t.role,
          rating: null,
          text: t.quote,
          color: t.color,
          status: "approved",
          sort_order: i + 1,
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
  }
  if (NEWS_CARDS.length > 0) {
    await seed
      .insertInto("events")
      .values(
        NEWS_CARDS.map((card, i) => ({
          id: crypto.randomUUID(),
          slug: card.id,
          title: card.title,
          category: card.category,
          date: null,
          time: null,
          schedule_note: card.frequency,
          location: "",
          description: card.description,
          image_url: null,
          image_alt: null,
          is_published: 1,
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("youtube_videos").execute();
  await db.schema.dropTable("events").execute();
  await db.schema.dropTable("testimonials").execute();
}
