import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";

/** media_files, the product's first table: one row per uploaded image or video. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const bool = engine === "postgres" ? "boolean" : "integer";
  const bigint = engine === "postgres" ? "bigint" : "integer";
  await db.schema
    .createTable("media_files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("file_url", "text", (c) => c.notNull())
    .addColumn("file_type", "text", (c) => c.notNull())
    .addColumn("file_size", bigint, (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().defaultTo("general"))
    .addColumn("alt_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("caption", "text")
    .addColumn("page_assignment", "text")
    .addColumn("section_assignment", "text")
    .addColumn("is_active", bool, (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("media_files_created_at").on("media_files").column("created_at").execute();
  await db.schema
    .createIndex("media_files_page")
    .on("media_files")
    .columns(["page_assignment", "file_type", "is_active"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media_files").execute();
}
