import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
// Plain JavaScript shared with `npm run bench bundle`, so the guard and the benchmark measure the same thing.
import { analysePublicRoutes, BUDGETS, JS_CEILING, kb, readBuild, sumSizes } from "../bench/lib/bundle.mjs";

/**
 * Bundle budgets, asserted on the production build the end-to-end suite
 * runs against (not a timing: sizes and the import graph). Public pages are
 * not hydrated (decision 010): a public route that imports admin code, a
 * public page that loads anything but the enhancement script, or one that
 * grows past a budget, fails here. Public pages carry the site's
 * stylesheet inline (app/lib/inline-css.server.ts): a page that links it
 * instead, or inlines anything but the built file, fails here too.
 */
const buildDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build");
const routes = analysePublicRoutes(buildDir);
const { clientDir, enhanceUrl } = readBuild(buildDir);
/** What a public page's <style> may hold: the built text of one public route's stylesheets, in order. */
const inlineCss = new Set(routes.map((r) => r.css.map((url) => fs.readFileSync(path.join(clientDir, url), "utf8")).join("\n")));
const brotli = (text: string) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function stylesheetLinks(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => m[0]).filter((tag) => /\srel="[^"]*\bstylesheet\b/i.test(tag));
}
function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
}

test("the build has every public route, each loading the enhancement script and the site's stylesheet", () => {
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

test("every public page's HTML loads the enhancement script and no other script, and has the stylesheet inline instead of linked, within the budgets", async ({ request }) => {
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
    // Nothing render-blocking but the HTML itself: the stylesheet is in it.
    const links = stylesheetLinks(html);
    if (links.length) problems.push(`${page}: render-blocking stylesheet link(s): ${links.join(" ")}`);
    const styles = inlineStyles(html);
    if (styles.length !== 1 || !inlineCss.has(styles[0]!)) {
      problems.push(`${page}: ${styles.length} inline <style> element(s), ${styles.length ? "not" : "none"} the built stylesheet`);
    } else if (brotli(styles[0]!) > BUDGETS.cssBytes) {
      problems.push(`${page}: ${kb(brotli(styles[0]!))} of inline CSS`);
    }
  }
  expect(problems).toEqual([]);
});

test("the sign-in page, which hydrates, links the stylesheet (cached on its own for the admin area) and inlines none", async ({ request }) => {
  const html = await (await request.get("/login")).text();
  const links = stylesheetLinks(html).map((tag) => /\shref="([^"]+)"/.exec(tag)?.[1]);
  expect(links.length, "stylesheet links on /login").toBeGreaterThan(0);
  for (const href of links) {
    expect(href).toMatch(/^\/assets\/[\w-]+\.css$/);
    expect((await request.get(href!)).status(), href).toBe(200);
  }
  expect(inlineStyles(html).length, "inline <style> elements on /login").toBe(0);
});
