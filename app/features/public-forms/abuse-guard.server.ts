import crypto from "node:crypto";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { env, loadSecrets } from "#app/platform/env.server";
import { ipKey } from "#app/platform/rate-limit.server";

/**
 * Protection for public forms (newsletter, volunteer applications,
 * questions): a honeypot field that people never see but form-filling bots
 * do, and a per-address rate limit kept in the database so it holds across
 * several processes. Addresses are stored only as keyed hashes.
 */

/** The honeypot's field name: plausible enough that bots fill it in. */
export const HONEYPOT_FIELD = "website";

/** True when the hidden field was filled in: answer as if it worked, and do nothing. */
export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** The client's address as the server entry put it in the load context (see server/http.ts). */
export function clientIpFrom(context: unknown): string {
  const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip : "unknown";
}

function keyHash(form: string, key: string): string {
  const secret = loadSecrets(env().DATA_DIR).authSecret;
  return crypto.createHmac("sha256", secret).update(`${form}\0${key}`).digest("base64url");
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until another attempt is allowed, when refused. */
  retryAfter: number;
}

/**
 * Counts this attempt against the client's address and says whether it is
 * within `limit` attempts per `windowMs`. Refused attempts are not counted,
 * so waiting out the window always works. An IPv6 address counts by its
 * /64, as sign-in does (ipKey): one connection usually owns a whole /64, so
 * counting each address would let it send without limit.
 */
export async function checkRateLimit(
  database: Database,
  { form, ip, limit, windowMs }: { form: string; ip: string; limit: number; windowMs: number },
): Promise<RateLimitResult> {
  const hash = keyHash(form, ipKey(ip));
  const since = new Date(Date.now() - windowMs).toISOString();
  const recent = await database.db
    .selectFrom("form_attempts")
    .select(["created_at"])
    .where("form", "=", form)
    .where("key_hash", "=", hash)
    .where("created_at", ">=", since)
    .orderBy("created_at", "asc")
    .limit(limit)
    .execute();
  if (recent.length >= limit) {
    const oldest = Date.parse(recent[0]!.created_at);
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((oldest + windowMs - Date.now()) / 1000)) };
  }
  await database.db.insertInto("form_attempts").values({ id: crypto.randomUUID(), form, key_hash: hash, created_at: nowIso() }).execute();
  // Old attempts are only evidence for the current window; drop them now and then.
  if (Math.random() < 0.05) {
    await database.db.deleteFrom("form_attempts").where("created_at", "<", new Date(Date.now() - 24 * 3600_000).toISOString()).execute();
  }
  return { allowed: true, retryAfter: 0 };
}

/** How many attempts the client's address made within the window (for tests and the admin view). */
export async function countAttempts(database: Database, form: string, ip: string, windowMs: number): Promise<number> {
  const row = await database.db
    .selectFrom("form_attempts")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("form", "=", form)
    .where("key_hash", "=", keyHash(form, ipKey(ip)))
    .where("created_at", ">=", new Date(Date.now() - windowMs).toISOString())
    .executeTakeFirst();
  return toNum(row?.n);
}
