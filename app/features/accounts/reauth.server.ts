import { recordAudit } from "#app/features/audit/audit.server";
import { nowIso, type Database } from "#app/platform/db/db.server";
import { beginLoginAttempt, finishLoginAttempt, lockoutMessage } from "#app/platform/rate-limit.server";
import type { CurrentSession, SiteAuth } from "./auth.server";
import { spendTotpCode } from "./totp-step.server";
import { trustedDeviceId } from "./trusted-device.server";
import { REAUTH_WINDOW_MS } from "./reauth-policy";

/**
 * Asking for the password again before the changes a stolen session could
 * do most harm with: inviting or removing an admin, resetting someone's
 * two-factor sign-in, switching the rule that every admin needs it, and
 * exporting personal data. A session cookie alone (a laptop left signed
 * in, a cookie copied from a shared computer) is then not enough.
 *
 * Giving the password (or a current code from the authenticator app) is a
 * "password check"; signing in is the first one. For ten minutes after a
 * check those changes need nothing more, the way a bank or GitHub's
 * "sudo mode" works: an admin doing several at once types it once. The
 * time is kept on the session row (sessions.password_checked_at, empty
 * until the first check after signing in, when created_at is that time),
 * so it is the same on every process and ends with the session.
 *
 * A password or code given here is a guess like any other: it spends the
 * sign-in budget (rate-limit.server.ts), and a wrong one is written to the
 * audit log under the account's name, saying what it was for.
 */


export const REAUTH_MESSAGES = {
  needed: "To do this, confirm it is you: enter your password again. It was last checked more than 10 minutes ago.",
  missing: "Enter your password (or a code from your authenticator app) to confirm it is you.",
  password: "That password is not right.",
  code: "That code is not right. Check the time on your phone and try the newest code.",
} as const;

export type ReauthOutcome = { ok: true } | { ok: false; status: 400 | 403 | 429; message: string; retryAfterSeconds?: number };

/** When this session's holder last gave their password (or a code): at signing in, or since. */
export async function lastPasswordCheck(database: Database, sessionId: string): Promise<Date | null> {
  const row = await database.db.selectFrom("sessions").select(["created_at", "password_checked_at"]).where("id", "=", sessionId).executeTakeFirst();
  if (!row) return null;
  // The library writes created_at in each engine's own way (text or timestamp); new Date reads both.
  const times = [row.created_at, row.password_checked_at].filter((t) => t !== null).map((t) => new Date(t).getTime());
  return new Date(Math.max(...times));
}

/** Whether a sensitive change now needs the password again. */
export async function needsReauth(database: Database, current: CurrentSession, now = Date.now()): Promise<boolean> {
  const last = await lastPasswordCheck(database, current.sessionId);
  return !last || now - last.getTime() >= REAUTH_WINDOW_MS;
}

/** Whether this password is the account's own, checked by the library against its stored hash. */
async function passwordIsRight(site: SiteAuth, userId: string, password: string): Promise<boolean> {
  const ctx = await (await site.load()).$context;
  const credential = (await ctx.internalAdapter.findAccounts(userId)).find((account) => account.providerId === "credential");
  if (!credential?.password) {
    // Hash anyway, so an account without a password answers as slowly as one with.
    await ctx.password.hash(password);
    return false;
  }
  return ctx.password.verify({ hash: credential.password, password });
}

/**
 * Checks a password or a current authenticator code for the signed-in
 * person and, when it is right, records the check on their session.
 * `during` says what it was asked for, in the audit log.
 */
export async function confirmIdentity(
  site: SiteAuth,
  request: Request,
  current: CurrentSession,
  input: { password?: string; code?: string },
  ip: string | undefined,
  during: string,
): Promise<ReauthOutcome> {
  const password = input.password ?? "";
  const code = (input.code ?? "").replace(/\s+/g, "");
  if (!password && !code) return { ok: false, status: 400, message: REAUTH_MESSAGES.missing };
  const usingCode = !password;
  if (usingCode && (!current.user.twoFactorEnabled || !/^\d{6}$/.test(code))) return { ok: false, status: 400, message: REAUTH_MESSAGES.code };

  const { user } = current;
  const audit = (action: string, detail: Record<string, unknown>) =>
    recordAudit(site.database, { action, actorId: user.id, actorEmail: user.email, ip, detail: { ...detail, during } });
  const secure = site.options.baseURL.startsWith("https://");
  const device = trustedDeviceId(site.options.secret, user.email, request.headers.get("cookie"), secure);
  const attempt = await beginLoginAttempt(site.database, { email: user.email, ip: ip ?? "", device });
  if (!attempt.allowed) {
    if (attempt.firstOfLock) await audit("sign-in.refused", { reason: "rate-limit", scope: attempt.scope });
    return { ok: false, status: 429, message: lockoutMessage(attempt.retryAfterSeconds, "password attempts"), retryAfterSeconds: attempt.retryAfterSeconds };
  }
  // A code is spent by checking it (totp-step.server.ts), so it confirms once.
  const right = usingCode ? (await spendTotpCode(site, user.id, code)) === "claimed" : await passwordIsRight(site, user.id, password);
  if (!right) {
    // The attempt stays counted, as a wrong password at sign-in does.
    await audit("sign-in.failure", { with: usingCode ? "authenticator code" : "password" });
    return { ok: false, status: 400, message: usingCode ? REAUTH_MESSAGES.code : REAUTH_MESSAGES.password };
  }
  await finishLoginAttempt(site.database, attempt.attemptId, { succeeded: true, email: user.email, device });
  await site.database.db.updateTable("sessions").set({ password_checked_at: nowIso() }).where("id", "=", current.sessionId).execute();
  await audit("sign-in.confirmed", { with: usingCode ? "authenticator code" : "password" });
  return { ok: true };
}

/**
 * The gate in front of a sensitive change. A password or code sent with
 * the request is always checked (a wrong one is refused even within the
 * ten minutes); without one, the change goes ahead only if the last check
 * is recent enough, and is otherwise refused with 403 and words saying why.
 */
export async function requireRecentAuth(
  site: SiteAuth,
  request: Request,
  current: CurrentSession,
  input: { password?: string; code?: string },
  ip: string | undefined,
  during: string,
): Promise<ReauthOutcome> {
  if (input.password || input.code?.trim()) return confirmIdentity(site, request, current, input, ip, during);
  if (await needsReauth(site.database, current)) return { ok: false, status: 403, message: REAUTH_MESSAGES.needed };
  return { ok: true };
}

/**
 * Where a change that cannot show the password field itself (a CSV export,
 * which answers with a file) sends the admin first: the confirmation page,
 * which comes back to `back` once they have given it.
 */
export function confirmIdentityPage(back: string): string {
  return `/confirm-password?redirectTo=${encodeURIComponent(back)}`;
}
