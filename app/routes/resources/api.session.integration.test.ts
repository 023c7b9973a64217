import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { createFirstAdmin, ensureProductionBuild, type SiteProcess, startSiteProcess, stopSiteProcesses } from "../../../test/site-process";
import { SESSION_IDLE_SECONDS } from "#app/lib/auth.server";

/**
 * GET /api/session, which the dashboard asks before every save: whether
 * this browser can still save and when its session ends. Asking must not
 * keep the session alive (only what the person does may renew it), over
 * HTTP against the production build, on each database engine.
 */

const ADMIN = { email: "session-check@example.org", password: "the clock on the piece hall" };
const HOUR = 3_600_000;

describeEachEngine("the admin session check", (getDb) => {
  let site: SiteProcess;
  let cookie = "";

  beforeAll(async () => {
    ensureProductionBuild();
    site = await startSiteProcess({ DATA_DIR: getDb().dataDir, DATABASE_URL: getDb().url });
    cookie = await createFirstAdmin(site, ADMIN);
  }, 240_000);

  afterAll(async () => {
    await stopSiteProcesses(site);
  });

  const check = async (withCookie: string) => {
    const response = await fetch(`${site.url}/api/session`, { headers: withCookie ? { cookie: withCookie } : {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    return (await response.json()) as { admin: boolean; endsAt: string | null };
  };
  const storedEnd = async () => {
    const row = await getDb().db.selectFrom("sessions").select("expires_at").executeTakeFirstOrThrow();
    return new Date(row.expires_at).getTime();
  };

  it("says an admin can save, and until when", async () => {
    const state = await check(cookie);
    expect(state.admin).toBe(true);
    expect(Math.abs(new Date(state.endsAt!).getTime() - (Date.now() + SESSION_IDLE_SECONDS * 1000))).toBeLessThan(60_000);
  });

  it("says nobody can save without a session, or with a forged one", async () => {
    expect(await check("")).toEqual({ admin: false, endsAt: null });
    expect(await check("site.session_token=forged.signature")).toEqual({ admin: false, endsAt: null });
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

    const state = await check(cookie);
    expect(state.admin).toBe(true);
    expect(new Date(state.endsAt!).getTime()).toBe(twoHoursLeft.getTime());
    expect(await storedEnd()).toBe(twoHoursLeft.getTime());

    const dashboard = await fetch(`${site.url}/admin`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    expect(await storedEnd()).toBeGreaterThan(Date.now() + (SESSION_IDLE_SECONDS * 1000 - 60_000));
  });
});
