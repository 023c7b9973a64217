import type { Kysely } from "kysely";
import { getMigrations } from "better-auth/db/migration";
import { twoFactor } from "better-auth/plugins";
import type { Engine } from "#app/platform/db/schema";
import { authSchemaOptions, twoFactorSchemaOptions } from "#app/platform/db/auth-tables.server";

/**
 * Admin accounts beyond the first: the two-factor plugin's table and user
 * flag (made by the library's own migrator from the options the running
 * instance uses), invitations to become an admin, and the site-wide
 * account policy ("require two-factor sign-in for every admin").
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const { runMigrations } = await getMigrations({
    ...authSchemaOptions,
    emailAndPassword: { enabled: true },
    plugins: [twoFactor(twoFactorSchemaOptions)],
    database: { db: db as never, type: engine },
  });
  await runMigrations();

  const bool = engine === "postgres" ? "boolean" : "integer";

  // The link's token is never stored, only its SHA-256: a copy of the
  // database (a backup) cannot be used to accept someone's invitation.
  await db.schema
    .createTable("invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("invited_by", "text")
    .addColumn("invited_by_email", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("accepted_user_id", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("invitations_email").on("invitations").column("email").execute();

  await db.schema
    .createTable("account_policy")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("require_two_factor", bool, (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["account_policy", "invitations", "two_factors"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
