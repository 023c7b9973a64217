import path from "node:path";
import { expect, test } from "@playwright/test";
// Plain JavaScript shared with `npm run bench bundle`, so the guard and the benchmark measure the same thing.
import { analysePublicRoutes, BUDGETS, JS_CEILING, kb, readBuild, sumSizes } from "../bench/lib/bundle.mjs";

/**
 * Bundle budgets, asserted on the production build the end-to-end suite
 * runs against (not a timing: sizes and the import graph). Public pages are
 * not hydrated (decision 010): a public route that imports admin code, a
 * public page that loads anything but the enhancement script, or one that
 * grows past a budget, fails here.
 */
const buildDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build");
const routes = analysePublicRoutes(buildDir);
const { clientDir, enhanceUrl } = readBuild(buildDir);

test("the build has every public route, each loading the enhancement script and the stylesheet", () => {
  const ids = routes.map((r) => r.id);
  for (const id of ["routes/site/_index", "routes/site/$", "routes/site/donate", "routes/site/news", "routes/site/volunteer.apply"]) {
    expect(ids).toContain(id);
  }
  expect(enhanceUrl).toMatch(/^\/assets\/enhance\/[\w-]+\.js$/);
  for (const route of routes) {
    expect(route.js, route.id).toEqual([enhanceUrl]);
    expect(route.css.length, `${route.id} loads the site's stylesheet`).toBeGreaterThan(0);
  }
});

test("no public route reaches admin code, even through a lazy import", () => {
  const offenders = routes.filter((r) => r.adminModules.length).map((r) => `${r.id}: ${r.adminModules.join(", ")}`);
  expect(offenders, "admin modules reachable from public routes").toEqual([]);
});

test(`every public route loads at most ${kb(JS_CEILING)} of JavaScript and ${kb(BUDGETS.cssBytes)} of CSS (brotli)`, () => {
  const over = routes
    .filter((r) => r.jsSize.brotli > JS_CEILING || r.cssSize.brotli > BUDGETS.cssBytes)
    .map((r) => `${r.id}: JS ${kb(r.jsSize.brotli)}, CSS ${kb(r.cssSize.brotli)}`);
  expect(over, "public routes over budget").toEqual([]);
});

test("every public page's HTML loads the enhancement script and no other script, within the budget", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(pages.length, "pages in the sitemap").toBeGreaterThan(20);
  const problems: string[] = [];
  for (const page of [...pages, "/no-such-page"]) {
    const html = await (await request.get(page)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!);
    const external = scripts.map((attrs) => /\ssrc="([^"]+)"/.exec(attrs)?.[1]).filter((src): src is string => Boolean(src));
    // Inline scripts other than structured data would be code React Router or we ran on the page.
    const inlineCode = scripts.filter((attrs) => !/\ssrc=/.test(attrs) && !/type="application\/ld\+json"/.test(attrs));
    const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/gi)];
    if (external.join() !== enhanceUrl) problems.push(`${page}: loads ${external.join(", ") || "no script"}`);
    if (inlineCode.length) problems.push(`${page}: ${inlineCode.length} inline script(s) besides structured data`);
    if (preloads.length) problems.push(`${page}: ${preloads.length} module preload(s)`);
    const size = sumSizes(clientDir, external);
    if (size.brotli > JS_CEILING) problems.push(`${page}: ${kb(size.brotli)} of JavaScript`);
  }
  expect(problems).toEqual([]);
});
