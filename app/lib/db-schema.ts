import type { Generated } from "kysely";

/**
 * Column types as both engines return them. Booleans are stored as 1/0
 * (SQLite has no boolean; PostgreSQL reads '1'/'0' as boolean input), big
 * numbers may come back as strings from PostgreSQL, and timestamps are
 * ISO-8601 strings in UTC so they sort the same on both engines.
 * Entity modules turn rows into plain shapes; nothing else reads these.
 */
export type DbBool = number | boolean;
export type DbInt = number | string | bigint;

export interface MediaFilesTable {
  id: string;
  filename: string;
  original_name: string;
  file_url: string;
  file_type: string;
  file_size: DbInt;
  category: string;
  alt_text: string;
  caption: string | null;
  page_assignment: string | null;
  section_assignment: string | null;
  is_active: DbBool;
  created_by: string | null;
  created_at: string;
}

export interface DatabaseSchema {
  media_files: MediaFilesTable;
}

export type { Generated };
