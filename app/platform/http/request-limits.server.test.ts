import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { anonymousRequestLimits } from "./request-limits.server";

/**
 * The limits as the server places them, on a bare Hono app: forms are
 * charged before anything reads them, pages just before one is rendered.
 * The address comes from a test header, the session from a test cookie.
 */
function appWithLimits() {
  const sessionChecks: string[] = [];
  const limits = anonymousRequestLimits({
    limits: { pages: { burst: 3, perSecond: 0.001 }, forms: { burst: 2, perSecond: 0.001 } },
    clientIp: (c) => c.req.header("x-test-address") ?? "unknown",
    isSignedIn: async (request) => {
      sessionChecks.push(request.url);
      return request.headers.get("cookie") === "session=staff";
    },
  });
  const app = new Hono();
  app.use(limits.forms);
  app.get("/assets/*", (c) => c.text("asset"));
  app.use(limits.pages);
  app.all("*", (c) => c.text(`rendered ${c.req.method} ${c.req.path}`));
  return { app, sessionChecks };
}

const from = (address: string, extra: Record<string, string> = {}) => ({ headers: { "x-test-address": address, ...extra } });

describe("limits on anonymous requests", () => {
  it("answers an address past its burst of pages 429 with Retry-After and a page in words", async () => {
    const { app, sessionChecks } = appWithLimits();
    for (let i = 0; i < 3; i++) expect((await app.request("/news?page=2", from("203.0.113.1"))).status).toBe(200);
    const refused = await app.request("/news?page=2", from("203.0.113.1"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1000");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await refused.text();
    expect(page).toContain("<title>Too many requests</title>");
    expect(page).toContain("Please wait 1000 seconds and try again.");
    // No cookie, no session to look up.
    expect(sessionChecks).toEqual([]);
    expect((await app.request("/news?page=2", from("203.0.113.2"))).status).toBe(200);
  });

  it("never limits health checks, nor what is answered before a page is rendered", async () => {
    const { app } = appWithLimits();
    for (let i = 0; i < 3; i++) await app.request("/news", from("203.0.113.1"));
    for (const path of ["/healthz", "/readyz", "/assets/site-1234.css"]) {
      for (let i = 0; i < 5; i++) expect((await app.request(path, from("203.0.113.1"))).status, path).toBe(200);
    }
  });

  it("charges forms to their own bucket, before the route reads them", async () => {
    const { app } = appWithLimits();
    const post = () => app.request("/theme", { method: "POST", body: "theme=dark", ...from("203.0.113.1", { "content-type": "application/x-www-form-urlencoded" }) });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const refused = await post();
    expect([refused.status, refused.headers.get("retry-after")]).toEqual([429, "1000"]);
    // Reading pages is still allowed: forms spent their own allowance.
    expect((await app.request("/news", from("203.0.113.1"))).status).toBe(200);
  });

  it("lets signed-in staff through once their address has run out, asking for the session only then", async () => {
    const { app, sessionChecks } = appWithLimits();
    const staff = from("203.0.113.1", { cookie: "session=staff" });
    for (let i = 0; i < 3; i++) expect((await app.request("/admin", staff)).status).toBe(200);
    expect(sessionChecks).toEqual([]);
    expect((await app.request("/admin", staff)).status).toBe(200);
    expect(sessionChecks).toEqual(["http://localhost/admin"]);
    const forged = await app.request("/admin", from("203.0.113.1", { cookie: "session=forged" }));
    expect(forged.status).toBe(429);
    const staffForm = await app.request("/admin/events", { method: "POST", body: "", ...staff });
    expect(staffForm.status).toBe(200);
  });

  it("never limits the machine itself: a proxy on it without TRUST_PROXY would make every visitor look like it", async () => {
    const { app } = appWithLimits();
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.0.1.1"]) {
      for (let i = 0; i < 10; i++) expect((await app.request("/news", from(address))).status, address).toBe(200);
      for (let i = 0; i < 10; i++) expect((await app.request("/theme", { method: "POST", body: "", ...from(address) })).status, address).toBe(200);
    }
    // Only the machine's own addresses: a neighbour on the local network is a visitor like any other.
    for (let i = 0; i < 3; i++) await app.request("/news", from("10.0.0.7"));
    expect((await app.request("/news", from("10.0.0.7"))).status).toBe(429);
  });

  it("can be turned off", async () => {
    const limits = anonymousRequestLimits({ enabled: false, clientIp: () => "203.0.113.1", isSignedIn: async () => false });
    const app = new Hono();
    app.use(limits.forms);
    app.use(limits.pages);
    app.all("*", (c) => c.text("ok"));
    for (let i = 0; i < 100; i++) expect((await app.request("/news")).status).toBe(200);
  });
});
