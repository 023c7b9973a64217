import { afterEach, expect, it, vi } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { secretOf, totp } from "../../../test/totp";
import { listAudit } from "#app/features/audit/audit.server";
import { createAuth, createOrResetAdmin, getSession, signIn, type CurrentSession, type SiteAuth } from "./auth.server";
import { confirmIdentity, needsReauth, REAUTH_MESSAGES, requireRecentAuth } from "./reauth.server";
import { beginTwoFactorSetup, confirmTwoFactorSetup } from "./two-factor.server";

/**
 * The password asked again before sensitive changes: when it is due, what
 * counts as giving it (the password, or a current authenticator code, which
 * is then spent), and that guesses here spend the sign-in budget.
 */

const PASSWORD = "kingfishers over the calder";
const options = { secret: "test-secret-test-secret-test-secret-0123", baseURL: "http://127.0.0.1:3999" };
const cookieFrom = (headers: Headers, previous = "") => {
  const jar = new Map(previous.split(/;\s*/).filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const set of headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    if (pair.endsWith("=")) jar.delete(pair.slice(0, -1));
    else jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
};
const requestWith = (cookie: string) => new Request("http://127.0.0.1:3999/admin/users", { method: "POST", headers: { cookie } });

afterEach(() => vi.useRealTimers());

describeEachEngine("confirming it is you", (getDb) => {
  let site: SiteAuth;
  const auth = () => (site ??= createAuth(getDb(), options));
  const signedIn = async (email: string, ip = "203.0.113.20") => {
    const result = await signIn(auth(), { email, password: PASSWORD, ip });
    if (!result.ok) throw new Error(result.message);
    const cookie = cookieFrom(result.headers);
    return { cookie, current: (await getSession(auth(), requestWith(cookie)))! };
  };
  const checkedAgo = (current: CurrentSession, minutes: number) =>
    getDb().db.updateTable("sessions").set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString(), password_checked_at: null }).where("id", "=", current.sessionId).execute();

  it("is due ten minutes after signing in, and not before", async () => {
    await createOrResetAdmin(auth(), { email: "chair@example.org", password: PASSWORD });
    const { current } = await signedIn("chair@example.org");
    expect(await needsReauth(getDb(), current)).toBe(false);
    await checkedAgo(current, 9);
    expect(await needsReauth(getDb(), current)).toBe(false);
    await checkedAgo(current, 10);
    expect(await needsReauth(getDb(), current)).toBe(true);
  });

  it("takes the password, and counts it from then on", async () => {
    const { cookie, current } = await signedIn("chair@example.org");
    await checkedAgo(current, 30);
    expect(await requireRecentAuth(auth(), requestWith(cookie), current, {}, "203.0.113.20", "a test")).toEqual({ ok: false, status: 403, message: REAUTH_MESSAGES.needed });
    expect(await confirmIdentity(auth(), requestWith(cookie), current, { password: PASSWORD }, "203.0.113.20", "a test")).toEqual({ ok: true });
    expect(await needsReauth(getDb(), current)).toBe(false);
    expect(await requireRecentAuth(auth(), requestWith(cookie), current, {}, "203.0.113.20", "a test")).toEqual({ ok: true });
    // A wrong password is refused even then, rather than ignored.
    expect(await requireRecentAuth(auth(), requestWith(cookie), current, { password: "not it at all, sorry" }, "203.0.113.20", "a test")).toEqual({
      ok: false,
      status: 400,
      message: REAUTH_MESSAGES.password,
    });
    const entries = (await listAudit(getDb(), { limit: 20, offset: 0 })).entries.filter((e) => e.actorEmail === "chair@example.org");
    expect(entries.map((e) => [e.action, e.detail?.during])).toEqual(expect.arrayContaining([["sign-in.confirmed", "a test"], ["sign-in.failure", "a test"]]));
  });

  it("takes a current code from the authenticator app instead, once", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await createOrResetAdmin(auth(), { email: "coder@example.org", password: PASSWORD });
    let { cookie, current } = await signedIn("coder@example.org");
    const begun = await beginTwoFactorSetup(auth(), requestWith(cookie), current, PASSWORD);
    if (!begun.ok) throw new Error(begun.message);
    const secret = secretOf(begun.setup.uri);
    const enrolled = await confirmTwoFactorSetup(auth(), requestWith(cookie), current, totp(secret, Date.now()));
    if (!enrolled.ok) throw new Error(enrolled.message);
    cookie = cookieFrom(enrolled.headers, cookie);
    current = (await getSession(auth(), requestWith(cookie)))!;

    vi.setSystemTime(Date.now() + 60_000);
    await checkedAgo(current, 30);
    const code = totp(secret, Date.now());
    expect(await confirmIdentity(auth(), requestWith(cookie), current, { code: "000000" === code ? "111111" : "000000" }, "203.0.113.21", "a test")).toMatchObject({
      ok: false,
      message: REAUTH_MESSAGES.code,
    });
    expect(await confirmIdentity(auth(), requestWith(cookie), current, { code }, "203.0.113.21", "a test")).toEqual({ ok: true });
    expect(await needsReauth(getDb(), current)).toBe(false);
    await checkedAgo(current, 30);
    expect(await confirmIdentity(auth(), requestWith(cookie), current, { code }, "203.0.113.21", "a test")).toMatchObject({ ok: false, message: REAUTH_MESSAGES.code });
    expect(await needsReauth(getDb(), current)).toBe(true);
  });

  it("spends the sign-in budget: after five wrong passwords even the right one waits", async () => {
    await createOrResetAdmin(auth(), { email: "guessed@example.org", password: PASSWORD });
    const { cookie, current } = await signedIn("guessed@example.org", "192.0.2.77");
    await checkedAgo(current, 30);
    for (let i = 0; i < 5; i++) {
      expect(await confirmIdentity(auth(), requestWith(cookie), current, { password: `guess number ${i} here` }, "192.0.2.77", "a test")).toMatchObject({ ok: false, status: 400 });
    }
    expect(await confirmIdentity(auth(), requestWith(cookie), current, { password: PASSWORD }, "192.0.2.77", "a test")).toMatchObject({ ok: false, status: 429 });
    expect(await needsReauth(getDb(), current)).toBe(true);
  });
});
