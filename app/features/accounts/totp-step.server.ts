import crypto from "node:crypto";
import type { Database } from "#app/platform/db/db.server";
import type { SiteAuth } from "./auth.server";

/**
 * Authenticator codes are single-use. The auth library accepts a code for
 * its 30-second step and one step either side (a phone's clock may drift),
 * and keeps no record of codes already used, so the same six digits could
 * sign in again and again for up to a minute and a half: whoever saw them
 * over a shoulder, on a screen share or in a proxy's log, and knew the
 * password, was in. Before the library checks a code, the site works out
 * which step it belongs to and claims that step for the account with one
 * conditional UPDATE; a code at or before the last claimed step is refused.
 * The library still does the checking that counts (the pending sign-in, the
 * wrong-code limits); this only says "already used".
 */

/** The library's settings: RFC 6238 defaults, which every authenticator app uses. */
const PERIOD_MS = 30_000;
const DIGITS = 6;
/** Steps either side of now that the library accepts. */
const WINDOW = 1;

/** RFC 4226 HOTP, keyed the way the library keys it: by the secret's UTF-8 bytes. */
function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac("sha1", Buffer.from(secret, "utf8")).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The time step a code belongs to, among those the library would accept now; null when it is not a current code. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / PERIOD_MS);
  let found: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = Buffer.from(hotp(secret, step));
    const given = Buffer.from(code.padEnd(DIGITS, " ").slice(0, DIGITS));
    // Every step is compared, in constant time, so timing says nothing about which matched.
    if (crypto.timingSafeEqual(expected, given) && code.length === DIGITS) found = step;
  }
  return found;
}

/** The account's TOTP secret in the clear, or null when it has none. */
async function secretOf(site: SiteAuth, userId: string): Promise<string | null> {
  const row = await site.database.db.selectFrom("two_factors").select("secret").where("user_id", "=", userId).executeTakeFirst();
  if (!row) return null;
  const { symmetricDecrypt } = await import("./auth-library.server");
  const ctx = await (await site.load()).$context;
  return symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
}

/**
 * Marks a step as used for the account, if no later or equal one was used
 * before. One statement, so of two requests racing with the same code only
 * one can succeed, on every process.
 */
async function claimStep(database: Database, userId: string, step: number): Promise<boolean> {
  const result = await database.db
    .updateTable("two_factors")
    .set({ last_totp_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_totp_step", "is", null), eb("last_totp_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) === 1;
}

/**
 * What a code from the app means for this account right now. `claimed`: a
 * current code not used before, now spent. `used`: a current code, but its
 * step (or a later one) was already used: refuse it as a wrong code.
 * `not-current`: not a code for now at all, for the library to refuse and
 * count as the wrong code it is.
 */
export async function spendTotpCode(site: SiteAuth, userId: string, code: string): Promise<"claimed" | "used" | "not-current"> {
  const secret = await secretOf(site, userId);
  if (!secret) return "not-current";
  const step = stepOfCode(secret, code);
  if (step === null) return "not-current";
  return (await claimStep(site.database, userId, step)) ? "claimed" : "used";
}

/**
 * The account a pending two-factor sign-in belongs to: the password step
 * left a signed cookie naming a short-lived record that holds the user's
 * id. Read here only to know whose code it is; the library checks the
 * cookie again (and uses it up) when it accepts the code. Null when there
 * is no valid pending sign-in, which the library then answers itself.
 */
export async function pendingSignInUserId(site: SiteAuth, request: Request): Promise<string | null> {
  const ctx = await (await site.load()).$context;
  const name = ctx.createAuthCookie("two_factor").name;
  const raw = cookieValue(request.headers.get("cookie") ?? "", name);
  if (!raw) return null;
  let signedValue: string;
  try {
    signedValue = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const [value, signature] = [signedValue.slice(0, dot), signedValue.slice(dot + 1)];
  const expected = crypto.createHmac("sha256", ctx.secret).update(value).digest("base64");
  if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
  const record = await ctx.internalAdapter.findVerificationValue(value);
  if (!record || new Date(record.expiresAt).getTime() <= Date.now()) return null;
  return record.value;
}

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return null;
}
