// What a public page asks the browser to lay out and parse, beside what it
// downloads: the elements in its body (style and layout work grows with
// them; Lighthouse's "DOM size" counts the same) and the raw bytes of its
// inline stylesheet (parsed on every view, decision 010). Shared by the
// budget guard (e2e/budget.spec.ts) and `npm run bench lighthouse`.

/** The page both are measured on: a plain content page, the header and footer most of it. */
export const WEIGHED_PAGE = "/about/mission";

export const PAGE_BUDGETS = {
  /** Elements inside <body>, as rendered (313 before the header's two menus became one). */
  bodyElements: 200,
  /**
   * Raw bytes of the inline stylesheet, trimmed to the page
   * (app/platform/render/css-prune.server.ts): 33.4 KB before the public
   * stylesheet was trimmed, 24.4 KB after, 15.4 KB trimmed per page.
   */
  inlineCssBytes: 16 * 1024,
  inlineCssGoal: 16 * 1024,
};

/** Raw bytes (UTF-8) of every <style> element's text in a page's HTML. */
export function inlineCssBytes(html) {
  let bytes = 0;
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) bytes += Buffer.byteLength(match[1], "utf8");
  return bytes;
}
