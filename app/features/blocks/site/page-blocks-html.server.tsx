import { renderToStaticMarkup } from "react-dom/server";
import { PageBlockList, type PageBlocksProps } from "./page-blocks";

// Keys and HTML together; a 30-block page is ~140 KB of both, so this holds dozens of pages.
const KEPT_BYTES = 8 * 1024 * 1024;
const kept = new Map<string, string>();
let keptBytes = 0;

/**
 * A page's blocks as HTML, rendered once while what they show is unchanged
 * (docs/decisions/011-start-up-and-render-cost.md, "Page blocks").
 *
 * Block pages are most of a render's work (a 30-block page is four times
 * /about/mission's markup) and the same on every uncached render until the
 * page, a record it lists or the settings change. The key is everything the
 * blocks are drawn from, as JSON: the blocks, their data (settings, events,
 * testimonials, galleries, pictures), the page's path and hero picture. So a
 * change to any of them is a new key and nothing needs invalidating; the
 * components read nothing else (no hooks, no clock, no request), which
 * page-blocks-html.server.test.tsx holds them to. The map is bounded by
 * size and starts again when full.
 *
 * Returns null for a page with a form block: a form shows the request's own
 * state (what was typed, its errors, "sent") through the router, so it is
 * rendered in place every time. Used only for pages that never hydrate:
 * React fills the page's <article> with this markup and would not match it
 * on the client.
 */
export function pageBlocksHtml(props: PageBlocksProps): string | null {
  if (props.blocks.some((b) => b.type === "form" && !b.hidden)) return null;
  const key = JSON.stringify([props.pagePath, props.heroPicture ?? null, props.data, props.blocks]);
  let html = kept.get(key);
  if (html === undefined) {
    // A prefix of its own so any id React makes cannot repeat one elsewhere on the page.
    html = renderToStaticMarkup(<PageBlockList {...props} />, { identifierPrefix: "blocks-" });
    const bytes = 2 * (key.length + html.length);
    if (keptBytes + bytes > KEPT_BYTES) {
      kept.clear();
      keptBytes = 0;
    }
    kept.set(key, html);
    keptBytes += bytes;
  }
  return html;
}
