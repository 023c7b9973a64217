import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pageParamsOf } from "./page-params";

/**
 * Which query parameters a page reads, as its routes declare them in their
 * `handle`: the page cache keeps those in its key and drops every other one
 * (a link's tracking tags), so a parameter a page reads but does not declare
 * would be dropped and the page shown without it.
 */

type Manifest = ServerBuild["routes"];
const route = (id: string, parentId: string | undefined, shape: { path?: string; index?: boolean }, handle?: unknown) => ({
  [id]: { id, parentId, ...shape, module: { default: () => null, ...(handle ? { handle } : {}) } },
});

const MANIFEST = {
  ...route("root", undefined, { path: "" }),
  ...route("routes/site/_layout", "root", {}, { hydrate: false, cacheParams: ["newsletter"] }),
  ...route("routes/site/_index", "routes/site/_layout", { index: true }),
  ...route("routes/site/contact._index", "routes/site/_layout", { path: "contact", index: true }, { cacheParams: ["sent"] }),
  ...route("routes/site/volunteer.apply", "routes/site/_layout", { path: "volunteer/apply" }, { cacheParams: ["role", "sent"] }),
  ...route("routes/site/newsletter.confirm", "routes/site/_layout", { path: "newsletter/confirm" }, { privateParams: ["token"] }),
  ...route("routes/site/$", "routes/site/_layout", { path: "*" }),
  ...route("routes/auth/invite.$token", "root", { path: "invite/:token" }),
  ...route("routes/resources/events[.]ics", "root", { path: "events.ics" }),
} as unknown as Manifest;

describe("the query parameters each page reads, from its routes' handles", () => {
  const paramsFor = pageParamsOf(MANIFEST);

  it("joins what the matched routes declare, the layout's with the page's", () => {
    expect(paramsFor("/contact")).toEqual({ vary: ["newsletter", "sent"], personal: [] });
    expect(paramsFor("/volunteer/apply")).toEqual({ vary: ["newsletter", "role", "sent"], personal: [] });
    expect(paramsFor("/newsletter/confirm")).toEqual({ vary: ["newsletter"], personal: ["token"] });
    // A content page and an unknown address (the catch-all) read only what the layout reads.
    expect(paramsFor("/")).toEqual({ vary: ["newsletter"], personal: [] });
    expect(paramsFor("/about/mission")).toEqual({ vary: ["newsletter"], personal: [] });
  });

  it("says nothing for a route outside the public layout that declares nothing, which may read any parameter", () => {
    expect(paramsFor("/invite/abc")).toBeNull();
    expect(paramsFor("/events.ics")).toBeNull();
  });
});

describe("the site's own routes", () => {
  const root = path.resolve(import.meta.dirname, "..");
  const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
  // Every way a public route or a public component reads a parameter by name.
  const READS = /(?:searchParams|URLSearchParams\(location\.search\))\.(?:get|getAll|has)\("([^"]+)"\)/g;
  const namesRead = (source: string) => [...source.matchAll(READS)].map((m) => m[1]!);
  const filesIn = (dir: string) => (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]).map((f) => path.join(dir, f));

  it("declare every query parameter a public page reads", async () => {
    const layout = (await import("#app/routes/site/_layout")).handle;
    const sharedFiles = filesIn("app/features").filter((f) => /\/site\/.*\.tsx$/.test(f) && !f.includes(".test.")).concat("app/routes/site/_layout.tsx");
    const shared = sharedFiles.flatMap((file) => namesRead(read(file)));
    // The footer's newsletter form reads one on every page.
    expect(shared).toContain("newsletter");
    for (const name of shared) expect(layout.cacheParams, `${name}, read on every public page`).toContain(name);

    const pages = filesIn("app/routes/site").filter((f) => f.endsWith(".tsx") && !f.includes(".test.") && !f.endsWith("_layout.tsx"));
    expect(pages.length).toBeGreaterThan(10);
    let declaring = 0;
    for (const file of pages) {
      const names = namesRead(read(file));
      if (names.length === 0) continue;
      const handle = ((await import(/* @vite-ignore */ path.join(root, file))) as { handle?: { cacheParams?: string[]; privateParams?: string[] } }).handle;
      const declared = [...layout.cacheParams, ...(handle?.cacheParams ?? []), ...(handle?.privateParams ?? [])];
      for (const name of names) expect(declared, `${file} reads ?${name}`).toContain(name);
      declaring++;
    }
    expect(declaring, "the form pages' thanks and the newsletter links' tokens").toBeGreaterThanOrEqual(5);
  }, 120_000);
});
