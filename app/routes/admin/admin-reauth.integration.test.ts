import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, postToAction, releaseSite, type RouteAction } from "../../../test/route-actions";

/**
 * A stolen session cookie (a laptop left signed in, a cookie lifted from a
 * shared computer) must not be enough to take the admin area over or carry
 * personal data away. Inviting someone, changing a role, removing an admin, resetting someone's
 * two-factor sign-in, switching the rule that every admin needs it, and
 * exporting registrations or newsletter subscribers ask for the password
 * again once the session's last password check is older than ten minutes:
 * without it nothing changes and nothing is exported; with it, they work.
 */

const ADMIN = { email: "chair@example.org", password: "first light over the moor" };
const ELEVEN_MINUTES_AGO = () => new Date(Date.now() - 11 * 60_000).toISOString();

describeEachEngine("sensitive admin actions ask for the password again", (getDb) => {
  let route: {
    users: RouteAction;
    registrationsCsv: RouteAction;
    subscribersCsv: RouteAction;
    login: RouteAction;
    confirm: RouteAction;
    database: { closeDatabase(): Promise<void> };
  };
  let cookie = "";
  let deputyId = "";
  beforeAll(async () => {
    configureSiteFor(getDb());
    route = {
      users: (await import("./admin.users")).action as RouteAction,
      registrationsCsv: (await import("../resources/admin.registrations[.]csv")).action as RouteAction,
      subscribersCsv: (await import("../resources/admin.newsletter-subscribers[.]csv")).action as RouteAction,
      login: (await import("../auth/login")).action as RouteAction,
      confirm: (await import("../auth/confirm-password")).action as RouteAction,
      database: await import("#app/platform/db/db.server"),
    };
    cookie = await firstAdminCookie(route.login, ADMIN);
    const auth = await import("#app/features/accounts/auth.server");
    const deputy = await auth.createOrResetAdmin(await auth.getAuth(), { email: "deputy@example.org", password: "swifts above the mill" });
    if (!deputy.ok) throw new Error(deputy.message);
    deputyId = deputy.user.id;
    // Both have two-factor sign-in on, as far as the screens are concerned: the chair may then require it, and reset the deputy's.
    await getDb().db.updateTable("users").set({ two_factor_enabled: 1 }).execute();
  });
  afterAll(() => releaseSite(route));

  /** The session as a thief would hold it: its sign-in, the last password check, eleven minutes ago. */
  const goStale = () => getDb().db.updateTable("sessions").set({ created_at: ELEVEN_MINUTES_AGO(), password_checked_at: null }).execute();
  const users = (fields: Record<string, string>) => postToAction(route.users, "/admin/users", fields, { cookie });
  const state = async () => ({
    invitations: (await getDb().db.selectFrom("invitations").select("email").execute()).map((r) => r.email),
    deputy: await getDb().db.selectFrom("users").select(["email", "role", "two_factor_enabled"]).where("id", "=", deputyId).executeTakeFirst(),
    rule: (await getDb().db.selectFrom("account_policy").select("require_two_factor").executeTakeFirst())?.require_two_factor ?? null,
    exports: (await getDb().db.selectFrom("audit_log").select("action").where("action", "like", "%exported%").execute()).length,
  });
  const SENSITIVE: Array<[string, () => Record<string, string>]> = [
    ["invite", () => ({ intent: "invite", email: "new.admin@example.org", role: "admin" })],
    ["reset-two-factor", () => ({ intent: "reset-two-factor", id: deputyId })],
    ["require-two-factor", () => ({ intent: "require-two-factor", required: "on" })],
    ["change-role", () => ({ intent: "change-role", id: deputyId, role: "editor" })],
    ["remove-account", () => ({ intent: "remove-account", id: deputyId })],
  ];

  it("refuses every sensitive action to a session whose password check is over ten minutes old, changing nothing", async () => {
    await goStale();
    const before = await state();
    for (const [intent, fields] of SENSITIVE) {
      const answer = await users(fields());
      expect(answer.status, intent).toBe(403);
      expect(answer.body, intent).toMatchObject({ intent, message: expect.stringMatching(/confirm it is you/i), reauth: true });
    }
    for (const [name, action, path] of [
      ["registrations", route.registrationsCsv, "/admin/registrations.csv"],
      ["subscribers", route.subscribersCsv, "/admin/newsletter-subscribers.csv"],
    ] as const) {
      const answer = await postToAction(action, path, { q: "", status: "" }, { cookie });
      // No file: the admin is sent to confirm it is them, and comes back to the page the export is on.
      expect(answer.status, name).toBe(303);
      expect(answer.location, name).toMatch(/^\/confirm-password\?redirectTo=%2Fadmin%2F/);
      expect(answer.headers.get("content-type") ?? "", name).not.toMatch(/csv/);
    }
    expect(await state()).toEqual(before);
    expect(before).toMatchObject({ invitations: [], deputy: { email: "deputy@example.org", role: "admin" }, exports: 0 });
  });

  it("refuses a wrong password with words, writes it to the audit log, and changes nothing", async () => {
    await goStale();
    const before = await state();
    const answer = await users({ intent: "invite", email: "new.admin@example.org", password: "not the password at all" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ intent: "invite", message: "That password is not right.", reauth: true });
    expect(await state()).toEqual(before);
    const failure = await getDb().db.selectFrom("audit_log").select(["action", "actor_email", "detail"]).where("action", "=", "sign-in.failure").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(failure.actor_email).toBe(ADMIN.email);
    expect(JSON.parse(failure.detail ?? "{}")).toMatchObject({ during: "inviting someone to the admin area" });
  });

  it("does each of them with the password, and for ten minutes after without it", async () => {
    for (const [intent, fields] of SENSITIVE) {
      await goStale();
      const answer = await users({ ...fields(), password: ADMIN.password });
      expect([answer.status, answer.body], intent).toEqual([302, null]);
    }
    const after = await state();
    expect(after.invitations).toEqual(["new.admin@example.org"]);
    expect(after.deputy).toBeUndefined();
    const changed = await getDb().db.selectFrom("audit_log").select("detail").where("action", "=", "account.role-changed").executeTakeFirstOrThrow();
    expect(JSON.parse(changed.detail ?? "{}")).toEqual({ of: "deputy@example.org", from: "admin", to: "editor" });
    expect(Number(after.rule)).toBe(1);

    await goStale();
    const registrations = await postToAction(route.registrationsCsv, "/admin/registrations.csv", { password: ADMIN.password }, { cookie });
    expect(registrations.status).toBe(200);
    expect(registrations.headers.get("content-type")).toMatch(/^text\/csv/);
    // The password just given counts for ten minutes: the next export needs none.
    const subscribers = await postToAction(route.subscribersCsv, "/admin/newsletter-subscribers.csv", { q: "", status: "" }, { cookie });
    expect(subscribers.status).toBe(200);
    expect((await state()).exports).toBe(2);
  });

  it("confirms once for the page, then lets the action through without the password", async () => {
    await goStale();
    const confirmed = await users({ intent: "confirm-identity", password: ADMIN.password });
    expect(confirmed.status).toBe(302);
    const invite = await users({ intent: "invite", email: "second.admin@example.org", role: "editor" });
    expect(invite.status).toBe(302);
    expect((await state()).invitations).toContain("second.admin@example.org");
  });

  it("sends an export to the confirmation page and back: a wrong password is refused there, the right one returns to the list", async () => {
    await goStale();
    const sent = await postToAction(route.subscribersCsv, "/admin/newsletter-subscribers.csv", { q: "reader", status: "confirmed" }, { cookie });
    const page = new URL(sent.location!, "http://site.invalid");
    expect(page.pathname).toBe("/confirm-password");
    const back = page.searchParams.get("redirectTo")!;
    expect(back).toBe("/admin/newsletter?q=reader&status=confirmed#subscribers");

    const wrong = await postToAction(route.confirm, "/confirm-password", { password: "not the password at all", redirectTo: back }, { cookie });
    expect([wrong.status, wrong.body]).toEqual([400, { message: "That password is not right.", with: "password" }]);
    const right = await postToAction(route.confirm, "/confirm-password", { password: ADMIN.password, redirectTo: back }, { cookie });
    expect([right.status, right.location]).toEqual([302, back]);
    // Back there, the export needs no password now.
    expect((await postToAction(route.subscribersCsv, "/admin/newsletter-subscribers.csv", { q: "reader", status: "confirmed" }, { cookie })).status).toBe(200);

    // The way back is a path on this site, whatever the form says.
    const elsewhere = await postToAction(route.confirm, "/confirm-password", { password: ADMIN.password, redirectTo: "/.//evil.example" }, { cookie });
    expect(elsewhere.location).toBe("/admin");
    // Nobody without a session gets anywhere.
    expect((await postToAction(route.confirm, "/confirm-password", { password: ADMIN.password, redirectTo: back })).status).toBe(401);
  });
});
