import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, cookieOf, postToAction as post, releaseSite, ROUTE_TEST_ORIGIN, type RouteAction } from "../../../test/route-actions";
import { failWrites } from "../../../test/failing-writes";

/**
 * The sign-in page's 'Create Admin User', the invitation page and the
 * two-factor set-up page, by calling their route actions as React Router
 * does, on each database engine: an account is made whole or not at all,
 * so trying again after a database failure works; 'Create Admin User' is
 * refused with 403 once an admin exists, whatever the form holds; a
 * hand-made step-2 form is refused instead of crashing the page; the
 * password step spends the sign-in budget.
 */

const ORIGIN = ROUTE_TEST_ORIGIN;
const ADMIN = { email: "chair@example.org", password: "first light over the moor" };

/** The route modules and the site's own modules, reading their configuration afresh for this engine's database. */
async function siteOn(db: TestDatabase) {
  configureSiteFor(db);
  return {
    login: await import("./login"),
    invite: await import("./invite.$token"),
    setup: await import("./two-factor.setup"),
    auth: await import("#app/features/accounts/auth.server"),
    invitations: await import("#app/features/accounts/invitations.server"),
    database: await import("#app/platform/db/db.server"),
  };
}

describeEachEngine("the sign-in, invitation and two-factor set-up forms", (getDb) => {
  let site: Awaited<ReturnType<typeof siteOn>>;
  beforeAll(async () => {
    site = await siteOn(getDb());
  });
  afterAll(() => releaseSite(site));

  const users = async () => (await getDb().db.selectFrom("users").select("email").orderBy("email").execute()).map((u) => u.email);
  const createAdmin = (fields: Partial<Record<"email" | "password" | "confirm", string>> = {}) =>
    post(site.login.action as RouteAction, "/login", { intent: "create-admin", email: ADMIN.email, password: ADMIN.password, confirm: ADMIN.password, ...fields });
  const signIn = (email: string, password: string, ip = "203.0.113.5") =>
    post(site.login.action as RouteAction, "/login", { intent: "sign-in", email, password, redirectTo: "/admin" }, { ip });

  it("'Create Admin User' that fails storing the password makes no account, and trying again works", async () => {
    await failWrites(getDb(), "accounts", true, ["insert"]);
    try {
      const failed = await createAdmin();
      expect(failed.status).toBe(500);
      expect(failed.body).toMatchObject({ title: "Error", message: "An unexpected error occurred", email: ADMIN.email });
    } finally {
      await failWrites(getDb(), "accounts", false);
    }
    expect(await users()).toEqual([]);
    expect(await getDb().db.selectFrom("setup_claims").selectAll().execute()).toEqual([]);

    const again = await createAdmin();
    expect([again.status, again.location]).toEqual([302, "/login?redirectTo=%2Fadmin"]);
    const signedIn = await signIn(ADMIN.email, ADMIN.password);
    expect([signedIn.status, signedIn.location]).toEqual([302, "/admin"]);
  });

  it("once an admin exists, 'Create Admin User' is refused with 403 whatever the form holds", async () => {
    const refused = { title: "Creation Failed", message: "An admin account already exists. Ask an admin to sign you in." };
    const mismatched = await createAdmin({ email: "someone@example.org", password: "one passphrase here", confirm: "another passphrase" });
    expect(mismatched.status).toBe(403);
    expect(mismatched.body).toMatchObject(refused);
    const weak = await createAdmin({ email: "someone@example.org", password: "short", confirm: "short" });
    expect([weak.status, weak.body?.message]).toEqual([403, refused.message]);
    expect(await users()).toEqual([ADMIN.email]);
  });

  it("an invitation accepted while storing the password fails makes no account, and the same link then works", async () => {
    const chair = (await site.auth.getOptionalUser(new Request(`${ORIGIN}/admin`, { headers: { cookie: cookieOf((await signIn(ADMIN.email, ADMIN.password)).headers) } })))!;
    const invited = await site.invitations.createInvitation(getDb(), { role: "admin", email: "treasurer@example.org", invitedBy: chair });
    if (!invited.ok) throw new Error(invited.message);
    const token = invited.link.split("/invite/")[1]!;
    const PASSWORD = "ledgers in the lamplight";
    const accept = () => post(site.invite.action as RouteAction, `/invite/${token}`, { password: PASSWORD, confirm: PASSWORD }, { params: { token } });

    await failWrites(getDb(), "accounts", true, ["insert"]);
    try {
      await expect(accept()).rejects.toThrow();
    } finally {
      await failWrites(getDb(), "accounts", false);
    }
    expect(await users()).toEqual([ADMIN.email]);

    const again = await accept();
    expect(again.body).toBeNull();
    expect([again.status, again.location]).toEqual([302, "/login?redirectTo=%2Fadmin"]);
    const signedIn = await signIn("treasurer@example.org", PASSWORD);
    expect([signedIn.status, signedIn.location]).toEqual([302, "/admin"]);
  });

  it("two-factor set-up: a hand-made step 2 whose shown secret or codes are not text is refused with 400, not a crashed page", async () => {
    const cookie = cookieOf((await signIn(ADMIN.email, ADMIN.password)).headers);
    const setup = (fields: Record<string, string>) =>
      post(site.setup.action as RouteAction, "/two-factor/setup", { redirectTo: "/admin/users", ...fields }, { cookie });
    const begun = await setup({ intent: "begin", password: ADMIN.password });
    expect(begun.status).toBe(200);
    const shown = begun.body!.setup as { uri: string; secret: string; backupCodes: string[] };
    expect(shown.backupCodes).toHaveLength(10);

    const handMade = [
      { uri: "a", secret: "b", backupCodes: [{}] },
      { uri: "a", secret: "b", backupCodes: [1, 2] },
      { uri: { toString: "x" }, secret: "b", backupCodes: [] },
      { uri: "a", secret: ["b"], backupCodes: [] },
      { uri: "a", secret: "b", backupCodes: "ABCDE-FGHIJ" },
      null,
      "text",
    ];
    for (const value of handMade) {
      const answer = await setup({ intent: "confirm", shown: JSON.stringify(value), code: "000000" });
      expect(answer.status, JSON.stringify(value)).toBe(400);
      expect(answer.body, JSON.stringify(value)).toEqual({ step: "password", message: "Please start again." });
    }
    expect((await setup({ intent: "confirm", shown: "{not json", code: "000000" })).body).toEqual({ step: "password", message: "Please start again." });

    // What the page itself sent comes back with a wrong code, to be shown again.
    const wrongCode = await setup({ intent: "confirm", shown: JSON.stringify(shown), code: "000000" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({ step: "verify", setup: shown, message: "That code is not right. Check the time on your phone and try the newest code." });
  });

  it("two-factor set-up: the password step spends the sign-in budget, and is refused with 429 and Retry-After once it is spent", async () => {
    const cookie = cookieOf((await signIn(ADMIN.email, ADMIN.password, "198.51.100.7")).headers);
    const begin = (password: string) =>
      post(site.setup.action as RouteAction, "/two-factor/setup", { intent: "begin", redirectTo: "/admin/users", password }, { cookie, ip: "198.51.100.7" });
    for (let i = 0; i < 5; i++) {
      expect((await begin(`wrong guess number ${i}`)).body).toEqual({ step: "password", message: "That password is not right." });
    }
    const refused = await begin(ADMIN.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ step: "password", message: "Too many password attempts. Please wait 10 minutes and try again." });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(590);
  });
});
