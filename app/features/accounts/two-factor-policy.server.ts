import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import { toBool, nowIso, type Database } from "#app/platform/db/db.server";

/**
 * The site-wide rule that every admin must use two-factor sign-in, and an
 * admin's way out for a colleague who lost their phone. Sign-in checks the
 * rule on every admin request; the users screen changes both.
 */

const POLICY_ROW = "site";

/** Whether every admin must have two-factor sign-in turned on. */
export async function requiresTwoFactor(database: Database): Promise<boolean> {
  const row = await database.db.selectFrom("account_policy").select("require_two_factor").where("id", "=", POLICY_ROW).executeTakeFirst();
  return row ? toBool(row.require_two_factor) : false;
}

export async function setRequireTwoFactor(database: Database, required: boolean, actor: Actor): Promise<void> {
  const now = nowIso();
  await database.db
    .insertInto("account_policy")
    .values({ id: POLICY_ROW, require_two_factor: required ? 1 : 0, updated_at: now, updated_by: actor.id })
    .onConflict((oc) => oc.column("id").doUpdateSet({ require_two_factor: required ? 1 : 0, updated_at: now, updated_by: actor.id }))
    .execute();
  await recordAudit(database, {
    action: "two-factor.policy",
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    detail: { requireTwoFactor: required },
  });
}

/**
 * Turns two-factor sign-in off for someone else (a lost phone): their
 * secret and backup codes are deleted and their sessions end, so they sign
 * in again with their password and, if the site requires it, enrol anew.
 */
export async function resetTwoFactorFor(database: Database, userId: string, actor: Actor): Promise<boolean> {
  const user = await database.db.selectFrom("users").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return false;
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("two_factors").where("user_id", "=", userId).execute();
    await trx.updateTable("users").set({ two_factor_enabled: 0 }).where("id", "=", userId).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  });
  await recordAudit(database, {
    action: "two-factor.reset",
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    detail: { of: user.email },
  });
  return true;
}
