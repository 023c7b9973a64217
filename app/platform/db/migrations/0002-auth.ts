import type { Kysely } from "kysely";
import { getMigrations } from "better-auth/db/migration";
import type { Engine } from "#app/platform/db/schema";
import { authSchemaOptions } from "#app/platform/db/auth-tables.server";

/**
 * Sign-in: the auth library's tables (users with a role, sessions, accounts,
 * verifications), created by the library's own migrator from the same
 * options the running instance uses; plus our sign-in rate limits, the
 * audit log and the one-time first-admin claim.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const { runMigrations } = await getMigrations({
    ...authSchemaOptions,
    emailAndPassword: { enabled: true },
    database: { db: db as never, type: engine },
  });
  await runMigrations();

  // One row per sign-in attempt while it counts against a limit; keys are
  // hashes so the table never holds e-mail addresses of strangers.
  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_key", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_attempts_account").on("login_attempts").columns(["account_key", "created_at"]).execute();
  await db.schema.createIndex("login_attempts_ip").on("login_attempts").columns(["ip", "created_at"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("ip", "text")
    .addColumn("detail", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").column("created_at").execute();

  // The primary key makes "create the first admin" succeed at most once,
  // even when two requests race on several processes.
  await db.schema
    .createTable("setup_claims")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("claimed_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["setup_claims", "audit_log", "login_attempts", "verifications", "accounts", "sessions", "users"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
