import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";

/**
 * What staff edit about the site itself: each page's words, images and
 * layout (with every saved version kept), the image chosen for each section
 * of a page, the site settings, and one counter that every such save bumps
 * so caches on any process can tell their copy is stale.
 *
 * Page fields are nullable: null means "follow the built-in copy", so a
 * later improvement to the built-in text still reaches pages staff never
 * changed.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("page_content")
    .addColumn("page_id", "text", (c) => c.primaryKey())
    .addColumn("hero_title", "text")
    .addColumn("hero_subtitle", "text")
    .addColumn("main_title", "text")
    .addColumn("content", "text")
    .addColumn("layout", "text")
    // JSON array of page image entries; null until staff save images.
    .addColumn("images", "text")
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addColumn("updated_by_email", "text")
    .execute();

  await db.schema
    .createTable("page_content_revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("page_id", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("hero_title", "text")
    .addColumn("hero_subtitle", "text")
    .addColumn("main_title", "text")
    .addColumn("content", "text")
    .addColumn("layout", "text")
    .addColumn("images", "text")
    // Set when this version was made by restoring an earlier one.
    .addColumn("restored_from", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_by_email", "text")
    .execute();
  // Unique, so two saves racing from the same base cannot both become revision N.
  await db.schema
    .createIndex("page_content_revisions_page_revision")
    .on("page_content_revisions")
    .columns(["page_id", "revision"])
    .unique()
    .execute();

  await db.schema
    .createTable("section_images")
    .addColumn("page_id", "text", (c) => c.notNull())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("alt_text", "text", (c) => c.notNull())
    .addColumn("media_id", "text")
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addPrimaryKeyConstraint("section_images_pk", ["page_id", "section"])
    .execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    // JSON-encoded value, so numbers and nested links keep their types.
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();

  await db.schema
    .createTable("content_version")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("content_version" as never).values({ id: "site", version: 1 } as never).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["content_version", "site_settings", "section_images", "page_content_revisions", "page_content"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
