import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../test/engines";
import { ensureProductionBuild, type SiteProcess, startSiteProcess, stopSiteProcesses } from "../test/site-process";

/**
 * The site behind a reverse proxy that ends TLS, as the README's production
 * set-up has it (PUBLIC_URL=https://…, TRUST_PROXY=1): Node sees plain HTTP,
 * the browser is on https://www.example.org. Sign-in, admin forms and
 * library uploads must work through the proxy, whether it passes the
 * public Host on or the upstream's; writes from another site are still
 * refused, and a visit straight to the port still works.
 */

const PUBLIC = "https://www.example.org";
const ADMIN = { email: "behind-proxy@example.org", password: "lighthouse keepers 9" };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describeEachEngine("behind a TLS-terminating proxy", (getDb) => {
  let site: SiteProcess;

  beforeAll(async () => {
    ensureProductionBuild();
    site = await startSiteProcess({ DATA_DIR: getDb().dataDir, DATABASE_URL: getDb().url, PUBLIC_URL: PUBLIC, TRUST_PROXY: "1" });
  }, 240_000);
  afterAll(() => stopSiteProcesses(site));

  /** A request as the proxy forwards it (node:http, since fetch will not set Host). */
  const forwarded = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        `${site.url}${path}`,
        { method, headers: { Host: "www.example.org", "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9", Origin: PUBLIC, ...headers } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    forwarded("POST", path, { "Content-Type": "application/x-www-form-urlencoded", ...headers }, form(fields));
  const cookieOf = (answer: Answer) => (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).filter((c) => !c.endsWith("=")).join("; ");

  it("creates the first admin, signs in and saves an admin form through the proxy", async () => {
    const created = await postForm("/login", { intent: "create-admin", email: ADMIN.email, password: ADMIN.password, confirm: ADMIN.password });
    expect(created.status).toBe(302);
    const signedIn = await postForm("/login", { intent: "sign-in", ...ADMIN, redirectTo: "/admin" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toBe("/admin");
    // Over https every cookie is __Host- and Secure.
    expect(signedIn.headers["set-cookie"]!.find((c) => c.includes("session_token="))).toMatch(/^__Host-site\.session_token=.*; Secure/i);
    const cookie = cookieOf(signedIn);

    const saved = await postForm("/admin/newsletter", { intent: "save", template: "custom", subject: "Through the proxy", content: "Hello", testTo: "" }, { Cookie: cookie });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toMatch(/^\/admin\/newsletter\?campaign=/);
    // A proxy that sends the upstream's Host instead: the browser's Origin still says where it was.
    const upstreamHost = await postForm("/admin/newsletter", { intent: "save", template: "custom", subject: "Host rewritten", content: "Hello", testTo: "" }, { Cookie: cookie, Host: new URL(site.url).host });
    expect(upstreamHost.status).toBe(302);
    const subjects = (await getDb().db.selectFrom("campaigns").select("subject").execute()).map((r) => r.subject).sort();
    expect(subjects).toEqual(["Host rewritten", "Through the proxy"]);

    // A library upload starts (it was refused as coming from another site), at an address relative to the page.
    const upload = await forwarded("POST", "/api/uploads", {
      Cookie: cookie,
      "Tus-Resumable": "1.0.0",
      "Upload-Length": "4",
      "Upload-Metadata": `filename ${Buffer.from("notes.txt").toString("base64")}`,
    });
    expect(upload.status).toBe(201);
    expect(upload.headers.location).toMatch(/^\/api\/uploads\/[^/]+$/);
  });

  it("still refuses a write from another site, and still answers a visit straight to its port", async () => {
    const crossSite = await postForm("/login", { intent: "sign-in", ...ADMIN, redirectTo: "/admin" }, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers["set-cookie"]).toBeUndefined();

    const direct = await fetch(`${site.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: site.url },
      body: new URLSearchParams({ intent: "sign-in", email: ADMIN.email, password: "not the password at all", redirectTo: "/admin" }),
    });
    expect(direct.status).toBe(401);
    expect(await direct.text()).toContain("Invalid email or password.");

    // A page the proxy served over plain http on the public host (no redirect to https) posts from there, and still works.
    const plainHttp = await postForm("/login", { intent: "sign-in", email: ADMIN.email, password: "not the password at all", redirectTo: "/admin" }, { Origin: "http://www.example.org", "X-Forwarded-Proto": "http" });
    expect(plainHttp.status).toBe(401);
    expect(plainHttp.body).toContain("Invalid email or password.");
  });
});
