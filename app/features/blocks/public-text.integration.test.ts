import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { root, serveSite } from "../../../test/site-process";
import { capturePublicText } from "../../../test/public-text.mjs";

/**
 * A fresh install's public pages, now put together from blocks, read word
 * for word as they did when their sections were code: the visible text of
 * each page's <main>, its title and its meta description, against the
 * record made from the build before the change (scripts/public-text.mjs).
 */

type PageText = { status: number; title: string; description: string; main: string };
const recorded = JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/public-text.json"), "utf8")) as Record<string, PageText>;

/**
 * Deliberate changes, applied to the record before comparing: the home
 * page's Explore cards are a cards block like every other card grid, so
 * their link names the card after a colon for screen readers, as the
 * others always have ("Explore: What We Deliver").
 */
const DELIBERATE: { path: string; field: "main"; from: string; to: string }[] = ["What We Deliver", "What We Offer", "Volunteer", "News and Events"].map(
  (title) => ({ path: "/", field: "main", from: `Explore ${title}`, to: `Explore : ${title}` }),
);
for (const fix of DELIBERATE) {
  const page = recorded[fix.path]!;
  if (!page[fix.field].includes(fix.from)) throw new Error(`the record of ${fix.path} no longer holds "${fix.from}"`);
  page[fix.field] = page[fix.field].replace(fix.from, fix.to);
}

/** Where two texts first part, with some words either side, so a failure says what changed. */
function firstDifference(before: string, after: string): string {
  let i = 0;
  while (i < before.length && before[i] === after[i]) i++;
  const from = Math.max(0, i - 60);
  return `before: …${before.slice(from, i + 80)}…\n   now: …${after.slice(from, i + 80)}…`;
}

describeEachEngine("a fresh install's public pages read as before", (getDb) => {
  const served = serveSite(getDb);

  it("shows every recorded page with the same words, title and description", async () => {
    const now = (await capturePublicText(served.site.url)) as Record<string, PageText>;
    const differences: string[] = [];
    for (const [pagePath, before] of Object.entries(recorded)) {
      const after = now[pagePath];
      if (!after) {
        differences.push(`${pagePath}: no longer listed`);
        continue;
      }
      for (const field of ["status", "title", "description", "main"] as const) {
        if (before[field] !== after[field]) differences.push(`${pagePath} ${field}:\n${firstDifference(String(before[field]), String(after[field]))}`);
      }
    }
    for (const pagePath of Object.keys(now)) if (!recorded[pagePath]) differences.push(`${pagePath}: new page, not recorded`);
    expect(differences).toEqual([]);
  }, 120_000);
});
