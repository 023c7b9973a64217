// npm run bench editable-share
//
// How much of the public site staff can change: every visible block of every
// public page (header, main and footer; the rule is in lib/visible-blocks.mjs
// and docs/editable-content.md) is sorted into "editable" or "code" by
// changing everything staff can change and looking at what changed.
//
// 1. A fresh install (SQLite, seed content) is started from the production
//    build and every public page (the sitemap plus the pages with forms of
//    their own) is rendered in Chromium; its blocks are collected.
// 2. The server is stopped and its database marked (lib/mark-editable.mjs):
//    every text field of every page's document, both menus, the Settings
//    text fields and the records' text become markers, figures and amounts
//    change, picture addresses change.
// 3. The server is started again on that database and every page collected
//    again. A block whose words, alt text or picture differ is editable; one
//    that reads the same is code.
//
// Prints the totals, the per-page table and the largest groups of code
// blocks; EDITABLE_JSON=<file> also writes every block with its verdict.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { chromium } from "@playwright/test";
import { runnerImport } from "vite";
import { BUILD_DIR, ensureBuild, freePort, printTable, root, serverEnv, startServer, stopServer, tempDir } from "./lib/common.mjs";
import { publicPaths } from "../test/public-text.mjs";
import { classifyBlocks, collectVisibleBlocks, OPEN_MENUS_CSS } from "./lib/visible-blocks.mjs";
import { markDatabase } from "./lib/mark-editable.mjs";

const VIEWPORT = { width: 1280, height: 800 };
const AUTH_SECRET = "editable-share-bench-secret-0123456789";
const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find((p) => p && fs.existsSync(p));

/** Every public page's blocks, keyed by path, from a running site. */
async function collectSite(browser, origin, paths) {
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: "light", javaScriptEnabled: false });
  // Nothing from other sites (the map's frame, fonts): the count is of this site's own words, and offline runs must not wait.
  await context.route((url) => !url.href.startsWith(origin), (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const result = {};
  for (const pagePath of paths) {
    const response = await page.goto(origin + pagePath, { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("load").catch(() => {});
    // Not addStyleTag: it waits for the style's load event, which never comes with scripts off.
    await page.evaluate((css) => document.head.append(Object.assign(document.createElement("style"), { textContent: css })), OPEN_MENUS_CSS);
    if (process.env.EDITABLE_VERBOSE) console.log(`${origin}${pagePath}`);
    // The words a visitor meets outside the blocks (tab title, search and share texts, hidden text), only to find edits that show nowhere.
    const everything = await page.evaluate(() => [document.title, ...[...document.querySelectorAll("meta[content]")].map((m) => m.getAttribute("content")), document.body.innerHTML].join(" "));
    result[pagePath] = { status: response?.status() ?? 0, blocks: await page.evaluate(collectVisibleBlocks), everything };
  }
  await context.close();
  return result;
}

async function withServer(dataDir, work) {
  const port = await freePort();
  const server = await startServer(serverEnv(port, dataDir, { DATABASE_URL: "", AUTH_SECRET }), { probe: "/" });
  try {
    return await work(server.url);
  } finally {
    await stopServer(server.child);
  }
}

const started = Date.now();
ensureBuild();
const loadApp = async (file) => (await runnerImport(path.join(root, "app", file))).module;
const { pageDocumentSchema } = await loadApp("features/pages/page-document.ts");
const { headerMenuSchema, footerMenuSchema } = await loadApp("features/navigation/menu-schema.ts");

const dataDir = tempDir("bench-editable-");
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
let seed;
let marked;
let marking;
let paths;
try {
  seed = await withServer(dataDir, async (origin) => {
    paths = await publicPaths(origin);
    return collectSite(browser, origin, paths);
  });
  const db = new Database(path.join(dataDir, "site.db"));
  try {
    marking = markDatabase(db, { pageDocumentSchema, headerMenuSchema, footerMenuSchema });
  } finally {
    db.close();
  }
  marked = await withServer(dataDir, (origin) => collectSite(browser, origin, paths));
} finally {
  await browser.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (marking.refused.length > 0) {
  console.error(`The page schema refused ${marking.refused.length} marked value(s); the count below is not trustworthy:\n${marking.refused.join("\n")}`);
  process.exitCode = 1;
}

const all = [];
for (const pagePath of paths) {
  const before = seed[pagePath];
  const after = marked[pagePath];
  if (before.status !== 200 || after.status !== 200) console.warn(`${pagePath}: ${before.status} before marking, ${after.status} after`);
  all.push(...classifyBlocks(before.blocks, after.blocks).map((b) => ({ ...b, page: pagePath })));
}

/** Blocks by verdict: "editable" includes "gone" (replaced by what staff set). */
function tally(blocks) {
  const count = (...kinds) => blocks.filter((b) => kinds.includes(b.kind)).length;
  return { total: blocks.length, editable: count("editable", "gone"), rich: count("rich"), code: count("code") };
}
const pct = (n, of) => (of ? `${((100 * n) / of).toFixed(1)}%` : "–");
const shares = (t) => ({ full: pct(t.editable + t.rich, t.total), half: pct(t.editable + t.rich / 2, t.total), none: pct(t.editable, t.total) });

// The header and footer are the same on every page (only the current page's
// mark differs): counted once, from the home page, as the 481 did;
// and counted on every page, as a visitor meets them.
const chromeOnce = all.filter((b) => b.region === "main" || b.page === "/");
const ways = [
  ["header and footer once", tally(chromeOnce)],
  ["header and footer on every page", tally(all)],
];

const rows = paths.map((pagePath) => {
  const t = tally(all.filter((b) => b.page === pagePath && b.region === "main"));
  return [pagePath, t.total, t.editable, t.rich, t.code, shares(t).full];
});
printTable(["page (main only)", "blocks", "editable fields", "rich-text body", "code", "staff can change"], rows);
const regions = ["header", "main", "footer"].map((region) => {
  const t = tally(all.filter((b) => b.region === region && (region === "main" || b.page === "/")));
  return [region, t.total, t.editable + t.rich, t.code, shares(t).full];
});
printTable(["region (header, footer: home page)", "blocks", "staff can change", "code", "share"], regions);

// Code blocks grouped by what they say, largest groups first: what is left to plan.
const groups = new Map();
for (const block of chromeOnce.filter((b) => b.kind === "code")) {
  const words = block.tag === "img" ? `[image: ${block.alt}]` : block.text;
  const key = `${block.region} ${block.tag} ${words}`;
  const group = groups.get(key) ?? { region: block.region, tag: block.tag, words, pages: [] };
  group.pages.push(block.page);
  groups.set(key, group);
}
const largest = [...groups.values()].sort((a, b) => b.pages.length - a.pages.length || a.words.localeCompare(b.words));
const clip = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
printTable(
  ["code block", "where", "pages"],
  largest
    .slice(0, Number(process.env.EDITABLE_TOP ?? 40))
    .map((g) => [clip(g.words, 70), `${g.region} <${g.tag}>`, g.region !== "main" ? "every page" : g.pages.length > 3 ? `${g.pages.length} pages` : [...new Set(g.pages)].join(", ")]),
);
const codeByPage = paths
  .map((pagePath) => [pagePath, chromeOnce.filter((b) => b.page === pagePath && b.region === "main" && b.kind === "code").length])
  .filter(([, n]) => n > 0)
  .sort((a, b) => b[1] - a[1]);
printTable(["page", "code blocks in main"], codeByPage);

console.log(`Pages: ${paths.length}. Markers written: ${marking.markers} (pages ${marking.changed.pages}, menus ${marking.changed.menus}, settings ${marking.changed.settings}, records ${marking.changed.records}).`);
printTable(
  ["counted", "visible blocks", "editable fields", "rich-text body", "code", "rich text fully editable", "rich text as half", "rich text not counted"],
  ways.map(([name, t]) => [name, t.total, t.editable, t.rich, t.code, shares(t).full, shares(t).half, shares(t).none]),
);
// Markers written that no page shows, even in its head or hidden parts: edits staff can make that reach no visitor.
const seenAnywhere = new Set(paths.flatMap((p) => marked[p].everything.match(/Z[QR]\d+/g) ?? []));
const seenInBlocks = new Set(paths.flatMap((p) => marked[p].blocks.flatMap((b) => `${b.text} ${b.alt} ${b.src}`.match(/Z[QR]\d+/g) ?? [])));
const markerId = (marker) => /Z[QR]\d+/.exec(marker)?.[0] ?? marker;
// A field left empty that shows nothing once filled in (a card's button label without a link) is no surprise; a filled one is.
const nowhere = [...marking.written].filter(([marker, where]) => !seenAnywhere.has(markerId(marker)) && !where.endsWith("(empty)"));
const notInBlocks = [...marking.written].filter(([marker]) => seenAnywhere.has(markerId(marker)) && !seenInBlocks.has(markerId(marker)));
const shownInBlocks = [...marking.written].filter(([marker]) => seenInBlocks.has(markerId(marker))).length;
console.log(`Marked values shown in a visible block: ${shownInBlocks}; only in a page's head or hidden text: ${notInBlocks.length}; filled in but on no page at all: ${nowhere.length}.`);
if (process.env.EDITABLE_VERBOSE) {
  for (const [, where] of notInBlocks) console.log(`  not in a visible block: ${where}`);
  for (const [, where] of nowhere) console.log(`  shown nowhere: ${where}`);
}
console.log(`Build ${BUILD_DIR}, ${Math.round((Date.now() - started) / 1000)} s.`);
if (process.env.EDITABLE_JSON) fs.writeFileSync(process.env.EDITABLE_JSON, `${JSON.stringify(all, null, 1)}\n`);
