import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { cookiesOf, serveWithFirstAdmin } from "../../../test/site-process";
import { buildRoutes, type RouteInfo } from "../../../test/admin-routes";
import { REGISTRATION_DAY, VALID_REGISTRATION } from "../../../test/registration-fixture";
import { createAuth, insertUser } from "#app/features/accounts/auth.server";
import { can, CAPABILITY_WORDS, type Capability, type StaffRole } from "#app/features/accounts/roles";
import { submitRegistration } from "#app/features/registrations/registrations.server";

/**
 * The permission table (app/features/accounts/roles.ts) enforced on every
 * admin route of the production build, over HTTP, on each engine: each
 * route's loader and action are tried as an Admin, an Editor and a
 * Safeguarding account. A refused request is a 403 that says in words what
 * the account may not do, and an audit entry; an allowed one is never 403.
 * The routes come from the build's route table, so a route added without
 * an entry in NEEDS below fails the first test, and one whose guard asks
 * for the wrong capability (or none) fails the second.
 */

/** What each route needs; "staff": any staff role (the shell, which protects nothing on its own). */
const NEEDS: Record<string, Capability | "staff"> = {
  "routes/admin/admin": "staff",
  "routes/admin/admin._index": "pages",
  "routes/admin/admin.content": "pages",
  "routes/admin/admin.navigation": "pages",
  "routes/admin/admin.page-images": "pages",
  "routes/admin/admin.serving-humanity": "pages",
  "routes/admin/admin_.preview": "pages",
  "routes/resources/admin.pages.$id.compare": "pages",
  "routes/admin/admin.media": "media",
  "routes/admin/admin.events": "events",
  "routes/admin/admin.youtube": "videos",
  "routes/admin/admin.reviews": "reviews",
  "routes/admin/admin.newsletter": "newsletter",
  "routes/admin/admin.volunteers": "volunteer-roles",
  "routes/admin/admin.volunteers_.roles.$id": "volunteer-roles",
  "routes/admin/admin.volunteers_.applications.$id": "volunteer-applications",
  "routes/admin/admin.messages": "messages",
  "routes/admin/admin.registrations": "registrations",
  "routes/admin/admin.registrations_.$id": "registrations",
  "routes/resources/admin.registrations[.]csv": "registrations",
  "routes/resources/admin.newsletter-subscribers[.]csv": "subscribers",
  "routes/admin/admin.outbox": "outbox",
  "routes/admin/admin.outbox_.$id": "outbox",
  "routes/admin/admin.audit": "audit",
  "routes/admin/admin.bin": "bin",
  "routes/admin/admin.settings": "settings",
  "routes/admin/admin.settings_.mail": "settings",
  "routes/admin/admin.users": "users",
  "routes/resources/api.media.complete": "media",
  "routes/resources/api.media.images": "media",
  "routes/resources/api.media.quick-upload": "media",
  "routes/resources/api.media.status": "media",
};

const ADMIN = { email: "chair@example.org", password: "herons over the calder" };
const EDITOR = { email: "writer@example.org", password: "bunting on the piece hall" };
const SAFEGUARDING = { email: "lead@example.org", password: "conkers in the people's park" };
const FAKE_ID = "00000000-0000-4000-8000-000000000000";

/** The page's text with the entities React writes for quotes undone. */
const text = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describeEachEngine("staff roles over HTTP", (getDb) => {
  let registrationId = "";
  const served = serveWithFirstAdmin(getDb, ADMIN, async () => {
    const site = createAuth(getDb(), { secret: "unused-here-0123456789-0123456789", baseURL: "http://127.0.0.1" });
    await insertUser(site, EDITOR.email, EDITOR.password, "editor");
    await insertUser(site, SAFEGUARDING.email, SAFEGUARDING.password, "safeguarding");
    const stored = await submitRegistration(getDb(), { values: { ...VALID_REGISTRATION, childName: "Ruby Canal" }, honeypot: false, ip: "198.51.100.20", now: REGISTRATION_DAY });
    if (stored.status !== "stored") throw new Error("registration not stored");
    registrationId = stored.id;
  });

  const signIn = async (account: { email: string; password: string }) => {
    const response = await fetch(`${served.site.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: served.site.url },
      body: new URLSearchParams({ intent: "sign-in", ...account, redirectTo: "/admin" }),
    });
    expect(response.status, account.email).toBe(302);
    return cookiesOf(response);
  };
  const get = (path: string, cookie: string) => fetch(`${served.site.url}${path}`, { redirect: "manual", headers: { cookie } });
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    fetch(`${served.site.url}${path}`, { method: "POST", redirect: "manual", headers: { cookie, Origin: served.site.url }, body: new URLSearchParams(fields) });
  const refusals = async () =>
    (await getDb().db.selectFrom("audit_log").select(["actor_email", "detail"]).where("action", "=", "access.refused").orderBy("created_at").execute()).map((r) => ({
      email: r.actor_email,
      detail: JSON.parse(r.detail ?? "{}") as { capability: string; role: string; method: string; path: string },
    }));

  const staffRoutes = (): RouteInfo[] => buildRoutes((p) => p === "/admin" || p.startsWith("/admin/") || p.startsWith("/api/media/"));

  it("knows what every admin route of the build needs", () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(27);
    for (const route of routes) expect(NEEDS, `${route.id}: add it to NEEDS and give its loader and action requireStaff(request, …)`).toHaveProperty([route.id]);
  });

  it("enforces the permission table on every admin route's loader and action, refusing in words and in the audit log", async () => {
    const cookies: Record<StaffRole, string> = { admin: served.cookie, editor: await signIn(EDITOR), safeguarding: await signIn(SAFEGUARDING) };
    for (const route of staffRoutes()) {
      const needs = NEEDS[route.id]!;
      for (const role of ["admin", "editor", "safeguarding"] as const) {
        const allowed = needs === "staff" || can(role, needs);
        const label = `${role} ${route.id}`;
        const requests: Array<[string, () => Promise<Response>]> = [];
        // The dashboard's bare address sends a role without pages to its own area (tested below); a page's address asks.
        const query = route.id === "routes/admin/admin._index" ? "?page=about" : "";
        if (route.hasLoader) {
          requests.push(["GET", () => get(`${route.path}${query}`, cookies[role])]);
          if (route.path.startsWith("/admin") && !route.path.endsWith(".csv")) {
            requests.push(["GET .data", () => get(`${route.path === "/admin" ? "/admin.data" : `${route.path}.data`}${query}`, cookies[role])]);
          }
        }
        if (route.hasAction) requests.push(["POST", () => post(`${route.path}${route.index ? "?index" : ""}`, cookies[role], { intent: "delete", id: FAKE_ID })]);
        for (const [how, send] of requests) {
          const before = (await refusals()).length;
          const response = await send();
          const body = text(await response.text());
          const after = await refusals();
          if (allowed) {
            expect(response.status, `${label} ${how}`).not.toBe(403);
            expect(response.status, `${label} ${how}`).not.toBe(401);
            expect(after.length, `${label} ${how} audited a refusal`).toBe(before);
            continue;
          }
          expect(response.status, `${label} ${how}`).toBe(403);
          const words = CAPABILITY_WORDS[needs as Capability];
          if (how !== "GET .data") {
            expect(body, `${label} ${how}`).toContain(`may not ${words}`);
            expect(body, `${label} ${how}`).toContain("ask one of the site's Admins");
          }
          expect(body, `${label} ${how}`).not.toContain("Ruby Canal");
          expect(after.length, `${label} ${how} audited`).toBe(before + 1);
          expect(after.at(-1), `${label} ${how} audited`).toMatchObject({ detail: { capability: needs, role, method: how === "POST" ? "POST" : "GET" } });
        }
      }
    }
  }, 240_000);

  it("refuses an Editor registrations, users, settings, the audit log and both exports, with a 403 page in words, each audited", async () => {
    const cookie = await signIn(EDITOR);
    const before = (await refusals()).length;
    for (const [path, words] of [
      ["/admin/registrations", "see or export children's registrations"],
      [`/admin/registrations/${registrationId}`, "see or export children's registrations"],
      ["/admin/users", "manage admin accounts"],
      ["/admin/settings", "change the site's settings"],
      ["/admin/audit", "read the audit log"],
    ] as const) {
      const page = await get(path, cookie);
      expect(page.status, path).toBe(403);
      const body = text(await page.text());
      expect(body, path).toContain("Not allowed");
      expect(body, path).toContain(`Your account (Editor) may not ${words}.`);
      expect(body, path).not.toContain("Ruby Canal");
    }
    for (const [path, words] of [
      ["/admin/registrations.csv", "see or export children's registrations"],
      ["/admin/newsletter-subscribers.csv", "see or export newsletter subscribers"],
    ] as const) {
      for (const response of [await get(path, cookie), await post(path, cookie, { password: EDITOR.password })]) {
        expect(response.status, path).toBe(403);
        expect(response.headers.get("content-type"), path).not.toMatch(/csv/);
        expect(await response.text(), path).toBe(`Your account (Editor) may not ${words}. If your work needs it, ask one of the site's Admins to change your role.`);
      }
    }
    const logged = (await refusals()).slice(before);
    expect(logged).toHaveLength(9);
    expect(logged.every((r) => r.email === EDITOR.email && r.detail.role === "editor")).toBe(true);
    expect(logged.map((r) => r.detail.path)).toContain("/admin/registrations.csv");
    // An Editor still edits pages.
    expect((await get("/admin", cookie)).status).toBe(200);
  });

  it("lets Safeguarding open a registration and export them, and nothing else", async () => {
    const cookie = await signIn(SAFEGUARDING);
    // The dashboard's address takes it to its own first area.
    const landing = await get("/admin", cookie);
    expect([landing.status, landing.headers.get("location")]).toEqual([302, "/admin/registrations"]);
    const list = await get("/admin/registrations", cookie);
    expect(list.status).toBe(200);
    const listed = text(await list.text());
    expect(listed).toContain("Ruby Canal");
    // Its navigation names only what it may open.
    expect(listed).toContain('href="/admin/registrations"');
    for (const other of ["/admin/content", "/admin/media", "/admin/settings", "/admin/users", "/admin/audit", "/admin/outbox", "/admin/messages", "/admin/volunteers"]) {
      expect(listed, other).not.toContain(`href="${other}"`);
    }
    const one = await get(`/admin/registrations/${registrationId}`, cookie);
    expect(one.status).toBe(200);
    expect(text(await one.text())).toContain("Ruby Canal");
    const exported = await post("/admin/registrations.csv", cookie, { password: SAFEGUARDING.password });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(await exported.text()).toContain("Ruby Canal");

    for (const [path, words] of [
      ["/admin?page=about", "edit the website's pages"],
      ["/admin/content", "edit the website's pages"],
      ["/admin/settings", "change the site's settings"],
      ["/admin/users", "manage admin accounts"],
    ] as const) {
      const page = await get(path, cookie);
      expect(page.status, path).toBe(403);
      expect(text(await page.text()), path).toContain(`Your account (Safeguarding) may not ${words}.`);
    }
    const save = await post("/admin/settings", cookie, { charityName: "Taken over" });
    expect(save.status).toBe(403);
  });
});
