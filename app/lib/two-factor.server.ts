import { requiresTwoFactor } from "./admin-accounts.server";
import { recordAudit } from "./audit.server";
import { authHeaders, toSessionUser, type CurrentSession, type SessionUser, type SiteAuth } from "./auth.server";
import { logger } from "./logger.server";

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

type Outcome<T> = ({ ok: true } & T) | { ok: false; status: 400 | 401 | 403 | 429 | 500; message: string };

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

/** Step 1 of enrolling: checks the password and makes a new, not yet active, secret. */
export async function beginTwoFactorSetup(site: SiteAuth, request: Request, password: string): Promise<Outcome<{ setup: TwoFactorSetup }>> {
  if (!password) return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.password };
  try {
    const result = (await (await site.load()).api.enableTwoFactor({ body: { password }, headers: authHeaders(request) })) as {
      totpURI?: string;
      backupCodes?: string[];
    };
    if (!result.totpURI || !result.backupCodes) throw new Error("no TOTP secret returned");
    const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
    return { ok: true, setup: { uri: result.totpURI, secret, backupCodes: result.backupCodes } };
  } catch (error) {
    return failure(error, "password");
  }
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
  try {
    const result = await (await site.load()).api.disableTwoFactor({ body: { password }, headers: authHeaders(request, ip), returnHeaders: true });
    await recordAudit(site.database, { action: "two-factor.disabled", actorId: current.user.id, actorEmail: current.user.email, ip });
    return { ok: true, headers: result.headers };
  } catch (error) {
    return failure(error, "password");
  }
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
  try {
    const result = (await (await site.load()).api.generateBackupCodes({ body: { password }, headers: authHeaders(request, ip) })) as { backupCodes: string[] };
    await recordAudit(site.database, { action: "two-factor.backup-codes", actorId: current.user.id, actorEmail: current.user.email, ip });
    return { ok: true, backupCodes: result.backupCodes };
  } catch (error) {
    return failure(error, "password");
  }
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
