import { recordAudit } from "#app/features/audit/audit.server";
import { withdrawPendingInvitationsBy } from "./invitations.server";
import { toBool, type Database } from "#app/platform/db/db.server";
import type { Actor } from "#app/features/audit/actor";
import type { StaffRole } from "./roles";

/**
 * The admin area's view of accounts: who can sign in, where they are
 * signed in, and the site-wide rule that every admin must use two-factor
 * sign-in. Sessions live in the database (docs/decisions/003-auth.md), so
 * deleting a row ends that session at once on every process.
 */


export interface AccountSummary {
  id: string;
  email: string;
  role: string;
  twoFactorEnabled: boolean;
  createdAt: string;
  activeSessions: number;
}

const iso = (value: string | Date | number): string => new Date(value).toISOString();

export async function listAccounts(database: Database): Promise<AccountSummary[]> {
  const [users, sessions] = await Promise.all([
    database.db.selectFrom("users").select(["id", "email", "role", "two_factor_enabled", "created_at"]).orderBy("email").execute(),
    listSessions(database),
  ]);
  return users.map((user) => ({
    id: user.id,
    email: user.email,
    role: user.role,
    twoFactorEnabled: toBool(user.two_factor_enabled),
    createdAt: iso(user.created_at),
    activeSessions: sessions.filter((s) => s.userId === user.id).length,
  }));
}

export interface SessionSummary {
  id: string;
  userId: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
}

/** Sessions that have not expired, most recently used first; one person's with userId. */
export async function listSessions(database: Database, options: { userId?: string } = {}): Promise<SessionSummary[]> {
  let query = database.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as id",
      "sessions.user_id as userId",
      "users.email as email",
      "sessions.ip_address as ip",
      "sessions.user_agent as userAgent",
      "sessions.created_at as createdAt",
      "sessions.updated_at as updatedAt",
      "sessions.expires_at as expiresAt",
    ]);
  if (options.userId) query = query.where("sessions.user_id", "=", options.userId);
  const rows = await query.execute();
  const now = Date.now();
  // The library stores dates in each engine's own way (text or timestamptz),
  // so expiry is compared here rather than in SQL.
  return rows
    .filter((row) => new Date(row.expiresAt).getTime() > now)
    .map((row) => ({
      id: row.id,
      userId: row.userId,
      email: row.email,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: iso(row.createdAt),
      lastActiveAt: iso(row.updatedAt),
      expiresAt: iso(row.expiresAt),
    }))
    .sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/** Ends one session. Returns false when there was no such session. */
export async function revokeSession(database: Database, sessionId: string, actor: Actor): Promise<boolean> {
  const row = await database.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id as id", "users.email as email"])
    .where("sessions.id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return false;
  await database.db.deleteFrom("sessions").where("id", "=", sessionId).execute();
  await recordAudit(database, {
    action: "session.revoked",
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    detail: { of: row.email },
  });
  return true;
}

/** Ends every session of a person except the one given (the one in use). Returns how many ended. */
export async function revokeOtherSessions(database: Database, userId: string, keepSessionId: string, actor: Actor): Promise<number> {
  const result = await database.db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id", "!=", keepSessionId)
    .executeTakeFirst();
  const count = Number(result.numDeletedRows ?? 0);
  await recordAudit(database, {
    action: "sessions.revoked-others",
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    detail: { count },
  });
  return count;
}

export type RemoveAccountResult = { ok: true; email: string } | { ok: false; reason: "missing" | "self" | "actor-gone" };

/**
 * Takes someone's admin access away (a volunteer or member of staff who has
 * left): their account, password, two-factor secret and sessions are
 * deleted in one transaction, so every device they used is signed out at
 * once and their password no longer signs in. The audit log keeps what
 * they did under their e-mail address; an invitation gives access again.
 * Never one's own account, so an admin always remains: whoever removes
 * must still be an admin when the change is made. The admin rows are
 * locked first on PostgreSQL, so two admins removing each other at the same
 * moment cannot both succeed and leave nobody.
 */
export async function removeAdminAccount(database: Database, userId: string, actor: Actor): Promise<RemoveAccountResult> {
  if (userId === actor.id) return { ok: false, reason: "self" };
  return database.db.transaction().execute(async (trx): Promise<RemoveAccountResult> => {
    const admins = await trx
      .selectFrom("users")
      .select(["id", "email"])
      .where("role", "=", "admin")
      .$if(database.engine === "postgres", (q) => q.forUpdate())
      .execute();
    if (!admins.some((admin) => admin.id === actor.id)) return { ok: false, reason: "actor-gone" };
    const user = await trx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return { ok: false, reason: "missing" };
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    // A link they sent and nobody has used yet would still make an admin.
    await withdrawPendingInvitationsBy({ db: trx }, userId);
    await trx.deleteFrom("two_factors").where("user_id", "=", userId).execute();
    await trx.deleteFrom("accounts").where("user_id", "=", userId).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    await recordAudit({ ...database, db: trx }, { action: "account.removed", actorId: actor.id, actorEmail: actor.email, ip: actor.ip, detail: { of: user.email } });
    return { ok: true, email: user.email };
  });
}

export type ChangeRoleResult =
  | { ok: true; email: string; from: string; to: StaffRole; changed: boolean }
  | { ok: false; reason: "missing" | "actor-gone" | "last-admin" };

/**
 * Gives an account another staff role. The site never runs without an
 * Admin: the last one cannot be made anything else. Whoever changes a role
 * must still be an Admin when the change is made. As for removals, the
 * Admin rows are locked first on PostgreSQL, so two Admins demoting each
 * other at the same moment are served one after the other and the second
 * is refused; SQLite runs one write transaction at a time anyway. The
 * update itself repeats the condition, so it can only demote an Admin
 * while another one remains.
 */
export async function changeRole(database: Database, userId: string, role: StaffRole, actor: Actor): Promise<ChangeRoleResult> {
  return database.db.transaction().execute(async (trx): Promise<ChangeRoleResult> => {
    const admins = await trx
      .selectFrom("users")
      .select(["id"])
      .where("role", "=", "admin")
      .$if(database.engine === "postgres", (q) => q.forUpdate())
      .execute();
    if (!admins.some((admin) => admin.id === actor.id)) return { ok: false, reason: "actor-gone" };
    const user = await trx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return { ok: false, reason: "missing" };
    if (user.role === role) return { ok: true, email: user.email, from: user.role, to: role, changed: false };
    if (user.role === "admin" && admins.length <= 1) return { ok: false, reason: "last-admin" };
    const updated = await trx
      .updateTable("users")
      .set({ role })
      .where("id", "=", userId)
      .where("role", "=", user.role)
      // Another Admin must remain after this row stops being one.
      .$if(user.role === "admin", (q) =>
        q.where((eb) => eb(eb.selectFrom("users as others").select((o) => o.fn.countAll().as("n")).where("others.role", "=", "admin").where("others.id", "!=", userId), ">", 0)),
      )
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows ?? 0) !== 1) return { ok: false, reason: "last-admin" };
    await recordAudit({ ...database, db: trx }, {
      action: "account.role-changed",
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip,
      detail: { of: user.email, from: user.role, to: role },
    });
    return { ok: true, email: user.email, from: user.role, to: role, changed: true };
  });
}
