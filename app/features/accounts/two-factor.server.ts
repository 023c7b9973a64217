import { requiresTwoFactor } from "./two-factor-policy.server";
import { recordAudit } from "#app/features/audit/audit.server";
import { authHeaders, toSessionUser, type CurrentSession, type SessionUser, type SiteAuth } from "./auth.server";
import { logger } from "#app/platform/log/logger.server";
import { beginLoginAttempt, finishLoginAttempt, lockoutMessage } from "#app/platform/rate-limit.server";
import { trustedDeviceId } from "./trusted-device.server";
import { pendingSignInUserId, spendTotpCode } from "./totp-step.server";

/**
 * TOTP two-factor sign-in (RFC 6238: six digits, 30 seconds, SHA-1, as
 * every authenticator app expects) on Better Auth's two-factor plugin,
 * called from our own routes. Enrolling takes the password, shows the
 * secret and ten one-use backup codes, and only turns on once a code from
 * the app is accepted, so nobody is locked out by a mistyped secret.
 */

export const TWO_FACTOR_MESSAGES = {
  password: "That password is not right.",
  missingCode: "Enter the 6-digit code from your authenticator app.",
  badCode: "That code is not right. Check the time on your phone and try the newest code.",
  badBackup: "That backup code is not right, or it has already been used.",
  expired: "Your sign-in took too long. Please sign in again.",
  tooMany: "Too many wrong codes. Please sign in again.",
  locked: "Too many wrong codes for this account. Please wait 15 minutes and try again.",
  required: "Two-factor sign-in is required for every admin of this site, so it cannot be turned off.",
  failed: "Something went wrong. Please try again.",
} as const;

/** The cookie a password sign-in leaves while the second factor is pending. */
export function hasPendingChallenge(request: Request): boolean {
  return /(?:^|;\s*)(?:__Host-)?site\.two_factor=/.test(request.headers.get("cookie") ?? "");
}

export interface TwoFactorSetup {
  /** otpauth:// URI for authenticator apps. */
  uri: string;
  /** The same secret in base32, for typing into an app by hand. */
  secret: string;
  backupCodes: string[];
}

/** retryAfterSeconds: with a 429, when the password may be tried again. */
type Outcome<T> = ({ ok: true } & T) | { ok: false; status: 400 | 401 | 403 | 429 | 500; message: string; retryAfterSeconds?: number };

async function failure(error: unknown, fallback: keyof typeof TWO_FACTOR_MESSAGES): Promise<{ ok: false; status: 400 | 401 | 429 | 500; message: string }> {
  // The library is loaded by now: the call that threw went through it.
  const { APIError } = await import("./auth-library.server");
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code ?? "";
    if (code === "INVALID_PASSWORD") return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.password };
    if (code === "INVALID_TWO_FACTOR_COOKIE") return { ok: false, status: 401, message: TWO_FACTOR_MESSAGES.expired };
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.tooMany };
    if (code === "ACCOUNT_TEMPORARILY_LOCKED" || error.statusCode === 429) return { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.locked };
    if (error.statusCode === 400 || error.statusCode === 401) return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES[fallback] };
  }
  logger.error({ err: error }, "two-factor request failed unexpectedly");
  return { ok: false, status: 500, message: TWO_FACTOR_MESSAGES.failed };
}

/**
 * Runs a library call that checks the signed-in person's password again,
 * as a guess against the same budget as signing in (rate-limit.server.ts):
 * counted for this browser if it signed in to the account before, else for
 * the account, and for the address. Whoever holds a session (a computer
 * left signed in, a stolen cookie) may otherwise guess the password without
 * limit, and a right guess gives new backup codes. A wrong password goes to
 * the audit log under the account's name, and so does the first refusal of
 * a lock; `during` says what the password was asked for.
 */
async function withPasswordCheck<T>(
  site: SiteAuth,
  request: Request,
  current: CurrentSession,
  ip: string | undefined,
  during: string,
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; status: 400 | 401 | 429 | 500; message: string; retryAfterSeconds?: number }> {
  const email = current.user.email;
  const audit = (action: string, detail: Record<string, unknown>) =>
    recordAudit(site.database, { action, actorId: current.user.id, actorEmail: email, ip, detail: { ...detail, during } });
  const secure = site.options.baseURL.startsWith("https://");
  const device = trustedDeviceId(site.options.secret, email, request.headers.get("cookie"), secure);
  const attempt = await beginLoginAttempt(site.database, { email, ip: ip ?? "", device });
  if (!attempt.allowed) {
    if (attempt.firstOfLock) await audit("sign-in.refused", { reason: "rate-limit", scope: attempt.scope });
    return { ok: false, status: 429, message: lockoutMessage(attempt.retryAfterSeconds, "password attempts"), retryAfterSeconds: attempt.retryAfterSeconds };
  }
  let value: T;
  try {
    value = await call();
  } catch (error) {
    // Only a right password forgets the attempt; anything else stays counted, as at sign-in.
    const { APIError } = await import("./auth-library.server");
    if (error instanceof APIError && (error.body as { code?: string } | undefined)?.code === "INVALID_PASSWORD") {
      await audit("sign-in.failure", {});
    }
    return failure(error, "password");
  }
  await finishLoginAttempt(site.database, attempt.attemptId, { succeeded: true, email, device });
  return { ok: true, value };
}

/** Step 1 of enrolling: checks the password and makes a new, not yet active, secret. */
export async function beginTwoFactorSetup(
  site: SiteAuth,
  request: Request,
  current: CurrentSession,
  password: string,
  ip?: string,
): Promise<Outcome<{ setup: TwoFactorSetup }>> {
  if (!password) return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.password };
  const checked = await withPasswordCheck(site, request, current, ip, "setting up two-factor sign-in", async () => {
    const result = (await (await site.load()).api.enableTwoFactor({ body: { password }, headers: authHeaders(request, ip) })) as {
      totpURI?: string;
      backupCodes?: string[];
    };
    if (!result.totpURI || !result.backupCodes) throw new Error("no TOTP secret returned");
    return { uri: result.totpURI, backupCodes: result.backupCodes };
  });
  if (!checked.ok) return checked;
  const { uri, backupCodes } = checked.value;
  return { ok: true, setup: { uri, secret: new URL(uri).searchParams.get("secret") ?? "", backupCodes } };
}

/**
 * Step 2: a code from the app turns two-factor sign-in on. The library
 * replaces the session (the headers carry the new cookie).
 */
export async function confirmTwoFactorSetup(
  site: SiteAuth,
  request: Request,
  current: CurrentSession,
  code: string,
  ip?: string,
): Promise<Outcome<{ headers: Headers }>> {
  const clean = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(clean)) return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.missingCode };
  try {
    // The code that turns two-factor on is spent like any other, so it cannot sign in afterwards.
    if ((await spendTotpCode(site, current.user.id, clean)) === "used") return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.badCode };
    const result = await (await site.load()).api.verifyTOTP({ body: { code: clean }, headers: authHeaders(request, ip), returnHeaders: true });
    await recordAudit(site.database, { action: "two-factor.enabled", actorId: current.user.id, actorEmail: current.user.email, ip });
    return { ok: true, headers: result.headers };
  } catch (error) {
    return failure(error, "badCode");
  }
}

export async function disableTwoFactor(
  site: SiteAuth,
  request: Request,
  current: CurrentSession,
  password: string,
  ip?: string,
): Promise<Outcome<{ headers: Headers }>> {
  if (await requiresTwoFactor(site.database)) return { ok: false, status: 403, message: TWO_FACTOR_MESSAGES.required };
  if (!password) return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.password };
  const checked = await withPasswordCheck(site, request, current, ip, "turning off two-factor sign-in", async () => {
    const result = await (await site.load()).api.disableTwoFactor({ body: { password }, headers: authHeaders(request, ip), returnHeaders: true });
    await recordAudit(site.database, { action: "two-factor.disabled", actorId: current.user.id, actorEmail: current.user.email, ip });
    return result.headers;
  });
  return checked.ok ? { ok: true, headers: checked.value } : checked;
}

/** New backup codes; the old ones stop working. */
export async function newBackupCodes(
  site: SiteAuth,
  request: Request,
  current: CurrentSession,
  password: string,
  ip?: string,
): Promise<Outcome<{ backupCodes: string[] }>> {
  if (!password) return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.password };
  const checked = await withPasswordCheck(site, request, current, ip, "new backup codes", async () => {
    const result = (await (await site.load()).api.generateBackupCodes({ body: { password }, headers: authHeaders(request, ip) })) as { backupCodes: string[] };
    await recordAudit(site.database, { action: "two-factor.backup-codes", actorId: current.user.id, actorEmail: current.user.email, ip });
    return result.backupCodes;
  });
  return checked.ok ? { ok: true, backupCodes: checked.value } : checked;
}

/**
 * The second step of signing in: a code from the app, or a backup code
 * (used up by this). Success gives the session cookie in the headers.
 */
export async function verifySignInCode(
  site: SiteAuth,
  request: Request,
  input: { code: string; method: "totp" | "backup"; ip: string },
): Promise<Outcome<{ headers: Headers; user: SessionUser }>> {
  const code = input.method === "totp" ? input.code.replace(/\s+/g, "") : input.code.trim();
  if (input.method === "totp" && !/^\d{6}$/.test(code)) return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.missingCode };
  if (input.method === "backup" && !/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(code)) {
    return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.badBackup };
  }
  const headers = authHeaders(request, input.ip);
  try {
    if (input.method === "totp") {
      // A code already used (by this sign-in's owner or by whoever saw it) is answered as a wrong one.
      const userId = await pendingSignInUserId(site, request);
      if (userId && (await spendTotpCode(site, userId, code)) === "used") {
        await recordAudit(site.database, { action: "sign-in.two-factor-failure", ip: input.ip, detail: { method: input.method, reason: "code already used" } });
        return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.badCode };
      }
    }
    const result =
      input.method === "totp"
        ? await (await site.load()).api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
        : await (await site.load()).api.verifyBackupCode({
            body: { code: code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}` },
            headers,
            returnHeaders: true,
          });
    const user = toSessionUser((result.response as unknown as { user: never }).user);
    await recordAudit(site.database, {
      action: "sign-in.success",
      actorId: user.id,
      actorEmail: user.email,
      ip: input.ip,
      detail: { secondFactor: input.method === "totp" ? "authenticator app" : "backup code" },
    });
    return { ok: true, headers: result.headers, user };
  } catch (error) {
    await recordAudit(site.database, {
      action: "sign-in.two-factor-failure",
      ip: input.ip,
      detail: { method: input.method },
    });
    return failure(error, input.method === "totp" ? "badCode" : "badBackup");
  }
}
