import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../test/engines";
import { DEFAULT_SITE_SETTINGS } from "#app/content/site";
import { getPageById } from "#app/content/pages";
import { getStoredPageContent, savePageContent } from "./page-content.server";
import { readSettings, saveSettings } from "./site-settings.server";
import type { SettingsForm } from "./schemas/page-content";

/**
 * Settings and saved page text are kept in each server process's memory
 * until the content version moves (decision 011), so rendering a page no
 * longer reads them on every request. With the page cache off, so every
 * view is rendered: a save through a process shows on its very next
 * render, and a save by another process sharing the database (here, the
 * test process itself) within the version check's interval.
 */

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = process.env.BUILD_DIR ?? "build";
const ADMIN = { email: "memo-admin@example.org", password: "kept until the calder floods" };

interface Server {
  url: string;
  process: ChildProcess;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function startServer(env: Record<string, string | undefined>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, LOG_LEVEL: "warn", NODE_ENV: "production", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error("site server did not start");
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");

describeEachEngine("settings and page text kept in memory until a save", (getDb) => {
  let a: Server;
  let b: Server;
  const mission = getPageById("mission")!;

  beforeAll(async () => {
    // Vitest sets NODE_ENV=test, which would make a (re)build bundle React's development code.
    execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir } });
    const db = getDb();
    const env = { DATA_DIR: db.dataDir, DATABASE_URL: db.url, AUTH_SECRET: "shared-secret-for-both-processes-0123456789", PAGE_CACHE: "off" };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(
      [a, b].filter(Boolean).map(
        (server) => new Promise<void>((resolve) => (server.process.exitCode !== null ? resolve() : (server.process.once("exit", () => resolve()), server.process.kill()))),
      ),
    );
  });

  const page = async (server: Server, p = "/about/mission") => {
    const response = await fetch(`${server.url}${p}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-page-cache")).toBeNull();
    return response.text();
  };
  const post = (server: Server, p: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${server.url}${p}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers: { Origin: server.url, ...(cookie ? { cookie } : {}) } });

  /** Polls until `text` is on the page; returns how long that took. */
  async function waitUntilShown(server: Server, text: string, p?: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 3000) {
      if ((await page(server, p)).includes(text)) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`"${text}" never appeared on ${server.url}${p ?? "/about/mission"}`);
  }

  it("sends a rendered page compressed the way the browser asks, in one piece", async () => {
    const plain = await page(a);
    for (const [asked, sent] of [["br, gzip", "br"], ["gzip", "gzip"], ["identity", null]] as const) {
      const response = await fetch(`${a.url}/about/mission`, { headers: { "accept-encoding": asked } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(sent);
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("content-length")).not.toBeNull();
      // fetch undoes the encoding: the same page either way (bar the per-response nonce).
      const html = await response.text();
      const withoutNonce = (text: string) => text.replace(/nonce="[^"]*"/g, "");
      expect(withoutNonce(html)).toBe(withoutNonce(plain));
    }
  });

  it("shows a save through a process on that process's next render", async () => {
    // Both processes have rendered the page, so both hold its text and the settings.
    for (const server of [a, b]) {
      const html = await page(server);
      expect(html).toContain(mission.heroTitle);
      expect(html).toContain(DEFAULT_SITE_SETTINGS.charityName);
    }
    const created = await post(a, "/login", { intent: "create-admin", email: ADMIN.email, password: ADMIN.password, confirm: ADMIN.password });
    expect(created.status).toBe(302);
    const signedIn = await post(a, "/login", { intent: "sign-in", ...ADMIN, redirectTo: "/admin" });
    expect(signedIn.status).toBe(302);
    const cookie = cookiesOf(signedIn);

    const heroTitle = `Our mission, restated ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await post(
      a,
      "/admin/content",
      { intent: "save", pageId: "mission", heroTitle, heroSubtitle: "", mainTitle: "", content: mission.content, baseRevision: "0" },
      cookie,
    );
    expect(saved.status).toBeLessThan(400);
    expect((await getStoredPageContent(getDb(), "mission"))?.heroTitle).toBe(heroTitle);
    // No waiting: the very next render of the process that took the save shows it.
    expect(await page(a)).toContain(heroTitle);
    // The other process sees it within the version check's interval.
    expect(await waitUntilShown(b, heroTitle)).toBeLessThan(1500);
  });

  it("shows a save by another process (page text and settings) within the version check's interval", async () => {
    const staff = { id: null, email: "someone-else@example.org" } as never;
    const current = await getStoredPageContent(getDb(), "mission");
    const heroTitle = `Mission from elsewhere ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await savePageContent(
      getDb(),
      { pageId: "mission", heroTitle, heroSubtitle: "", mainTitle: "", content: mission.content, baseRevision: current?.revision ?? 0 } as never,
      staff,
    );
    expect(saved).toMatchObject({ ok: true });

    const settings = await readSettings(getDb());
    const charityName = `Calder Valley Friends ${crypto.randomUUID().slice(0, 6)}`;
    const { social, ...rest } = settings;
    await saveSettings(getDb(), { ...rest, ...social, charityName } as SettingsForm, staff);

    for (const server of [a, b]) {
      expect(await waitUntilShown(server, heroTitle)).toBeLessThan(1500);
      // The settings (here the charity's name in the header and footer) on a page of their own too.
      expect(await waitUntilShown(server, charityName, "/donate")).toBeLessThan(1500);
      expect(await page(server)).toContain(charityName);
    }
  });
});
