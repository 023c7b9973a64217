import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EntryContext } from "react-router";
import { parseCss, pruneCss, type CssNode } from "./css-prune.server";
import { refusesHydration } from "./hydration";

/**
 * Public pages (routes whose handle says `hydrate: false`, decision 010) get
 * their stylesheet inline, in a `<style>` in `<head>`, instead of a
 * `<link rel="stylesheet">`: with no script to wait for, that link was the
 * one request between the HTML and the first paint. The stylesheet is the
 * one a matched route's handle names as `stylesheet` (the site layout's:
 * app/public.css, built from only the files public pages render, so the
 * page still fits a new connection's first round trip) in place of the
 * root's full one (app/app.css), plus any other matched route's own CSS.
 * With no such handle it is the routes' CSS as the manifest lists it. The
 * text is exactly the built file, read once per process.
 *
 * It goes through React Router's own slot for this, `criticalCss`, which
 * `<Links />` renders as a `<style>` where the stylesheet link would have
 * been; the matched routes' CSS is taken out of the manifest this render
 * sees, so the link is not emitted too. Everything else `<Links />` emits
 * (favicon, preloads) is unchanged. Pages that hydrate (the admin area,
 * sign-in, the admin preview) keep the linked, separately cached full
 * stylesheet, and so does the dev server, which serves CSS its own way. The
 * CSS never enters client JavaScript or loader data.
 *
 * Once the page is rendered, the inline stylesheet is trimmed to the rules
 * its own markup and scripts can use (css-prune.server.ts): the browser
 * parses it on every view, and most of the public pages' shared vocabulary
 * is not on any one page. Cached pages pay for that once.
 */

/** The client build beside this server build (`<build>/server/index.js` or a chunk in `<build>/server/assets/`). */
function findClientDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 3; i++) {
    const candidate = path.join(dir, "..", "client");
    if (fs.existsSync(path.join(candidate, "assets"))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

let clientDir: string | null | undefined;
/** Stylesheet text by URL path; null when the file cannot be inlined (then the page links it). */
const stylesheets = new Map<string, string | null>();

function stylesheetText(href: string): string | null {
  if (!stylesheets.has(href)) {
    clientDir ??= findClientDir();
    let text: string | null = null;
    // Only our own hashed build files, never a path that climbs out of the folder.
    if (clientDir && /^\/assets\/[\w.-]+\.css$/.test(href)) {
      try {
        text = fs.readFileSync(path.join(clientDir, href), "utf8");
      } catch {
        text = null;
      }
    }
    // A stylesheet that could close the element early is linked instead.
    if (text !== null && /<\/style/i.test(text)) text = null;
    stylesheets.set(href, text);
  }
  return stylesheets.get(href)!;
}

/** Whether a page's routes hydrate: not when one says `handle.hydrate === false` (the public site, decision 010). */
export function pageHydrates(context: EntryContext): boolean {
  return !context.staticHandlerContext.matches.some((match) => refusesHydration(context.routeModules[match.route.id]?.handle));
}

/** The routes `<Links />` takes links from: all matches, or those down to the route showing an error. */
function renderedRouteIds(context: EntryContext): string[] {
  const { matches, errors } = context.staticHandlerContext;
  const ids = matches.map((match) => match.route.id);
  if (!errors) return ids;
  const boundary = ids.findIndex((id) => errors[id] !== undefined);
  return boundary === -1 ? ids : ids.slice(0, boundary + 1);
}

/**
 * The entry context to render with: for a page that does not hydrate, its
 * stylesheets inline and not linked; any other page, or a build whose CSS
 * cannot be read, as it was.
 */
export function withInlineStylesheet(context: EntryContext): EntryContext {
  if (import.meta.env.DEV || context.isSpaMode || context.criticalCss !== undefined) return context;
  if (pageHydrates(context)) return context;
  const rendered = renderedRouteIds(context);
  const ids = rendered.filter((id) => context.manifest.routes[id]?.css?.length);
  const stylesheet = rendered
    .map((id) => (context.routeModules[id]?.handle as { stylesheet?: unknown } | undefined)?.stylesheet)
    .findLast((href): href is string => typeof href === "string");
  const routeCss = (id: string) => context.manifest.routes[id]!.css!;
  const hrefs = [
    ...new Set(stylesheet ? [stylesheet, ...ids.filter((id) => id !== "root").flatMap(routeCss)] : ids.flatMap(routeCss)),
  ];
  if (!hrefs.length) return context;
  const texts = hrefs.map(stylesheetText);
  if (texts.some((text) => text === null)) return context;
  const routes = { ...context.manifest.routes };
  for (const id of ids) routes[id] = { ...routes[id]!, css: undefined };
  return { ...context, manifest: { ...context.manifest, routes }, criticalCss: texts.join("\n") };
}

// ---------------------------------------------------------------------------
// Trimming the inline stylesheet to the rendered page.

const CRITICAL_STYLE = /(<style data-react-router-critical-css=""[^>]*>)([\s\S]*?)(<\/style>)/;

const parsed = new Map<string, CssNode[]>();
function parsedStylesheet(css: string): CssNode[] {
  let nodes = parsed.get(css);
  if (!nodes) {
    nodes = parseCss(css);
    parsed.set(css, nodes);
  }
  return nodes;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);
}

/** Class names a piece of markup or script can put on an element: class attributes, and every word of every string literal in script. */
function classesIn(text: string, into: Set<string>, script: boolean): void {
  // A page repeats the same few class lists (808 attributes, 154 different, on a 30-block page):
  // each is decoded and split once, which took most of the scan's time.
  const seen = new Set<string>();
  for (const match of text.matchAll(/\sclass(?:Name)?=(?:"([^"]*)"|'([^']*)')/g)) {
    const value = match[1] ?? match[2] ?? "";
    if (seen.has(value)) continue;
    seen.add(value);
    for (const name of (value.includes("&") ? decodeAttribute(value) : value).split(/\s+/)) if (name) into.add(name);
  }
  if (!script) return;
  for (const match of text.matchAll(/(["'`])((?:\\[\s\S]|(?!\1)[^\\])*)\1/g)) {
    for (const word of match[2]!.split(/[\s"'=<>]+/)) if (word) into.add(word);
  }
}

/** Classes the site's enhancement scripts set themselves (the theme on <html>, the carousel's dots, the video player). */
let scriptClasses: Set<string> | undefined;
function enhancementClasses(): Set<string> {
  if (!scriptClasses) {
    // The theme switch writes the class on <html> from a variable, so its two values are named here.
    scriptClasses = new Set(["light", "dark"]);
    clientDir ??= findClientDir();
    const folder = clientDir && path.join(clientDir, "assets", "enhance");
    for (const file of folder && fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
      if (file.endsWith(".js")) classesIn(fs.readFileSync(path.join(folder!, file), "utf8"), scriptClasses, true);
    }
  }
  return scriptClasses;
}

const trimmed = new Map<string, string>();
const TRIMMED_KEPT = 200;

/**
 * The rendered document with its inline stylesheet trimmed to the rules its
 * markup, inline styles and scripts can use. A document without our inline
 * stylesheet is returned as it is.
 */
export function trimInlineStylesheet(html: string): string {
  const match = CRITICAL_STYLE.exec(html);
  if (!match) return html;
  const rest = html.slice(0, match.index) + html.slice(match.index + match[0].length);
  const classes = new Set(enhancementClasses());
  classesIn(rest, classes, false);
  for (const script of rest.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) classesIn(script[1]!, classes, true);
  const properties = new Set(rest.match(/--[\w-]+/g) ?? []);
  // Pages built from the same parts share a class list (met in the same order): the trimmed sheet is kept for reuse by it.
  const key = `${[...classes].join(" ")}|${[...properties].join(" ")}|${match[2]!.length}`;
  let css = trimmed.get(key);
  if (css === undefined) {
    css = pruneCss(parsedStylesheet(match[2]!), { classes, customProperties: properties });
    if (trimmed.size >= TRIMMED_KEPT) trimmed.delete(trimmed.keys().next().value!);
    trimmed.set(key, css);
  }
  return html.slice(0, match.index) + match[1] + css + match[3] + html.slice(match.index + match[0].length);
}
