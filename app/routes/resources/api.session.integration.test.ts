import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { serveWithFirstAdmin } from "../../../test/site-process";
import { sql } from "kysely";
import { setRequireTwoFactor } from "#app/features/accounts/two-factor-policy.server";
import { SESSION_IDLE_SECONDS } from "#app/features/accounts/session-policy";

/**
 * GET /api/session, which the dashboard asks before every save: whether
 * this browser can still save and when its session ends. Asking must not
 * keep the session alive (only what the person does may renew it), over
 * HTTP against the production build, on each database engine.
 */

const ADMIN = { email: "session-check@example.org", password: "the clock on the piece hall" };
const HOUR = 3_600_000;

describeEachEngine("the admin session check", (getDb) => {
  const served = serveWithFirstAdmin(getDb, ADMIN);

  const check = async (withCookie: string) => {
    const response = await fetch(`${served.site.url}/api/session`, { headers: withCookie ? { cookie: withCookie } : {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    return (await response.json()) as { admin: boolean; endsAt: string | null; reason?: string; now: string };
  };
  const storedEnd = async () => {
    const row = await getDb().db.selectFrom("sessions").select("expires_at").executeTakeFirstOrThrow();
    return new Date(row.expires_at).getTime();
  };

  it("says an admin can save, and until when by the server's clock", async () => {
    const state = await check(served.cookie);
    expect(state.admin).toBe(true);
    expect(Math.abs(new Date(state.now).getTime() - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(new Date(state.endsAt!).getTime() - (Date.now() + SESSION_IDLE_SECONDS * 1000))).toBeLessThan(60_000);
  });

  it("says nobody can save without a session, or with a forged one", async () => {
    expect(await check("")).toMatchObject({ admin: false, reason: "signed-out", endsAt: null });
    expect(await check("site.session_token=forged.signature")).toMatchObject({ admin: false, reason: "signed-out", endsAt: null });
  });

  it("says a save would be refused once two-factor sign-in is required of an admin without it, as requireAdmin does", async () => {
    const { db } = getDb();
    const admin = await db.selectFrom("users").select(["id", "email"]).executeTakeFirstOrThrow();
    await setRequireTwoFactor(getDb(), true, admin);
    try {
      expect(await check(served.cookie)).toMatchObject({ admin: false, reason: "two-factor", endsAt: null });
      const save = await fetch(`${served.site.url}/admin/settings`, { method: "POST", redirect: "manual", headers: { cookie: served.cookie, Origin: served.site.url }, body: new URLSearchParams({ intent: "save" }) });
      expect(save.status).toBe(403);
    } finally {
      await setRequireTwoFactor(getDb(), false, admin);
    }
    expect((await check(served.cookie)).admin).toBe(true);
  });

  it("answers 503, not signed out, when the sessions cannot be read", async () => {
    const { db } = getDb();
    await sql`alter table sessions rename to sessions_away`.execute(db);
    try {
      const response = await fetch(`${served.site.url}/api/session`, { headers: { cookie: served.cookie } });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ unknown: true });
    } finally {
      await sql`alter table sessions_away rename to sessions`.execute(db);
    }
    expect((await check(served.cookie)).admin).toBe(true);
  });

  it("does not renew a session that is due for renewal; using the dashboard does", async () => {
    // Last renewed long enough ago that any use would renew it: two hours left of twelve.
    const { db } = getDb();
    const twoHoursLeft = new Date(Date.now() + 2 * HOUR);
    const current = await db.selectFrom("sessions").select("expires_at").executeTakeFirstOrThrow();
    await db
      .updateTable("sessions")
      .set({ expires_at: typeof current.expires_at === "string" ? twoHoursLeft.toISOString() : twoHoursLeft })
      .execute();

    const state = await check(served.cookie);
    expect(state.admin).toBe(true);
    expect(new Date(state.endsAt!).getTime()).toBe(twoHoursLeft.getTime());
    expect(await storedEnd()).toBe(twoHoursLeft.getTime());

    const dashboard = await fetch(`${served.site.url}/admin`, { headers: { cookie: served.cookie } });
    expect(dashboard.status).toBe(200);
    expect(await storedEnd()).toBeGreaterThan(Date.now() + (SESSION_IDLE_SECONDS * 1000 - 60_000));
  });
});
