import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { failWrites } from "../../../test/failing-writes";
import { listAudit } from "#app/features/audit/audit.server";
import {
  adminExists,
  checkStaff,
  collectAuthCookies,
  createAuth,
  createFirstAdmin,
  createMember,
  createOrResetAdmin,
  getSession,
  signIn,
  signOut,
  type SiteAuth,
} from "./auth.server";
import { beginLoginAttempt, LOGIN_LIMITS } from "#app/platform/rate-limit.server";

const PASSWORD = "canal boats at dawn";
const options = { secret: "test-secret-test-secret-test-secret-0123", baseURL: "http://127.0.0.1:3999" };

/** The Cookie header a browser would send back after these Set-Cookie headers. */
function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function requestWith(cookie: string, path = "/admin/media", method = "GET"): Request {
  return new Request(`http://127.0.0.1:3999${path}`, { method, headers: { cookie } });
}

describeEachEngine("auth", (getDb) => {
  let site: SiteAuth;
  const auth = () => (site ??= createAuth(getDb(), options));

  it("creates the first admin once and never again, even racing itself", async () => {
    expect(await adminExists(getDb())).toBe(false);
    const [a, b] = await Promise.all([
      createFirstAdmin(auth(), { email: "Chair@Example.org", password: PASSWORD, ip: "203.0.113.5" }),
      createFirstAdmin(auth(), { email: "Racer@Example.org", password: PASSWORD, ip: "198.51.100.9" }),
    ]);
    const results = [a, b];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, status: 403 });
    expect(await adminExists(getDb())).toBe(true);

    const again = await createFirstAdmin(auth(), { email: "later@example.org", password: "yet another passphrase" });
    expect(again).toMatchObject({ ok: false, status: 403 });
    const users = await getDb().db.selectFrom("users").select(["email", "role"]).execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.role).toBe("admin");
  });

  it("refuses weak passwords when creating an admin, changing nothing", async () => {
    const db = getDb();
    const fresh = createAuth(db, options);
    const weak = await createOrResetAdmin(fresh, { email: "weak@example.org", password: "password1234" });
    expect(weak).toMatchObject({ ok: false, field: "password" });
    const short = await createOrResetAdmin(fresh, { email: "weak@example.org", password: "short" });
    expect(short).toMatchObject({ ok: false, message: "Password must be at least 12 characters long." });
    expect(await db.db.selectFrom("users").select("id").where("email", "=", "weak@example.org").executeTakeFirst()).toBeUndefined();
  });

  it("signs in with the right password and gives the same answer for a wrong password or an unknown e-mail", async () => {
    // Whichever request won the race above is the admin.
    const chair = (await getDb().db.selectFrom("users").select("email").where("role", "=", "admin").executeTakeFirstOrThrow()).email;
    expect(["chair@example.org", "racer@example.org"]).toContain(chair);
    const ok = await signIn(auth(), { email: chair.toUpperCase(), password: PASSWORD, ip: "203.0.113.5" });
    expect(ok).toMatchObject({ ok: true, user: { email: chair, role: "admin" } });
    const wrong = await signIn(auth(), { email: chair, password: "not the password at all", ip: "203.0.113.6" });
    const unknown = await signIn(auth(), { email: "nobody@example.org", password: "not the password at all", ip: "203.0.113.6" });
    expect(wrong).toEqual(unknown);
    expect(wrong).toEqual({ ok: false, status: 401, title: "Login Failed", message: "Invalid email or password." });
    expect(await signIn(auth(), { email: " ", password: "", ip: "203.0.113.6" })).toMatchObject({
      status: 400,
      message: "Please enter both email and password.",
    });
  });

  it("locks an account after five failures: the sixth rapid attempt gets 429, even with the right password", async () => {
    await createOrResetAdmin(auth(), { email: "locked@example.org", password: PASSWORD });
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      const r = await signIn(auth(), { email: "locked@example.org", password: `wrong guess number ${i}`, ip: `192.0.2.${i + 1}` });
      expect(r).toMatchObject({ ok: false, status: 401 });
    }
    const sixth = await signIn(auth(), { email: "locked@example.org", password: PASSWORD, ip: "192.0.2.99" });
    expect(sixth).toMatchObject({ ok: false, status: 429, message: "Too many sign-in attempts. Please wait 10 minutes and try again." });
    // An unknown e-mail locks the same way, so the lock reveals nothing.
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      await signIn(auth(), { email: "ghost@example.org", password: `wrong guess number ${i}`, ip: `192.0.2.${i + 1}` });
    }
    expect(await signIn(auth(), { email: "ghost@example.org", password: "x".repeat(14), ip: "192.0.2.99" })).toMatchObject({ status: 429 });
  });

  it("a browser that signed in before is not locked out by strangers' failures, and its own failures lock only itself", async () => {
    await createOrResetAdmin(auth(), { email: "owner@example.org", password: PASSWORD });
    await createOrResetAdmin(auth(), { email: "colleague@example.org", password: PASSWORD });
    const browser = (cookie = "") => new Request("http://127.0.0.1:3999/login", { method: "POST", headers: cookie ? { cookie } : {} });
    const signInFrom = (email: string, password: string, ip: string, cookie = "") => signIn(auth(), { email, password, ip, request: browser(cookie) });
    const remembered = async (email: string, ip: string) => {
      const result = await signInFrom(email, PASSWORD, ip);
      if (!result.ok) throw new Error(result.message);
      const setCookie = result.headers.getSetCookie().find((c) => c.startsWith("site.device="));
      expect(setCookie).toMatch(/; HttpOnly; SameSite=Strict$/);
      return setCookie!.split(";")[0]!;
    };
    const office = await remembered("owner@example.org", "203.0.113.20");
    const laptop = await remembered("owner@example.org", "203.0.113.30");
    const colleaguesDesk = await remembered("colleague@example.org", "203.0.113.40");

    // A stranger who knows the address locks it for every browser it was not used on…
    const strangerLocks = async (email: string) => {
      for (let i = 0; i <= LOGIN_LIMITS.accountFailures; i++) await signInFrom(email, `stranger guess ${i}`, `198.51.100.${i + 1}`);
    };
    await strangerLocks("owner@example.org");
    expect(await signInFrom("owner@example.org", PASSWORD, "203.0.113.21")).toMatchObject({ ok: false, status: 429 });
    // …but not for the browsers its owner signed in with before.
    expect(await signInFrom("owner@example.org", PASSWORD, "203.0.113.20", office)).toMatchObject({ ok: true, user: { email: "owner@example.org" } });
    // That success does not forgive the stranger's failures.
    expect(await signInFrom("owner@example.org", PASSWORD, "203.0.113.21")).toMatchObject({ status: 429 });

    // An altered token, or one for another account, is no token.
    const altered = office.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect(await signInFrom("owner@example.org", PASSWORD, "203.0.113.20", altered)).toMatchObject({ status: 429 });
    expect(await signInFrom("owner@example.org", PASSWORD, "203.0.113.40", colleaguesDesk)).toMatchObject({ status: 429 });

    // A remembered browser has a budget of its own: its failures lock it, not the account's other browsers.
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      expect(await signInFrom("owner@example.org", `typo ${i}`, "203.0.113.20", office)).toMatchObject({ status: 401 });
    }
    expect(await signInFrom("owner@example.org", PASSWORD, "203.0.113.20", office)).toMatchObject({ ok: false, status: 429 });
    expect(await signInFrom("owner@example.org", PASSWORD, "203.0.113.30", laptop)).toMatchObject({ ok: true });
  });

  it("limits failures per address across accounts", async () => {
    const db = getDb();
    const now = Date.now();
    for (let i = 0; i < LOGIN_LIMITS.ipFailures; i++) {
      const r = await beginLoginAttempt(db, { email: `spray${i}@example.org`, ip: "2001:db8:1:2::17", now });
      expect(r.allowed).toBe(true);
    }
    // Another address in the same /64 is the same host.
    const refused = await beginLoginAttempt(db, { email: "spray-last@example.org", ip: "2001:db8:1:2:aaaa::1", now });
    expect(refused).toMatchObject({ allowed: false, scope: "ip" });
    expect(await beginLoginAttempt(db, { email: "spray-last@example.org", ip: "2001:db8:9::1", now })).toMatchObject({ allowed: true });
    // Failures older than the window no longer count.
    expect(
      await beginLoginAttempt(db, { email: "spray-last@example.org", ip: "2001:db8:1:2::17", now: now + LOGIN_LIMITS.ipWindowMs + 1000 }),
    ).toMatchObject({ allowed: true });
  });

  it("writes one audit entry per lock, however many sign-ins it refuses", async () => {
    await createOrResetAdmin(auth(), { email: "flooded@example.org", password: PASSWORD });
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      expect(await signIn(auth(), { email: "flooded@example.org", password: `wrong guess number ${i}`, ip: "192.0.2.60" })).toMatchObject({ status: 401 });
    }
    for (let i = 0; i < 30; i++) {
      expect(await signIn(auth(), { email: "flooded@example.org", password: PASSWORD, ip: `192.0.2.${61 + (i % 3)}` })).toMatchObject({ status: 429 });
    }
    const rows = await getDb().db.selectFrom("audit_log").select(["action", "ip", "detail"]).where("actor_email", "=", "flooded@example.org").execute();
    expect(rows.filter((r) => r.action === "sign-in.failure")).toHaveLength(LOGIN_LIMITS.accountFailures);
    const refusals = rows.filter((r) => r.action === "sign-in.refused");
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ ip: "192.0.2.61" });
    expect(JSON.parse(refusals[0]!.detail!)).toEqual({ reason: "rate-limit", scope: "account" });
  });

  it("tells only the first refusal of each lock to write it down; a lock after the window is a new one", async () => {
    const db = getDb();
    const start = Date.now();
    const attempt = (email: string, ip: string, now: number) => beginLoginAttempt(db, { email, ip, now });
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) expect(await attempt("windows@example.org", "192.0.2.70", start)).toMatchObject({ allowed: true });
    expect(await attempt("windows@example.org", "192.0.2.71", start + 1000)).toMatchObject({ allowed: false, scope: "account", firstOfLock: true });
    for (let i = 0; i < 5; i++) expect(await attempt("windows@example.org", "192.0.2.71", start + 2000 + i)).toMatchObject({ allowed: false, firstOfLock: false });
    // Once the failures have aged out the account is open again; failing all over again locks it anew.
    const later = start + LOGIN_LIMITS.accountWindowMs + 1000;
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) expect(await attempt("windows@example.org", "192.0.2.72", later)).toMatchObject({ allowed: true });
    expect(await attempt("windows@example.org", "192.0.2.72", later + 1000)).toMatchObject({ allowed: false, firstOfLock: true });
    expect(await attempt("windows@example.org", "192.0.2.72", later + 2000)).toMatchObject({ allowed: false, firstOfLock: false });

    // The address's own lock likewise.
    for (let i = 0; i < LOGIN_LIMITS.ipFailures; i++) expect(await attempt(`sprayer${i}@example.org`, "2001:db8:7::1", later)).toMatchObject({ allowed: true });
    expect(await attempt("sprayer-next@example.org", "2001:db8:7::2", later + 1000)).toMatchObject({ allowed: false, scope: "ip", firstOfLock: true });
    expect(await attempt("sprayer-last@example.org", "2001:db8:7::3", later + 2000)).toMatchObject({ allowed: false, scope: "ip", firstOfLock: false });
  });

  it("over https names every cookie __Host- (Secure, Path=/, no Domain), and reads the session back", async () => {
    const secure = createAuth(getDb(), { ...options, baseURL: "https://charity.example" });
    await createOrResetAdmin(secure, { email: "secure@example.org", password: PASSWORD });
    const result = await signIn(secure, { email: "secure@example.org", password: PASSWORD, ip: "203.0.113.8" });
    if (!result.ok) throw new Error(result.message);
    const setCookies = result.headers.getSetCookie();
    expect(setCookies.find((c) => c.includes("session_token="))).toMatch(/^__Host-site\.session_token=/);
    for (const setCookie of setCookies) {
      expect(setCookie).toMatch(/^__Host-/);
      expect(setCookie).toMatch(/;\s*Secure/i);
      expect(setCookie).toMatch(/;\s*Path=\/(;|$)/i);
      expect(setCookie).not.toMatch(/Domain=/i);
    }
    const cookie = cookieFrom(result.headers);
    const request = new Request("https://charity.example/admin", { headers: { cookie } });
    expect((await getSession(secure, request))?.user.email).toBe("secure@example.org");
    // The same token under another name (without the prefix, or with the weaker __Secure-) is not the session cookie over https.
    for (const renamed of [cookie.replace("__Host-", ""), cookie.replace("__Host-", "__Secure-")]) {
      expect(await getSession(secure, new Request("https://charity.example/admin", { headers: { cookie: renamed } }))).toBeNull();
    }
  });

  it("ends the session server-side on sign-out: the old token no longer works", async () => {
    await createOrResetAdmin(auth(), { email: "treasurer@example.org", password: PASSWORD });
    const result = await signIn(auth(), { email: "treasurer@example.org", password: PASSWORD, ip: "203.0.113.7" });
    if (!result.ok) throw new Error(result.message);
    const cookie = cookieFrom(result.headers);
    expect(result.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
    expect(result.headers.getSetCookie().join("\n")).toMatch(/SameSite=Lax/i);

    const current = await getSession(auth(), requestWith(cookie));
    expect(current?.user).toMatchObject({ email: "treasurer@example.org", role: "admin" });
    expect(checkStaff(requestWith(cookie), current).user.email).toBe("treasurer@example.org");

    await signOut(auth(), requestWith(cookie, "/logout", "POST"), "203.0.113.7");
    expect(await getSession(auth(), requestWith(cookie))).toBeNull();
    const sessions = await getDb().db.selectFrom("sessions").select("id").where("user_id", "=", current!.user.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it("does not say a session ended when its row could not be deleted, and ends it once the database can", async () => {
    const result = await signIn(auth(), { email: "treasurer@example.org", password: PASSWORD, ip: "203.0.113.7" });
    if (!result.ok) throw new Error(result.message);
    const cookie = cookieFrom(result.headers);
    // Last renewed two hours ago: reading it would also renew it, another write that fails.
    const db = getDb().db;
    const session = await db.selectFrom("sessions").selectAll().where("user_id", "=", result.user.id).orderBy("created_at", "desc").executeTakeFirstOrThrow();
    const earlier = new Date(new Date(session.expires_at).getTime() - 2 * 3600_000);
    await db.updateTable("sessions").set({ expires_at: getDb().engine === "postgres" ? earlier : earlier.toISOString() } as never).where("id", "=", session.id).execute();
    await failWrites(getDb(), "sessions", true, ["update", "delete"]);
    try {
      expect(await signOut(auth(), requestWith(cookie, "/logout", "POST"), "203.0.113.7")).toBeNull();
    } finally {
      await failWrites(getDb(), "sessions", false);
    }
    // Still signed in: a copy of the cookie would still open the admin area, so nobody is told otherwise.
    expect((await getSession(auth(), requestWith(cookie)))?.user.email).toBe("treasurer@example.org");
    expect(await signOut(auth(), requestWith(cookie, "/logout", "POST"), "203.0.113.7")).toBeInstanceOf(Headers);
    expect(await getSession(auth(), requestWith(cookie))).toBeNull();
  });

  it("slides an active session forward and renews its cookie", async () => {
    const result = await signIn(auth(), { email: "treasurer@example.org", password: PASSWORD, ip: "203.0.113.7" });
    if (!result.ok) throw new Error(result.message);
    const cookie = cookieFrom(result.headers);
    const db = getDb().db;
    const session = await db.selectFrom("sessions").selectAll().where("user_id", "=", result.user.id).executeTakeFirstOrThrow();
    // Pretend it was last renewed two hours ago.
    const earlier = new Date(new Date(session.expires_at).getTime() - 2 * 3600_000);
    await db
      .updateTable("sessions")
      .set({ expires_at: getDb().engine === "postgres" ? earlier : earlier.toISOString() })
      .where("id", "=", session.id)
      .execute();
    const { result: current, cookies } = await collectAuthCookies(() => getSession(auth(), requestWith(cookie)));
    expect(current?.user.email).toBe("treasurer@example.org");
    expect(cookies.join("\n")).toMatch(/session_token=/);
    const renewed = await db.selectFrom("sessions").select("expires_at").where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(new Date(renewed.expires_at).getTime()).toBeGreaterThan(earlier.getTime() + 3600_000);
  });

  it("an expired session is no session", async () => {
    const result = await signIn(auth(), { email: "treasurer@example.org", password: PASSWORD, ip: "203.0.113.7" });
    if (!result.ok) throw new Error(result.message);
    const past = new Date(Date.now() - 1000);
    await getDb()
      .db.updateTable("sessions")
      .set({ expires_at: getDb().engine === "postgres" ? past : past.toISOString() })
      .where("user_id", "=", result.user.id)
      .execute();
    expect(await getSession(auth(), requestWith(cookieFrom(result.headers)))).toBeNull();
  });

  it("keeps a signed-in member without the admin role out, and sends the anonymous to sign in", async () => {
    await createMember(auth(), { email: "volunteer@example.org", password: PASSWORD });
    const result = await signIn(auth(), { email: "volunteer@example.org", password: PASSWORD, ip: "203.0.113.8" });
    if (!result.ok) throw new Error(result.message);
    const request = requestWith(cookieFrom(result.headers));
    const current = await getSession(auth(), request);
    expect(current?.user.role).toBe("member");
    const denied = catchThrown(() => checkStaff(request, current));
    expect(denied.status).toBe(403);

    const anonymous = catchThrown(() => checkStaff(requestWith("", "/admin/media?page=2"), null));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/media?page=2")}`);
    expect(catchThrown(() => checkStaff(requestWith("", "/admin/media", "POST"), null)).status).toBe(401);
  });

  it("the operator command resets a password, grants the admin role and ends old sessions", async () => {
    const before = await signIn(auth(), { email: "volunteer@example.org", password: PASSWORD, ip: "203.0.113.9" });
    if (!before.ok) throw new Error(before.message);
    const reset = await createOrResetAdmin(auth(), { email: "volunteer@example.org", password: "a brand new passphrase" });
    expect(reset).toMatchObject({ ok: true, created: false, user: { role: "admin" } });
    expect(await getSession(auth(), requestWith(cookieFrom(before.headers)))).toBeNull();
    expect(await signIn(auth(), { email: "volunteer@example.org", password: PASSWORD, ip: "203.0.113.9" })).toMatchObject({ status: 401 });
    expect(await signIn(auth(), { email: "volunteer@example.org", password: "a brand new passphrase", ip: "203.0.113.9" })).toMatchObject({ ok: true });
  });

  it("records a failed or refused sign-in's e-mail only when it is an address: a password typed into the e-mail box is not kept", async () => {
    const typedPassword = "Harbour Lights 1987!";
    const ips = Array.from({ length: LOGIN_LIMITS.accountFailures + 1 }, (_, i) => `198.51.100.${i + 101}`);
    for (const ip of ips.slice(0, -1)) {
      expect(await signIn(auth(), { email: typedPassword, password: "whatever was in the other box", ip })).toMatchObject({ ok: false, status: 401 });
    }
    // The same text again, now locked out: refused before the password is checked, and audited as well.
    expect(await signIn(auth(), { email: typedPassword, password: "whatever was in the other box", ip: ips.at(-1)! })).toMatchObject({ ok: false, status: 429 });
    expect(await signIn(auth(), { email: "Someone.Else@Example.org", password: "not the password at all", ip: "198.51.100.120" })).toMatchObject({ status: 401 });

    const rows = await getDb().db.selectFrom("audit_log").selectAll().where("ip", "in", [...ips, "198.51.100.120"]).execute();
    const recorded = rows.map((r) => [r.action, r.actor_email, r.ip]).sort((a, b) => String(a[2]).localeCompare(String(b[2])));
    expect(recorded).toEqual([
      ...ips.slice(0, -1).map((ip) => ["sign-in.failure", "(not an e-mail address)", ip]),
      ["sign-in.refused", "(not an e-mail address)", ips.at(-1)],
      ["sign-in.failure", "someone.else@example.org", "198.51.100.120"],
    ]);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(typedPassword.toLowerCase());
    // The lock counter keys it by a keyed hash: not the text, nor a plain hash a lookup table would reverse.
    const plainHash = createHash("sha256").update(`login:${typedPassword.toLowerCase()}`).digest("hex");
    const keys = (await getDb().db.selectFrom("login_attempts").select("account_key").where("ip", "in", ips).execute()).map((r) => r.account_key);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).not.toBe(plainHash);
    expect(keys[0]!.toLowerCase()).not.toContain(typedPassword.toLowerCase());
  });

  it("records sign-ins, failures with their address, sign-outs, admin creation and resets", async () => {
    const { entries, total } = await listAudit(getDb(), { limit: 500, offset: 0 });
    expect(total).toBe(entries.length);
    const actions = new Set(entries.map((e) => e.action));
    for (const action of ["admin.created", "sign-in.success", "sign-in.failure", "sign-in.refused", "sign-out", "password.reset"]) {
      expect(actions, action).toContain(action);
    }
    const failure = entries.find((e) => e.action === "sign-in.failure");
    expect(failure?.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const page = await listAudit(getDb(), { limit: 2, offset: 1 });
    expect(page.entries.map((e) => e.id)).toEqual(entries.slice(1, 3).map((e) => e.id));
  });
});

function catchThrown(fn: () => unknown): Response {
  try {
    fn();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // React Router's data() throws a DataWithResponseInit.
    const init = (thrown as { init?: ResponseInit }).init;
    if (init) return new Response(null, init);
    throw thrown;
  }
  throw new Error("expected a throw");
}

describe("cookie helper", () => {
  it("joins name=value pairs", () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "a=1; Path=/; HttpOnly");
    headers.append("Set-Cookie", "b=2; Path=/");
    expect(cookieFrom(headers)).toBe("a=1; b=2");
  });
});
