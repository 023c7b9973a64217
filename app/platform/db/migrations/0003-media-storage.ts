import type { Kysely } from "kysely";

/**
 * What the storage and image pipeline record about each file: its content
 * type and hash, the image's size and tiny placeholder, its responsive
 * variants (JSON), the state of their generation (the queue the in-process
 * worker reads, so a restart resumes it), and the tus upload it came from
 * (unique, so finishing the same upload twice creates one row).
 * One ALTER per column: SQLite cannot add several in one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, string][] = [
    ["mime_type", "text"],
    ["content_hash", "text"],
    ["width", "integer"],
    ["height", "integer"],
    ["placeholder", "text"],
    ["variants", "text"],
    ["poster_url", "text"],
    ["processing", "text"],
    ["processing_started_at", "text"],
    ["upload_id", "text"],
  ];
  for (const [name, type] of columns) {
    await db.schema.alterTable("media_files").addColumn(name, type as "text").execute();
  }
  await db.schema.createIndex("media_files_processing").on("media_files").column("processing").execute();
  await db.schema.createIndex("media_files_upload_id").on("media_files").column("upload_id").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("media_files_upload_id").execute();
  await db.schema.dropIndex("media_files_processing").execute();
  for (const name of ["upload_id", "processing_started_at", "processing", "poster_url", "variants", "placeholder", "height", "width", "content_hash", "mime_type"]) {
    await db.schema.alterTable("media_files").dropColumn(name).execute();
  }
}
