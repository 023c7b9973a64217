import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../test/engines";
import { createFirstAdmin, type SiteProcess, startTwoSiteProcesses, stopSiteProcesses } from "../../test/site-process";
import { DEFAULT_SITE_SETTINGS } from "#app/content/site";
import { getPageById } from "#app/content/pages";
import { bumpContentVersion, getContentVersion, keptUntilContentChanges, readContentVersionNow } from "./content-version.server";
import { getPageRecord } from "#app/features/pages/page-records.server";
import { setPageFields } from "../../test/page-records";
import { readSettings, saveSettings } from "#app/features/settings/site-settings.server";
import type { SettingsForm } from "#app/features/pages/page-content.schema";

/**
 * Settings and saved page text are kept in each server process's memory
 * until the content version moves (decision 011), so rendering a page no
 * longer reads them on every request. With the page cache off, so every
 * view is rendered: a save through a process shows on its very next
 * render, and a save by another process sharing the database (here, the
 * test process itself) within the version check's interval.
 */

const ADMIN = { email: "memo-admin@example.org", password: "kept until the calder floods" };

describeEachEngine("settings and page text kept in memory until a save", (getDb) => {
  let a: SiteProcess;
  let b: SiteProcess;
  const mission = getPageById("mission")!;

  beforeAll(async () => {
    [a, b] = await startTwoSiteProcesses(getDb(), { PAGE_CACHE: "off" });
  }, 240_000);

  afterAll(async () => {
    await stopSiteProcesses(a, b);
  });

  const page = async (server: SiteProcess, p = "/about/mission") => {
    const response = await fetch(`${server.url}${p}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-cache")).toBeNull();
    return response.text();
  };
  const post = (server: SiteProcess, p: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${server.url}${p}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers: { Origin: server.url, ...(cookie ? { cookie } : {}) } });

  /** Polls until `text` is on the page; returns how long that took. */
  async function waitUntilShown(server: SiteProcess, text: string, p?: string): Promise<number> {
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
    const cookie = await createFirstAdmin(a, ADMIN);

    const heroTitle = `Our mission, restated ${crypto.randomUUID().slice(0, 8)}`;
    const version = async () => String((await getPageRecord(getDb(), "mission"))!.version);
    const saved = await post(
      a,
      "/admin?index",
      { intent: "save", pageId: "mission", heroTitle, heroSubtitle: "", mainTitle: "", content: mission.content, baseRevision: await version() },
      cookie,
    );
    expect(saved.status).toBeLessThan(400);
    // A draft is not shown; Publish puts it on the site.
    expect(await page(a)).not.toContain(heroTitle);
    const published = await post(a, "/admin?index", { intent: "publish", pageId: "mission", baseRevision: await version() }, cookie);
    expect(published.status).toBeLessThan(400);
    expect((await getPageRecord(getDb(), "mission"))?.published?.blocks.find((b) => b.type === "hero")).toMatchObject({ title: heroTitle });
    // No waiting: the very next render of the process that took the save shows it.
    expect(await page(a)).toContain(heroTitle);
    // The other process sees it within the version check's interval.
    expect(await waitUntilShown(b, heroTitle)).toBeLessThan(1500);
  });

  it("shows a save by another process (page text and settings) within the version check's interval", async () => {
    const staff = { id: null, email: "someone-else@example.org" } as never;
    const heroTitle = `Mission from elsewhere ${crypto.randomUUID().slice(0, 8)}`;
    await setPageFields(getDb(), "mission", { heroTitle }, staff);

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

describeEachEngine("the page cache's version check and the values kept in memory", (getDb) => {
  it("agree: once the cache's check has seen another process's save, kept values are read afresh", async () => {
    const database = getDb();
    // A kept value that is simply the version it was read at, so what it holds shows which save it saw.
    const kept = keptUntilContentChanges((db) => getContentVersion(db));
    const before = await kept(database, "page");
    // Another process sharing the database saves.
    await bumpContentVersion(database.db);
    // The page cache's own check sees it at once (and empties the cache)...
    const seen = await readContentVersionNow(database);
    expect(seen).toBe(before + 1);
    // ...so the render that follows, and would be stored, must not use what was kept from before the save.
    expect(await kept(database, "page")).toBe(seen);
  });
});
