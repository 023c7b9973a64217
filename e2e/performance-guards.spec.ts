import { expect, test } from "@playwright/test";

/**
 * Guards for what makes public pages fast that a timing cannot pin down:
 * every image reserves its space (width and height, so nothing shifts as it
 * loads), nothing from another origin blocks the first paint, and anonymous
 * views come with caching headers. Every page in the sitemap is checked, as
 * served to an anonymous visitor.
 */

interface Tag {
  name: string;
  attrs: Map<string, string>;
  raw: string;
}

function tags(html: string, name: string): Tag[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))].map((m) => {
    const attrs = new Map<string, string>();
    for (const a of m[1]!.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? "");
    }
    return { name, attrs, raw: m[0] };
  });
}

test("every public page: images with width and height, no render-blocking third party, cacheable by shared caches", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(pages.length, "pages in the sitemap").toBeGreaterThan(20);
  const origin = new URL(baseURL!).origin;
  const thirdParty = (url: string | undefined) => !!url && new URL(url, origin).origin !== origin;
  const problems: string[] = [];
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    for (const img of tags(html, "img")) {
      const [w, h] = [img.attrs.get("width"), img.attrs.get("height")];
      if (!w || !h || !/^\d+$/.test(w) || !/^\d+$/.test(h)) problems.push(`${path}: <img> without numeric width and height: ${img.raw.slice(0, 160)}`);
    }
    for (const link of tags(html, "link")) {
      if (link.attrs.get("rel")?.split(/\s+/).includes("stylesheet") && thirdParty(link.attrs.get("href"))) {
        problems.push(`${path}: stylesheet from another origin blocks rendering: ${link.attrs.get("href")}`);
      }
    }
    for (const script of tags(html, "script")) {
      const src = script.attrs.get("src");
      const deferred = script.attrs.has("async") || script.attrs.has("defer") || script.attrs.get("type") === "module";
      if (thirdParty(src) && !deferred) problems.push(`${path}: script from another origin blocks parsing: ${src}`);
    }
    if (tags(html, "link").filter((l) => l.attrs.get("rel") === "stylesheet").length > 1) problems.push(`${path}: more than one render-blocking stylesheet`);
    // Anonymous public HTML: shareable for a minute, revalidated by ETag.
    expect(response.headers()["cache-control"], path).toContain("s-maxage=");
    expect(response.headers()["etag"], path).toBeTruthy();
  }
  expect(problems).toEqual([]);
});

test("a repeat view is answered from the page cache, and a conditional one with 304", async ({ request }) => {
  await request.get("/about");
  const again = await request.get("/about");
  expect(again.headers()["x-cache"]).toBe("hit");
  const notModified = await request.get("/about", { headers: { "If-None-Match": again.headers()["etag"]! } });
  expect(notModified.status()).toBe(304);
});
