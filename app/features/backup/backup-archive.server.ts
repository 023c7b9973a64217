import crypto from "node:crypto";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import type { DatabaseSchema, Engine } from "#app/platform/db/schema";

/**
 * Backups: one .tar.gz holding the database, every stored file and the
 * generated secrets, and a manifest saying what is inside.
 *
 * - SQLite: the file made by SQLite's online backup API (a consistent copy
 *   while the site keeps running), restored byte for byte.
 * - PostgreSQL: a logical dump made by the site itself (every table as JSON
 *   lines, read in one REPEATABLE READ transaction, so all tables are from
 *   the same moment), restored into a freshly migrated database in foreign-
 *   key order. We do not call pg_dump: it must match the server's major
 *   version and is often missing where the site runs.
 *
 * The site's secret encrypts two-factor secrets and backup codes and signs
 * newsletter links, so rows are only usable with the secret they were made
 * with. The manifest records a fingerprint of the secret the site was using
 * (AUTH_SECRET when set, else DATA_DIR/secrets.json), and a restore refuses
 * to leave a site that would run with a different one.
 */

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  engine: Engine;
  method: "sqlite-online-backup" | "logical-json";
  migrations: string[];
  tables: Record<string, number>;
  files: number;
  fileBytes: number;
  /**
   * Where the secret the site was using came from: secrets.json (then in the
   * archive) or AUTH_SECRET (not in the archive). "none" only in archives
   * made before the secret was checked, from a folder without secrets.json.
   */
  secrets: "included" | "from-environment" | "none";
  /** secretFingerprint() of that secret; absent in archives made before it was recorded. */
  secretFingerprint?: string;
  /** Files listed at the start but deleted before they could be copied. */
  vanished: string[];
}


/**
 * Tells two secrets apart without giving either away: an HMAC keyed by the
 * secret (as the newsletter's token key is), cut to 64 bits. Unlike a plain
 * hash it cannot be looked up in a table of hashed common passwords.
 */
export function secretFingerprint(secret: string): string {
  return crypto.createHmac("sha256", secret).update("backup-secret-fingerprint-v1").digest("hex").slice(0, 16);
}

/** The secret a secrets.json holds, by the rule loadSecrets applies (the site refuses to start with anything else in it). */
export function secretIn(file: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(file.toString("utf8")) as { authSecret?: unknown };
    return typeof parsed.authSecret === "string" && parsed.authSecret.length >= 32 ? parsed.authSecret : undefined;
  } catch {
    return undefined;
  }
}

/** A database, or a transaction on one: what the helpers below read and write through. */
export interface Connection {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
}

export async function tableNames(database: Connection): Promise<string[]> {
  const rows =
    database.engine === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(database.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
  return rows.rows.map((r) => r.name).sort();
}

/** Tables with the ones others point at first, so rows can be inserted without breaking a foreign key. */
export async function tablesInDependencyOrder(database: Connection): Promise<string[]> {
  const tables = await tableNames(database);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  if (database.engine === "sqlite") {
    for (const table of tables) {
      const fks = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(database.db);
      for (const fk of fks.rows) if (fk.table !== table) parents.get(table)!.add(fk.table);
    }
  } else {
    const fks = await sql<{ child: string; parent: string }>`
      select tc.table_name as child, ccu.table_name as parent
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on tc.constraint_name = ccu.constraint_name and tc.table_schema = ccu.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(database.db);
    for (const fk of fks.rows) if (fk.child !== fk.parent) parents.get(fk.child)?.add(fk.parent);
  }
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z").replace("T", "-");
}

export function defaultBackupPath(dataDir: string, date = new Date()): string {
  return path.join(dataDir, "backups", `backup-${timestamp(date)}.tar.gz`);
}

