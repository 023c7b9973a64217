import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { cookiesOf, ensureProductionBuild, type SiteProcess, startTwoSiteProcesses, stopSiteProcesses } from "../../../test/site-process";
import { buildRoutes, type RouteInfo } from "../../../test/admin-routes";
import { createAuth, createMember } from "#app/features/accounts/auth.server";
import { LOGIN_LIMITS } from "#app/platform/rate-limit.server";

/**
 * The admin area's protections, checked over HTTP against the production
 * build (built first when missing or stale), on each database engine, with
 * two server processes sharing the database as they would behind a load
 * balancer. Every route under /admin in the build's route table is tried
 * as an anonymous visitor and as a signed-in member without the admin role.
 */

const ADMIN = { email: "chair@example.org", password: "canal boats at dawn" };
const MEMBER = { email: "helper@example.org", password: "kettles on the landing" };
// Admin-only data that must never reach anyone else: the admin's address
// (shown in the dashboard header and the audit log).
const CANARY = ADMIN.email;

/** Every route of the build whose URL is under /admin, with a URL to request it. */
const adminRoutes = (): RouteInfo[] => buildRoutes();

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

describeEachEngine("admin access over HTTP", (getDb) => {
  let a: SiteProcess;
  let b: SiteProcess;
  let routes: RouteInfo[];

  beforeAll(async () => {
    ensureProductionBuild();
    routes = adminRoutes();
    // Every request here comes from this machine's one address, hundreds of them anonymous: the per-address
    // flood limits (server/rate-limit.integration.test.ts tests them) would answer 429 before access control.
    [a, b] = await startTwoSiteProcesses(getDb(), { REQUEST_LIMITS: "off" });
  }, 240_000);

  afterAll(async () => {
    // Wait for both to exit so the test database can be dropped cleanly.
    await stopSiteProcesses(a, b);
  });

  const post = (server: SiteProcess, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: "POST", body: form(fields), redirect: "manual", headers: { Origin: server.url, ...headers } });
  const get = (server: SiteProcess, path: string, cookie = "") =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const signIn = (server: SiteProcess, email: string, password: string, ip?: string) =>
    post(server, "/login", { intent: "sign-in", email, password, redirectTo: "/admin" }, ip ? { "X-Forwarded-For": ip } : {});
  const userCount = async () => (await getDb().db.selectFrom("users").select("id").execute()).length;

  it("finds the dashboard and its ten tabs in the route table", () => {
    const paths = routes.map((r) => r.path);
    for (const tab of ["/admin", "/admin/content", "/admin/media", "/admin/reviews", "/admin/newsletter", "/admin/youtube", "/admin/events", "/admin/volunteers", "/admin/serving-humanity", "/admin/page-images"]) {
      expect(paths).toContain(tab);
    }
  });

  it("lets the first admin be created once, and never again, however the request is forged", async () => {
    const first = await post(a, "/login", { intent: "create-admin", email: ADMIN.email, password: ADMIN.password, confirm: ADMIN.password });
    expect(first.status).toBe(302);
    expect(await userCount()).toBe(1);

    // A second attempt, on the other process, with extra fields and headers a forger might try.
    const forged = await post(
      b,
      "/login",
      { intent: "create-admin", email: "intruder@example.org", password: "intruder passphrase", confirm: "intruder passphrase", role: "admin", adminExists: "false" },
      { "X-Forwarded-For": "127.0.0.1", Referer: `${b.url}/login` },
    );
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("An admin account already exists.");
    // The auth library's own endpoints are not exposed at all.
    const direct = await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: a.url },
      body: JSON.stringify({ email: "intruder@example.org", password: "intruder passphrase", name: "x", role: "admin" }),
    });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(await userCount()).toBe(1);
    // The button is gone.
    expect(await (await get(a, "/login")).text()).not.toContain("Create Admin User");
  });

  it("refuses a write from another site", async () => {
    const response = await post(a, "/login", { intent: "sign-in", ...ADMIN }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("answers a wrong password and an unknown e-mail identically", async () => {
    const normalise = (html: string, email: string) => html.replaceAll(email, "EMAIL").replace(/nonce(=|-)["']?[A-Za-z0-9+/=]+/g, "nonce");
    const wrong = await signIn(a, ADMIN.email, "not the password at all", "198.51.100.1");
    const unknown = await signIn(a, "nobody@example.org", "not the password at all", "198.51.100.1");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [w, u] = [await wrong.text(), await unknown.text()];
    expect(w).toContain("Invalid email or password.");
    expect(normalise(w, ADMIN.email)).toBe(normalise(u, "nobody@example.org"));
  });

  it("refuses the sixth rapid failure with 429, across both processes", async () => {
    const victim = "victim@example.org";
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      const response = await signIn(i % 2 ? b : a, victim, `guess number ${i}`);
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    const sixth = await signIn(b, victim, "guess number 6");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await sixth.text()).toContain("Too many sign-in attempts. Please wait 10 minutes and try again.");
  });

  it("signs in, serves the dashboard privately, and ends the session for good on logout", async () => {
    const response = await signIn(a, ADMIN.email, ADMIN.password);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookiesOf(response);

    const dashboard = await get(b, "/admin", cookie);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await dashboard.text()).toContain("Admin Dashboard");

    // Logging out is a POST; a GET changes nothing.
    expect((await get(a, "/logout", cookie)).status).toBe(302);
    expect((await get(a, "/admin/media", cookie)).status).toBe(200);
    const out = await fetch(`${a.url}/logout`, { method: "POST", redirect: "manual", headers: { cookie, Origin: a.url } });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/admin");

    // The old token, replayed on either process, opens nothing.
    for (const server of [a, b]) {
      const replay = await get(server, "/admin/media", cookie);
      expect(replay.status).toBe(302);
      expect(replay.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fmedia");
      expect(await replay.text()).not.toContain(CANARY);
    }
  });

  it("gives anonymous visitors and signed-in non-admins no admin data from any admin route", async () => {
    await createMember(createAuth(getDb(), { secret: "unused-here-0123456789-0123456789", baseURL: a.url }), MEMBER);
    const member = await signIn(a, MEMBER.email, MEMBER.password);
    expect(member.status).toBe(302);
    const memberCookie = cookiesOf(member);
    expect(routes.length).toBeGreaterThanOrEqual(9);

    for (const route of routes) {
      const dataUrl = route.path === "/admin" ? "/admin.data" : `${route.path}.data`;
      for (const [who, cookie] of [["anonymous", ""], ["member", memberCookie]] as const) {
        const label = `${who} ${route.id}`;
        if (route.hasLoader) {
          const page = await get(a, route.path, cookie);
          const body = await page.text();
          expect(body, label).not.toContain(CANARY);
          if (who === "member") expect(page.status, label).toBe(403);
          else if (route.path === "/admin") expect(page.status, label).toBe(401);
          else {
            expect(page.status, label).toBe(302);
            expect(page.headers.get("Location"), label).toMatch(/^\/login\?redirectTo=/);
          }
          if (page.status === 403 && body.includes("<html")) expect(body, label).toContain("Not allowed");

          const data = await get(a, dataUrl, cookie);
          expect(await data.text(), `${label} (.data)`).not.toContain(CANARY);
          expect([202, 401, 403], `${label} (.data) status`).toContain(data.status);
        }
        if (route.hasAction) {
          // An index route takes a POST only with ?index (a bare /admin POST is the layout's, which has no action).
          const write = await fetch(`${a.url}${route.path}${route.index ? "?index" : ""}`, {
            method: "POST",
            redirect: "manual",
            headers: { Origin: a.url, ...(cookie ? { cookie } : {}) },
            body: form({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" }),
          });
          expect(await write.text(), `${label} POST`).not.toContain(CANARY);
          expect([401, 403], `${label} POST status`).toContain(write.status);
        }
      }
    }
  });

  it("sets the security headers on a public page, an admin page and an asset", async () => {
    const home = await get(a, "/");
    const html = await home.text();
    const login = await get(a, "/login");
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const script = await get(a, asset!);
    expect(script.status).toBe(200);

    for (const [name, response] of [["home", home], ["login", login], ["asset", script]] as const) {
      expect(response.headers.get("X-Content-Type-Options"), name).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy"), name).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy"), name).toMatch(/camera=\(\)/);
      // Plain http here: HSTS would be wrong (see security-headers.server.test.ts for https).
      expect(response.headers.get("Strict-Transport-Security"), name).toBeNull();
    }
    for (const [name, response] of [["home", home], ["login", login]] as const) {
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      // Pages rendered per request carry a nonce; cached public pages carry the hashes of their inline scripts.
      expect(scriptSrc, name).toMatch(/'(nonce-[A-Za-z0-9+/=]+|sha256-[A-Za-z0-9+/=]+)'/);
      expect(scriptSrc, name).not.toContain("unsafe-inline");
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp, name).toContain(directive);
    }
    expect(login.headers.get("Cache-Control")).toBe("private, no-store");
    expect(home.headers.get("Cache-Control") ?? "").not.toContain("no-store");
    // Staff pages keep their window apart from any site that opened them; public pages, the same for everyone, do not pay for that (decision 017).
    expect(login.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect((await get(a, "/admin")).headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(home.headers.get("Cross-Origin-Opener-Policy")).toBe("unsafe-none");
    // And so does the same page from the full-page cache.
    const again = await get(a, "/");
    expect(again.headers.get("X-Cache")).toBe("hit");
    expect(again.headers.get("Cross-Origin-Opener-Policy")).toBe("unsafe-none");
    // Every script the browser would run is allowed by this response's policy
    // by its nonce, its hash, or as a file from our own origin (JSON-LD data is not run).
    const homeScriptSrc = home.headers.get("Content-Security-Policy")!.split(";").find((d) => d.trim().startsWith("script-src"))!;
    const nonce = /'nonce-([^']+)'/.exec(homeScriptSrc)?.[1];
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes, body] of scripts) {
      if (nonce && attributes!.includes(`nonce="${nonce}"`)) continue;
      if (/\ssrc="\/assets\//.test(attributes!)) continue;
      const hash = createHash("sha256").update(body!).digest("base64");
      expect(homeScriptSrc, `inline script allowed: ${tag!.slice(0, 80)}`).toContain(`'sha256-${hash}'`);
    }
  });

  it("keeps a stranger's failures from locking staff out of a browser they signed in with before, on either process", async () => {
    const deputy = { email: "deputy@example.org", password: "lanterns along the canal" };
    await createMember(createAuth(getDb(), { secret: "unused-here-0123456789-0123456789", baseURL: a.url }), deputy);
    const before = await signIn(a, deputy.email, deputy.password, "203.0.113.50");
    expect(before.status).toBe(302);
    const remembered = before.headers.getSetCookie().find((c) => c.startsWith("site.device="));
    expect(remembered).toMatch(/^site\.device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict$/);
    const browserCookie = remembered!.split(";")[0]!;

    for (let i = 0; i <= LOGIN_LIMITS.accountFailures; i++) await signIn(i % 2 ? a : b, deputy.email, `stranger guess ${i}`, `198.51.100.${60 + i}`);
    const stranger = await signIn(b, deputy.email, deputy.password, "198.51.100.99");
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain("Too many sign-in attempts.");

    const fromRememberedBrowser = await post(
      b,
      "/login",
      { intent: "sign-in", email: deputy.email, password: deputy.password, redirectTo: "/admin" },
      { "X-Forwarded-For": "203.0.113.50", cookie: browserCookie },
    );
    expect(fromRememberedBrowser.status).toBe(302);
    expect(fromRememberedBrowser.headers.getSetCookie().join("\n")).toMatch(/session_token=/);
  });
});
