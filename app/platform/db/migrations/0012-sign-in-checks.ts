import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";

/**
 * What the sign-in checks remember between requests.
 *
 * two_factors.last_totp_step: the 30-second step of the last authenticator
 * code that was accepted for the account (at sign-in, at enrolment, or to
 * confirm a sensitive change). A code stays valid for its step and one
 * either side, so without this the same code signed in again and again for
 * up to a minute and a half; now a code at or before this step is refused.
 *
 * sessions.password_checked_at: when the person last gave their password
 * (or a code) again during this session. Signing in is the first check, so
 * while this is empty the session's own created_at is that time. Inviting
 * or removing an admin, resetting their two-factor sign-in, switching the
 * site-wide two-factor rule and exporting personal data ask again once it
 * is older than ten minutes, so a stolen session cookie cannot do them.
 *
 * ISO text and a plain integer on both engines; the library ignores columns
 * it does not know, and both are empty until first used.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable("two_factors").addColumn("last_totp_step", "integer").execute();
  await db.schema.alterTable("sessions").addColumn("password_checked_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("password_checked_at").execute();
  await db.schema.alterTable("two_factors").dropColumn("last_totp_step").execute();
}
