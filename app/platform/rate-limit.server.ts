import crypto from "node:crypto";
import type { Database } from "#app/platform/db/db.server";
import { toNum } from "#app/platform/db/db.server";
import { env, loadSecrets } from "./env.server";

/**
 * Sign-in throttling kept in the database, so every process behind a load
 * balancer shares the same counts (PostgreSQL) and a restart forgets
 * nothing. Each attempt is written before the password is checked and
 * counted together with its neighbours, so even simultaneous guesses on
 * several processes get no more than the budget between them.
 */
export const LOGIN_LIMITS = {
  /**
   * Failed sign-ins per account (e-mail) before it is locked… A browser
   * that signed in to the account before has the same budget of its own
   * and is not held by this lock (trusted-device.server.ts).
   */
  accountFailures: 5,
  /** …for this long after the failures began. */
  accountWindowMs: 10 * 60_000,
  /** Failed sign-ins per address, whichever accounts they try. */
  ipFailures: 20,
  ipWindowMs: 10 * 60_000,
} as const;

export type AttemptCheck =
  | { allowed: true; attemptId: string }
  | {
      allowed: false;
      retryAfterSeconds: number;
      scope: "account" | "device" | "ip";
      /**
       * True for the first refusal of this lock only: the one to write to the
       * audit log, so a loop of refused requests adds one entry, not one each.
       */
      firstOfLock: boolean;
    };

/**
 * Accounts are keyed by a hash so the table never stores a stranger's
 * e-mail: an HMAC keyed by the site's secret, not a plain hash, since what
 * was typed into the e-mail box is sometimes a password, and a plain hash of
 * a weak one is found in a lookup table. A remembered browser's attempts
 * are keyed by its token's id with the address.
 */
export function accountKey(email: string, device?: string | null): string {
  const secret = loadSecrets(env().DATA_DIR).authSecret;
  const subject = device ? `login-device:${device}:${email.trim().toLowerCase()}` : `login:${email.trim().toLowerCase()}`;
  return crypto.createHmac("sha256", secret).update(subject).digest("hex");
}

/**
 * One IPv6 host usually owns a whole /64, so it counts as one address;
 * IPv4 addresses count individually.
 */
export function ipKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (!address.includes(":")) return address || "unknown";
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Reserves one sign-in attempt, or says how long to wait. `device` is the
 * id of a genuine remembered-browser token for this account
 * (trustedDeviceId): the attempt then counts against that browser's budget
 * instead of the account's.
 */
export async function beginLoginAttempt(
  database: Database,
  input: { email: string; ip: string; device?: string | null; now?: number },
): Promise<AttemptCheck> {
  const now = input.now ?? Date.now();
  const account = accountKey(input.email, input.device);
  const ip = ipKey(input.ip);
  const attemptId = crypto.randomUUID();
  const { db } = database;

  // Old rows serve no limit any more.
  const horizon = iso(now - Math.max(LOGIN_LIMITS.accountWindowMs, LOGIN_LIMITS.ipWindowMs));
  await db.deleteFrom("login_attempts").where("created_at", "<", horizon).execute();

  await db.insertInto("login_attempts").values({ id: attemptId, account_key: account, ip, created_at: iso(now) }).execute();

  const windowStats = (column: "account_key" | "ip", value: string, windowMs: number) =>
    db
      .selectFrom("login_attempts")
      .select((eb) => [eb.fn.countAll().as("n"), eb.fn.min("created_at").as("oldest")])
      .where(column, "=", value)
      .where("created_at", ">", iso(now - windowMs))
      .executeTakeFirstOrThrow();
  const [byAccount, byIp] = await Promise.all([
    windowStats("account_key", account, LOGIN_LIMITS.accountWindowMs),
    windowStats("ip", ip, LOGIN_LIMITS.ipWindowMs),
  ]);

  const refuse = async (scope: "account" | "device" | "ip", key: string, oldest: string | null, windowMs: number): Promise<AttemptCheck> => {
    // A refused attempt checks no password, so it must not extend the lock.
    await db.deleteFrom("login_attempts").where("id", "=", attemptId).execute();
    const until = (oldest ? Date.parse(oldest) : now) + windowMs;
    return {
      allowed: false,
      scope,
      retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)),
      firstOfLock: await markLock(database, `${scope}\n${key}\n${oldest ?? ""}`, now),
    };
  };
  if (toNum(byAccount.n) > LOGIN_LIMITS.accountFailures) {
    return refuse(input.device ? "device" : "account", account, byAccount.oldest as string | null, LOGIN_LIMITS.accountWindowMs);
  }
  if (toNum(byIp.n) > LOGIN_LIMITS.ipFailures) return refuse("ip", ip, byIp.oldest as string | null, LOGIN_LIMITS.ipWindowMs);
  return { allowed: true, attemptId };
}

/**
 * Whether this is the first refusal of a lock, recorded so that every
 * process agrees. A lock is named by what it holds (the account, browser
 * or address) and by its oldest counted failure, which stays the same
 * until the lock ends: refused attempts add no rows, and the next failure
 * once the oldest has expired starts a new lock with a new name. The mark
 * is a row whose primary key is that name, inserted at most once, with
 * keys no account or address has (not even an unknown address, "") so that
 * no limit counts it; it outlives the lock (it is written after the lock's
 * failures) and goes with them.
 */
const LOCK_MARK = "lock-mark";
async function markLock(database: Database, lock: string, now: number): Promise<boolean> {
  const id = `lock:${crypto.createHash("sha256").update(lock).digest("hex")}`;
  const inserted = await database.db
    .insertInto("login_attempts")
    .values({ id, account_key: LOCK_MARK, ip: LOCK_MARK, created_at: iso(now) })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Settles an attempt: a failure stays counted; a success forgets it and the
 * earlier failures it was counted with: the account's, or a remembered
 * browser's own (then the failures from elsewhere, most likely a
 * stranger's, still count). The address's failures still count.
 */
export async function finishLoginAttempt(
  database: Database,
  attemptId: string,
  outcome: { succeeded: boolean; email: string; device?: string | null },
): Promise<void> {
  if (!outcome.succeeded) return;
  await database.db
    .deleteFrom("login_attempts")
    .where((eb) => eb.or([eb("id", "=", attemptId), eb("account_key", "=", accountKey(outcome.email, outcome.device))]))
    .execute();
}

/**
 * How a refusal reads to the person signing in (also sent as Retry-After),
 * or, with `what`, to someone asked for their password again.
 */
export function lockoutMessage(retryAfterSeconds: number, what = "sign-in attempts"): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
