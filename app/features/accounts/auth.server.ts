import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { data, redirect } from "react-router";
import type { Role } from "#app/platform/db/auth-tables.server";
import type { BetterAuthInstance } from "./auth-library.server";
import { recordAudit } from "#app/features/audit/audit.server";
import { getDatabase, nowIso, type Database } from "#app/platform/db/db.server";
import { env, loadSecrets } from "#app/platform/env.server";
import { logger } from "#app/platform/log/logger.server";
import { requiresTwoFactor, resetTwoFactorFor } from "./two-factor-policy.server";
import { SESSION_MAX_AGE_MS, type AuthOptions } from "./session-policy";
import { checkPassword } from "./password-policy.server";
import { getSetting } from "#app/features/settings/site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "#app/content/site";
import { TWO_FACTOR_REQUIRED } from "./two-factor-policy";
import { isEmail } from "#app/web/text";
import { beginLoginAttempt, finishLoginAttempt, lockoutMessage } from "#app/platform/rate-limit.server";
import { rememberDevice, trustedDeviceId } from "./trusted-device.server";
import { can, isStaffRole, refusalMessage, type Capability } from "./roles";

/**
 * Sign-in for the admin area, on Better Auth with sessions in our database.
 *
 * The library's HTTP endpoints are deliberately not mounted: the site's own
 * /login and /logout actions call it on the server, so there is no public
 * sign-up endpoint to find, and every request passes our Origin check, rate
 * limits and audit log. See docs/decisions/003-auth.md.
 */

export type { BetterAuthInstance };

export interface SiteAuth {
  /** The library's instance, loaded and created on first use (it is heavy to import). */
  load(): Promise<BetterAuthInstance>;
  database: Database;
  options: AuthOptions;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: string;
  twoFactorEnabled: boolean;
}

export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
  /** When the session ends unless it is used before then: its idle expiry or its absolute lifetime, whichever comes first (ISO). */
  endsAt: string;
}

/** An auth instance on the given database (tests open their own). */
export function createAuth(database: Database, options: AuthOptions): SiteAuth {
  let instance: Promise<BetterAuthInstance> | undefined;
  const load = () => (instance ??= import("./auth-library.server").then((library) => library.betterAuthFor(database, options)));
  return { load, database, options };
}

let shared: Promise<SiteAuth> | undefined;

/** The process-wide auth instance, on the process-wide database. */
export function getAuth(): Promise<SiteAuth> {
  if (!shared) {
    shared = (async () => {
      const config = env();
      const { authSecret } = loadSecrets(config.DATA_DIR);
      const site = createAuth(await getDatabase(), { secret: authSecret, baseURL: config.PUBLIC_URL });
      // The library checks its tables against the schema when it starts;
      // wait for that, so a mismatch fails loudly here and a short-lived
      // command never closes the database under the check.
      const context = await (await site.load()).$context;
      await context.checkSchema?.();
      return site;
    })();
    shared.catch(() => {
      shared = undefined;
    });
  }
  return shared;
}

// ---------------------------------------------------------------------------
// Cookies the session check sets while a page loads (a sliding session
// renews its cookie). Loaders cannot add headers to the page's response, so
// server/http.ts collects them around each request.

const pendingCookies = new AsyncLocalStorage<string[]>();

/** Runs one request, returning the Set-Cookie headers auth asked for. */
export async function collectAuthCookies<T>(fn: () => Promise<T>): Promise<{ result: T; cookies: string[] }> {
  const cookies: string[] = [];
  const result = await pendingCookies.run(cookies, fn);
  return { result, cookies };
}

function queueCookies(headers: Headers | null | undefined): void {
  const store = pendingCookies.getStore();
  if (!store || !headers) return;
  for (const cookie of headers.getSetCookie()) if (!store.includes(cookie)) store.push(cookie);
}

/** The Cookie and address headers the library needs, and nothing a client could forge. */
export function authHeaders(request: Request | Headers, ip?: string): Headers {
  const source = request instanceof Request ? request.headers : request;
  const headers = new Headers();
  const cookie = source.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const agent = source.get("user-agent");
  if (agent) headers.set("user-agent", agent.slice(0, 512));
  if (ip) headers.set("x-site-client-ip", ip);
  return headers;
}

export function toSessionUser(user: { id: string; email: string; name: string; role?: unknown; twoFactorEnabled?: unknown }): SessionUser {
  const twoFactorEnabled = user.twoFactorEnabled === true || user.twoFactorEnabled === 1 || user.twoFactorEnabled === "1";
  return { id: user.id, email: user.email, name: user.name, role: typeof user.role === "string" ? user.role : "member", twoFactorEnabled };
}

/**
 * The signed-in person for this request, or null (also when the session
 * cannot be read, unless `throwOnError`). Renews a sliding session, unless
 * `renew` is false: a check made without the person doing anything (the
 * admin area asking whether its session has ended) must not keep it alive.
 */
export async function getSession(
  site: SiteAuth,
  request: Request | Headers,
  { renew = true, throwOnError = false }: { renew?: boolean; throwOnError?: boolean } = {},
): Promise<CurrentSession | null> {
  const headers = authHeaders(request);
  if (!headers.has("cookie")) return null;
  let result;
  try {
    result = await (await site.load()).api.getSession({ headers, returnHeaders: true, query: renew ? undefined : { disableRefresh: true } });
  } catch (error) {
    logger.warn({ err: error }, "session check failed");
    // A caller that must tell "no session" from "could not tell" (the database is down) asks for the error.
    if (throwOnError) throw error;
    return null;
  }
  queueCookies(result.headers);
  const current = result.response;
  if (!current) return null;
  const created = new Date(current.session.createdAt).getTime();
  if (Date.now() - created > SESSION_MAX_AGE_MS) {
    // Past its absolute lifetime: sign in again, however active it has been.
    await (await site.load()).api.signOut({ headers, returnHeaders: true }).then((r) => queueCookies(r.headers), () => undefined);
    return null;
  }
  const endsAt = Math.min(new Date(current.session.expiresAt).getTime(), created + SESSION_MAX_AGE_MS);
  return { user: toSessionUser(current.user as never), sessionId: current.session.id, endsAt: new Date(endsAt).toISOString() };
}

/** The signed-in person, or null: for pages that adapt (e.g. /login). */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(await getAuth(), request))?.user ?? null;
}

const NOT_ALLOWED = "You are signed in, but your account is not allowed to use the admin area.";

/**
 * The guard every admin loader, action and resource route calls first,
 * with the one capability it needs (roles.ts). No session: GET requests go
 * to the sign-in form and come back afterwards (the dashboard's own
 * address, /admin, shows the form in place), anything else gets 401. A
 * session without a staff role gets 403; so does a staff role without
 * this capability, in words that say what it may not do and whom to ask,
 * and that refusal is written to the audit log.
 */
export async function requireStaff(request: Request, capability: Capability, { resource = false }: { resource?: boolean } = {}): Promise<CurrentSession> {
  const current = await requireStaffSession(request);
  if (!can(current.user.role, capability)) {
    const site = await getAuth();
    await recordAudit(site.database, {
      action: "access.refused",
      actorId: current.user.id,
      actorEmail: current.user.email,
      detail: { capability, role: current.user.role, method: request.method, path: new URL(request.url).pathname.replace(/\.data$/, "").slice(0, 300) },
    });
    const message = refusalMessage(current.user.role, capability);
    // A resource route (an export) has no page around it: a browser that opened it gets a small page of its own.
    if (resource && (request.headers.get("accept") ?? "").includes("text/html")) throw refusalPage(message);
    throw new Response(message, { status: 403, headers: { "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" } });
  }
  return current;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

function refusalPage(message: string): Response {
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Not allowed</title></head><body><main><h1>Not allowed</h1><p>${escapeHtml(message)} Nothing was exported.</p><p><a href="/admin">Back to your dashboard</a></p></main></body></html>`;
  return new Response(html, { status: 403, headers: { "Cache-Control": "private, no-store", "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * Any staff role, whatever it may do: for what every member of staff
 * needs (confirming their password, the session check). Two-factor
 * enrolment is enforced here, as for every admin page.
 */
export async function requireStaffSession(request: Request): Promise<CurrentSession> {
  const site = await getAuth();
  const current = checkStaff(request, await getSession(site, request));
  if (await mustEnrolTwoFactor(site, current)) {
    if (request.method === "GET" || request.method === "HEAD") {
      const url = new URL(request.url);
      const path = url.pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/admin";
      throw redirect(`/two-factor/setup?redirectTo=${encodeURIComponent(path)}`);
    }
    throw new Response(TWO_FACTOR_REQUIRED, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  }
  return current;
}

/**
 * "Require two-factor sign-in for all admins": a member of staff without
 * it may do nothing but enrol (at /two-factor/setup, which does not ask this).
 */
export async function mustEnrolTwoFactor(site: SiteAuth, current: CurrentSession): Promise<boolean> {
  return !current.user.twoFactorEnabled && (await requiresTwoFactor(site.database));
}

export { TWO_FACTOR_REQUIRED };

/** The session if it belongs to staff (any role of roles.ts); otherwise the sign-in form, 401 or 403. */
export function checkStaff(request: Request, current: CurrentSession | null): CurrentSession {
  const url = new URL(request.url);
  const isRead = request.method === "GET" || request.method === "HEAD";
  if (!current) {
    if (!isRead) throw new Response("Sign in to continue.", { status: 401, headers: { "Cache-Control": "private, no-store" } });
    const path = url.pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
    if (path === "/admin") throw data({ signInRequired: true }, { status: 401 });
    const params = new URLSearchParams(url.search);
    params.delete("_routes");
    const query = params.toString();
    throw redirect(`/login?redirectTo=${encodeURIComponent(query ? `${path}?${query}` : path)}`);
  }
  if (!isStaffRole(current.user.role)) {
    throw new Response(NOT_ALLOWED, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  }
  return current;
}

// ---------------------------------------------------------------------------
// Signing in and out.

/** What the audit log records for a sign-in whose "e-mail" could not be an address. */
export const NOT_AN_EMAIL_ADDRESS = "(not an e-mail address)";

/**
 * The typed e-mail as the audit log may keep it: an address as typed, so
 * staff can see who was tried, or a fixed placeholder for anything else,
 * which is most likely a password typed into the wrong box.
 */
function auditedEmail(typed: string): string {
  return isEmail(typed) ? typed : NOT_AN_EMAIL_ADDRESS;
}

export const LOGIN_MESSAGES = {
  missing: "Please enter both email and password.",
  invalid: "Invalid email or password.",
  failed: "An error occurred during login.",
} as const;

export type SignInResult =
  /** twoFactorRequired: the password was right; the headers carry the short-lived challenge cookie, not a session. */
  | { ok: true; user: SessionUser; headers: Headers; twoFactorRequired: boolean }
  | { ok: false; status: 400 | 401 | 429 | 500; title: string; message: string; retryAfterSeconds?: number };

export async function signIn(
  site: SiteAuth,
  input: { email: string; password: string; ip: string; request?: Request },
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  if (!email || !input.password) return { ok: false, status: 400, title: "Error", message: LOGIN_MESSAGES.missing };
  // Someone who types their password into the e-mail box has not typed an
  // address: the audit log keeps only what could be one (see auditedEmail).
  const actorEmail = auditedEmail(email);
  const audit = (action: string, detail?: Record<string, unknown>, actorId?: string) =>
    recordAudit(site.database, { action, actorEmail, actorId, ip: input.ip, detail });

  // A browser that signed in to this account before is not held by the
  // lock that strangers' failures put on it (trusted-device.server.ts).
  const secure = site.options.baseURL.startsWith("https://");
  const device = trustedDeviceId(site.options.secret, email, input.request?.headers.get("cookie"), secure);
  const attempt = await beginLoginAttempt(site.database, { email, ip: input.ip, device });
  if (!attempt.allowed) {
    // One entry per lock: a loop of refused requests must not flood the log.
    if (attempt.firstOfLock) await audit("sign-in.refused", { reason: "rate-limit", scope: attempt.scope });
    return {
      ok: false,
      status: 429,
      title: "Login Failed",
      message: lockoutMessage(attempt.retryAfterSeconds),
      retryAfterSeconds: attempt.retryAfterSeconds,
    };
  }
  try {
    const result = await (await site.load()).api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(input.request ?? new Headers(), input.ip),
      returnHeaders: true,
    });
    await finishLoginAttempt(site.database, attempt.attemptId, { succeeded: true, email, device });
    result.headers.append("Set-Cookie", rememberDevice(site.options.secret, email, input.request?.headers.get("cookie"), secure));
    const response = result.response as { user?: unknown; twoFactorRedirect?: boolean };
    if (response.twoFactorRedirect) {
      // The plugin withheld the session until the second factor is given.
      const ctx = await (await site.load()).$context;
      const found = await ctx.internalAdapter.findUserByEmail(email);
      if (!found) throw new Error("signed-in user vanished");
      const user = toSessionUser(found.user as never);
      await audit("sign-in.two-factor-required", undefined, user.id);
      return { ok: true, user, headers: result.headers, twoFactorRequired: true };
    }
    const user = toSessionUser(response.user as never);
    await audit("sign-in.success", undefined, user.id);
    return { ok: true, user, headers: result.headers, twoFactorRequired: false };
  } catch (error) {
    await finishLoginAttempt(site.database, attempt.attemptId, { succeeded: false, email, device });
    const { APIError } = await import("./auth-library.server");
    if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400)) {
      await audit("sign-in.failure");
      return { ok: false, status: 401, title: "Login Failed", message: LOGIN_MESSAGES.invalid };
    }
    logger.error({ err: error }, "sign-in failed unexpectedly");
    return { ok: false, status: 500, title: "Error", message: LOGIN_MESSAGES.failed };
  }
}

/** Ends the session server-side; returns the headers that clear its cookie. */
/**
 * Ends the request's session: its row is deleted here first, since the
 * library ignores a failed delete and clears the cookie anyway, which would
 * say "Logged Out" while a copy of the cookie still opened the admin area.
 * Null when the session could not be ended (the cookie is then kept, so
 * the person sees they are still signed in and can try again).
 */
export async function signOut(site: SiteAuth, request: Request, ip?: string): Promise<Headers | null> {
  const headers = authHeaders(request);
  let current: CurrentSession | null;
  try {
    // No renewal (a write that could fail and read as "no session"), and a failure to read is a failure, not "signed out".
    current = await getSession(site, request, { renew: false, throwOnError: true });
    if (current) await site.database.db.deleteFrom("sessions").where("id", "=", current.sessionId).execute();
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "sign-out failed: the session could not be ended");
    return null;
  }
  const result = await (await site.load()).api.signOut({ headers, returnHeaders: true }).catch(() => null);
  if (current) {
    await recordAudit(site.database, { action: "sign-out", actorId: current.user.id, actorEmail: current.user.email, ip }).catch((error: unknown) =>
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "sign-out done, but its audit entry could not be written"),
    );
  }
  return result?.headers ?? new Headers();
}

// ---------------------------------------------------------------------------
// Accounts.

export async function adminExists(database: Database): Promise<boolean> {
  const row = await database.db.selectFrom("users").select("id").where("role", "=", "admin").limit(1).executeTakeFirst();
  return Boolean(row);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AccountResult =
  | { ok: true; user: SessionUser; created: boolean }
  | { ok: false; status: 400 | 403 | 409; message: string; field?: "email" | "password" | "confirm" };

/**
 * The site's own words, which a password must not be built from: the
 * charity's name as Settings has it (the built-in one if it cannot be
 * read) and the site's host name.
 */
async function siteWords(site: SiteAuth): Promise<string[]> {
  const name = await getSetting(site.database, "charityName").catch(() => DEFAULT_SITE_SETTINGS.charityName);
  return [name, new URL(site.options.baseURL).hostname];
}

export async function validateAccount(site: SiteAuth, email: string, password: string): Promise<AccountResult | null> {
  if (!EMAIL.test(email) || email.length > 320) return { ok: false, status: 400, field: "email", message: "Enter a valid e-mail address." };
  const problem = await checkPassword(password, { email, siteWords: await siteWords(site) });
  if (problem) return { ok: false, status: 400, field: "password", message: problem };
  return null;
}

/**
 * Creates an account with its password: the user row and the credential
 * row in one transaction, so a failure or a restart between them cannot
 * leave a user without a password (whose invitation would then say "already
 * has an account", or a first admin nobody can sign in as). The password is
 * hashed first, outside the transaction. The library's createOAuthUser is
 * its one call that writes both rows together; the user's id is chosen here
 * because a password's account row is keyed by it (the library finds it by
 * that when changing the password).
 */
export async function insertUser(site: SiteAuth, email: string, password: string, role: Role): Promise<SessionUser> {
  const ctx = await (await site.load()).$context;
  const hash = await ctx.password.hash(password);
  const id = crypto.randomUUID();
  const user = { id, email, name: email.split("@")[0] ?? email, emailVerified: false, role };
  const created = await ctx.internalAdapter.createOAuthUser(user as Parameters<typeof ctx.internalAdapter.createOAuthUser>[0], {
    providerId: "credential",
    accountId: id,
    password: hash,
  });
  return toSessionUser(created.user as never);
}

/** The answer to 'Create Admin User' once an admin exists. */
export const ADMIN_EXISTS_MESSAGE = "An admin account already exists. Ask an admin to sign you in.";

const FIRST_ADMIN_CLAIM = "first-admin";
/** Longer than creating an account takes: a claim this old with still no admin was left by a creation that failed. */
const FIRST_ADMIN_CLAIM_STALE_MS = 60_000;

/**
 * 'Create Admin User': only while no admin exists, and only once. The
 * claim row's primary key decides a race between simultaneous requests.
 * A creation that fails gives its claim back; if even that fails (the
 * database went away), the claim is taken over once it is stale, so the
 * site is never left with no admin and no way to make one.
 */
export async function createFirstAdmin(
  site: SiteAuth,
  input: { email: string; password: string; ip?: string },
): Promise<AccountResult> {
  const refused: AccountResult = { ok: false, status: 403, message: ADMIN_EXISTS_MESSAGE };
  if (await adminExists(site.database)) return refused;
  const email = input.email.trim().toLowerCase();
  const invalid = await validateAccount(site, email, input.password);
  if (invalid) return invalid;
  const { db } = site.database;
  await db
    .deleteFrom("setup_claims")
    .where("name", "=", FIRST_ADMIN_CLAIM)
    .where("claimed_at", "<", new Date(Date.now() - FIRST_ADMIN_CLAIM_STALE_MS).toISOString())
    .execute();
  const claimed = await db
    .insertInto("setup_claims")
    .values({ name: FIRST_ADMIN_CLAIM, claimed_at: nowIso() })
    .onConflict((oc) => oc.column("name").doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return refused;
  try {
    const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) {
      await db.deleteFrom("setup_claims").where("name", "=", FIRST_ADMIN_CLAIM).execute();
      return { ok: false, status: 409, field: "email", message: "An account with this e-mail already exists. Use npm run admin:create to give it a new password." };
    }
    const user = await insertUser(site, email, input.password, "admin");
    await recordAudit(site.database, { action: "admin.created", actorId: user.id, actorEmail: email, ip: input.ip, detail: { via: "first-run" } });
    return { ok: true, user, created: true };
  } catch (error) {
    await db
      .deleteFrom("setup_claims")
      .where("name", "=", FIRST_ADMIN_CLAIM)
      .execute()
      .catch((releaseError: unknown) => logger.error({ err: releaseError instanceof Error ? releaseError.message : String(releaseError) }, "could not give back the first-admin claim; it goes stale in a minute"));
    throw error;
  }
}

/**
 * The operator's command (npm run admin:create): creates an admin, or gives
 * an existing account a new password and the admin role. Either way every
 * session of that account ends. With `resetTwoFactor` (--reset-two-factor)
 * it also switches off the account's two-factor sign-in, the way back for
 * the only admin who lost both their authenticator and backup codes (an
 * admin who still has a colleague asks them to reset it under Admin users).
 */
export async function createOrResetAdmin(site: SiteAuth, input: { email: string; password: string; resetTwoFactor?: boolean }): Promise<AccountResult> {
  const email = input.email.trim().toLowerCase();
  const invalid = await validateAccount(site, email, input.password);
  if (invalid) return invalid;
  const ctx = await (await site.load()).$context;
  const found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!found) {
    const user = await insertUser(site, email, input.password, "admin");
    await recordAudit(site.database, { action: "admin.created", actorId: user.id, actorEmail: email, detail: { via: "cli" } });
    return { ok: true, user, created: true };
  }
  const hash = await ctx.password.hash(input.password);
  const credential = found.accounts.find((a) => a.providerId === "credential");
  if (credential) await ctx.internalAdapter.updatePassword(found.user.id, hash);
  else await ctx.internalAdapter.linkAccount({ userId: found.user.id, providerId: "credential", accountId: found.user.id, password: hash });
  await site.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", found.user.id).execute();
  await ctx.internalAdapter.deleteUserSessions(found.user.id);
  await recordAudit(site.database, { action: "password.reset", actorId: found.user.id, actorEmail: email, detail: { via: "cli" } });
  if (input.resetTwoFactor) await resetTwoFactorFor(site.database, found.user.id, { id: found.user.id, email });
  return { ok: true, user: { ...toSessionUser(found.user as never), role: "admin" }, created: false };
}

/** For tests and tooling: an account without the admin role. */
export async function createMember(site: SiteAuth, input: { email: string; password: string }): Promise<SessionUser> {
  return insertUser(site, input.email.trim().toLowerCase(), input.password, "member");
}
