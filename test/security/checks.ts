import { expect } from "vitest";
import type { Database } from "#app/platform/db/db.server";
import { XSS } from "./corpus";

/** What the hostile-input suite checks of the site's answers and state, apart from the cases themselves. */

export interface CaseResult {
  group: string;
  label: string;
  status: number;
}

/** Image variants are made in the background; snapshots wait until the worker has nothing left. */
export async function waitForMediaWorker(database: Database) {
  for (let i = 0; i < 300; i++) {
    const busy = await database.db.selectFrom("media_files").select("id").where("processing", "in", ["pending", "processing"]).execute();
    if (busy.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the media worker did not finish");
}

/** Every tag of the page that carries an on… attribute (onerror, onload…), as its first 200 characters. */
export function eventHandlerAttributes(html: string): string[] {
  const found: string[] = [];
  const attribute = /\s+([^\s=/>"']+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?/g;
  for (const tag of html.matchAll(/<[a-zA-Z][\w:-]*((?:\s+[^\s=/>"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g)) {
    for (const attr of tag[1]!.matchAll(attribute)) if (/^on/i.test(attr[1]!)) found.push(tag[0].slice(0, 200));
  }
  return found;
}

/** No payload survives as markup: each is escaped in HTML and in the data the page hydrates from. */
export function expectInert(html: string, url: string) {
  for (const payload of XSS) {
    if (!/[<>"]/.test(payload)) continue;
    expect(html.includes(payload), `${url} contains the raw payload ${payload}`).toBe(false);
  }
  // An event-handler attribute on any element: attributes are read as the browser reads them, so a name
  // quoted inside another attribute's value (an aria-label naming "<img onerror=…>", escaped) is not one.
  expect(eventHandlerAttributes(html), url).toEqual([]);
  expect(html, url).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
  expect(html, url).not.toMatch(/<iframe[^>]+srcdoc/i);
  // Every script element the browser would run is either one of our built
  // files (public pages load only the enhancement script, decision 010) or
  // inline with the response's nonce; nothing else can have been injected.
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    if (/type="application\/(ld\+)?json"/.test(tag)) continue;
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
    if (src !== undefined) expect(src, `${url}: a script from outside the build`).toMatch(/^\/assets\/[\w./-]+\.js$/);
    else expect(tag, `${url}: an inline script without the nonce`).toMatch(/nonce="/);
  }
}

export function summarise(results: CaseResult[], accepted: CaseResult[]) {
  const byGroup = new Map<string, { count: number; statuses: Record<string, number> }>();
  for (const r of results) {
    const key = r.group.startsWith("impostor ")
      ? "admin actions and uploads by impostors"
      : r.group.startsWith("admin ")
        ? "admin actions by an admin, bad values"
        : r.group.startsWith("public form ")
          ? "public forms"
          : r.group.startsWith("upload ")
            ? "uploads by an admin, hostile files"
            : r.group;
    const entry = byGroup.get(key) ?? { count: 0, statuses: {} };
    entry.count++;
    entry.statuses[r.status] = (entry.statuses[r.status] ?? 0) + 1;
    byGroup.set(key, entry);
  }
  const json = { refused: results.length, accepted: accepted.length, groups: Object.fromEntries(byGroup) };
  const text = [`hostile-input corpus: ${results.length} requests refused, ${accepted.length} accepted as content`, ...[...byGroup].map(([g, e]) => `  ${g}: ${e.count} (${Object.entries(e.statuses).map(([s, n]) => `${s}×${n}`).join(", ")})`)].join("\n");
  return { json, text };
}
