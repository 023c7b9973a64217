import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
// Plain JavaScript shared with `npm run bench bundle`, so the guard and the benchmark measure the same thing.
import { ADMIN_CODE, analysePublicRoutes, BUDGETS, fileSizes, JS_CEILING, kb, readBuild, sumSizes } from "../bench/lib/bundle.mjs";
import { inlineCssBytes, PAGE_BUDGETS, WEIGHED_PAGE } from "../bench/lib/page-weight.mjs";
import { enhanceLoader } from "../app/enhance/loader";
import { enhanced } from "./helpers";
import { trimmedFrom } from "./trimmed-css";

/**
 * Bundle budgets, asserted on the production build the end-to-end suite
 * runs against (not a timing: sizes and the import graph). Public pages are
 * not hydrated (decision 010): a public route that imports admin code, a
 * public page that loads anything but the enhancement script, or one that
 * grows past a budget, fails here. Public pages carry the public
 * stylesheet inline (app/public.css, app/platform/render/inline-css.server.ts): a page
 * that links it instead, inlines anything but the built file, or uses a
 * class that only the full stylesheet (app/app.css) styles, fails here too.
 */
const buildDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build");
const routes = analysePublicRoutes(buildDir);
const { clientDir, enhanceUrl, publicCssUrl, fullCssUrls, chunks } = readBuild(buildDir);
/** What a public page's <style> may be trimmed from: the built text of one public route's stylesheets, in order. */
const builtCss = [...new Set(routes.map((r) => r.css.map((url) => fs.readFileSync(path.join(clientDir, url), "utf8")).join("\n")))];
const brotli = (text: string) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function stylesheetLinks(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => m[0]).filter((tag) => /\srel="[^"]*\bstylesheet\b/i.test(tag));
}
function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
}

/** Every class name a stylesheet's selectors mention (unescaped: `.sm\:p-6` is `sm:p-6`). */
function selectorClasses(css: string): Set<string> {
  const names = new Set<string>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  // A selector is the text before a `{` back to the previous `{`, `}` or `;` (at-rule preludes are skipped).
  for (const match of text.matchAll(/(?<=^|[{};])([^{};]*)\{/g)) {
    const prelude = match[1]!.trim();
    if (prelude.startsWith("@")) continue;
    for (const name of prelude.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F\r\n]|[\w-])+)/g)) {
      names.add(name[1]!.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|(.))/g, (_, hex: string | undefined, char: string | undefined) => hex ? String.fromCodePoint(parseInt(hex, 16)) : char!));
    }
  }
  return names;
}

const decodeAttribute = (value: string) =>
  value.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, e: string) => ({ amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'", "#x27": "'" })[e]!);

test("the build has every public route, each loading the enhancement script and the public stylesheet, not the full one", () => {
  const ids = routes.map((r) => r.id);
  for (const id of ["routes/site/_index", "routes/site/$", "routes/site/donate", "routes/site/news", "routes/site/volunteer.apply"]) {
    expect(ids).toContain(id);
  }
  expect(enhanceUrl).toMatch(/^\/assets\/enhance\/[\w-]+\.js$/);
  for (const route of routes) {
    expect(route.js, route.id).toEqual([enhanceUrl]);
    expect(route.css[0], `${route.id} loads the public stylesheet`).toBe(publicCssUrl);
    for (const url of fullCssUrls) expect(route.css, `${route.id} loads the full stylesheet`).not.toContain(url);
  }
  // The point of a stylesheet of its own: less to carry in every public page.
  expect(fullCssUrls.length, "the root route's (full) stylesheet").toBeGreaterThan(0);
  expect(fileSizes(clientDir, publicCssUrl).brotli, "public stylesheet (brotli) against the full one").toBeLessThan(sumSizes(clientDir, fullCssUrls).brotli);
});

test("the admin-code check recognises the admin's own modules where they live", () => {
  // Without this, a change of layout could leave the check below looking for admin code where none is any more.
  const built = Object.values(chunks).flatMap((chunk) => chunk.modules ?? []);
  for (const place of [/^app\/routes\/admin\//, /^app\/features\/admin\//, /^app\/features\/(?!admin\/)[^/]+\/admin\//]) {
    const modules = built.filter((module) => place.test(module));
    expect(modules.length, `built modules under ${place}`).toBeGreaterThan(0);
    expect(modules.filter((module) => !ADMIN_CODE.test(module)), `admin modules the check would miss (${place})`).toEqual([]);
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

test("every public page's HTML loads the enhancement script (after load, through its one inline loader) and no other script, and has the stylesheet inline instead of linked, within the budgets", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(pages.length, "pages in the sitemap").toBeGreaterThan(20);
  const problems: string[] = [];
  for (const page of [...pages, "/no-such-page"]) {
    const html = await (await request.get(page)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({ attrs: m[1]!, text: m[2]! }));
    const external = scripts.map(({ attrs }) => /\ssrc="([^"]+)"/.exec(attrs)?.[1]).filter((src): src is string => Boolean(src));
    // The one inline script allowed besides structured data adds the enhancement script after load (app/enhance/loader.ts);
    // any other would be code React Router or we ran on the page.
    const inlineCode = scripts.filter(({ attrs }) => !/\ssrc=/.test(attrs) && !/type="application\/ld\+json"/.test(attrs));
    const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/gi)];
    if (external.length) problems.push(`${page}: loads ${external.join(", ")} before the page has loaded`);
    if (inlineCode.length !== 1 || inlineCode[0]!.text !== enhanceLoader(enhanceUrl)) {
      problems.push(`${page}: ${inlineCode.length} inline script(s) besides structured data, not just the enhancement loader`);
    }
    if (preloads.length) problems.push(`${page}: ${preloads.length} module preload(s)`);
    const size = sumSizes(clientDir, [enhanceUrl]);
    if (size.brotli > JS_CEILING) problems.push(`${page}: ${kb(size.brotli)} of JavaScript`);
    // Nothing render-blocking but the HTML itself: the stylesheet is in it.
    const links = stylesheetLinks(html);
    if (links.length) problems.push(`${page}: render-blocking stylesheet link(s): ${links.join(" ")}`);
    const styles = inlineStyles(html);
    if (styles.length !== 1 || !builtCss.some((built) => trimmedFrom(styles[0]!, built))) {
      problems.push(`${page}: ${styles.length} inline <style> element(s), ${styles.length ? "not" : "none"} the built stylesheet (trimmed)`);
    } else if (brotli(styles[0]!) > BUDGETS.cssBytes) {
      problems.push(`${page}: ${kb(brotli(styles[0]!))} of inline CSS`);
    }
  }
  expect(problems).toEqual([]);
});

test("the sign-in page, which hydrates, links the full stylesheet (cached on its own for the admin area) and inlines none", async ({ request }) => {
  const html = await (await request.get("/login")).text();
  const links = stylesheetLinks(html).map((tag) => /\shref="([^"]+)"/.exec(tag)?.[1]);
  expect(links, "stylesheet links on /login").toEqual(expect.arrayContaining(fullCssUrls));
  for (const href of links) {
    expect(href).toMatch(/^\/assets\/[\w-]+\.css$/);
    expect((await request.get(href!)).status(), href).toBe(200);
  }
  expect(inlineStyles(html).length, "inline <style> elements on /login").toBe(0);
});

test("every class a public page uses that the full stylesheet styles is styled by the inlined public stylesheet too", async ({ request }) => {
  // app/public.css scans only the files public pages render: a class a public page takes from anywhere
  // else (an admin component, a UI component it does not list) would silently lose its style there.
  const fullClasses = selectorClasses(fullCssUrls.map((url) => fs.readFileSync(path.join(clientDir, url), "utf8")).join("\n"));
  const publicClasses = selectorClasses(fs.readFileSync(path.join(clientDir, publicCssUrl), "utf8"));
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const usedBy = new Map<string, string>();
  for (const page of [...pages, "/no-such-page"]) {
    const html = await (await request.get(page)).text();
    for (const attr of html.matchAll(/\sclass="([^"]*)"/g)) {
      for (const name of decodeAttribute(attr[1]!).split(/\s+/)) if (name && !usedBy.has(name)) usedBy.set(name, page);
    }
  }
  // Classes the enhancement script sets itself (the carousel's dots, the YouTube player's frame).
  const script = fs.readFileSync(path.join(clientDir, enhanceUrl), "utf8");
  const scriptClasses = [...script.matchAll(/(?:className\s*=\s*|classList\.(?:add|remove|toggle)\(\s*)(["'`])([^"'`]+)\1/g)].flatMap((m) => m[2]!.split(/\s+/));
  expect(scriptClasses.length, "classes set by the enhancement script").toBeGreaterThan(0);
  for (const name of scriptClasses) if (name && !usedBy.has(name)) usedBy.set(name, enhanceUrl);
  expect(usedBy.size, "class names on public pages").toBeGreaterThan(100);
  const unstyled = [...usedBy].filter(([name]) => fullClasses.has(name) && !publicClasses.has(name)).map(([name, page]) => `${name} (${page})`);
  expect(unstyled, "classes only the full stylesheet styles (add their source file to app/public.css)").toEqual([]);
});

test(`${WEIGHED_PAGE} renders at most ${PAGE_BUDGETS.bodyElements} elements and carries at most ${kb(PAGE_BUDGETS.inlineCssBytes)} of inline CSS (raw)`, async ({ page, request }) => {
  // The browser styles and lays out every element and parses the stylesheet on every view: the main
  // thread's work grows with both (docs/performance.md). Counted after the enhancement script has run.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(WEIGHED_PAGE);
    await enhanced(page);
    const elements = await page.evaluate(() => document.body.querySelectorAll("*").length);
    expect(elements, `elements in the body of ${WEIGHED_PAGE} at ${width}px`).toBeLessThanOrEqual(PAGE_BUDGETS.bodyElements);
  }
  const css = inlineCssBytes(await (await request.get(WEIGHED_PAGE)).text());
  expect(css, `raw bytes of inline CSS on ${WEIGHED_PAGE}`).toBeGreaterThan(0);
  expect(css, `raw bytes of inline CSS on ${WEIGHED_PAGE}`).toBeLessThanOrEqual(PAGE_BUDGETS.inlineCssBytes);
});
