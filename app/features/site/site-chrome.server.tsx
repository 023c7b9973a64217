import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { SiteFooterContent } from "./site-footer";
import { SiteHeaderContent } from "./site-header";
import type { SiteSettings } from "#app/content/site";
import type { NavItem } from "#app/content/types";
import type { SiteChromeHtml } from "./site-chrome";

// ~33 KB a key: at most ~8 MB.
const KEPT_LIMIT = 256;
const kept = new Map<string, SiteChromeHtml>();

/**
 * The inside of a public page's header and footer, kept as HTML between
 * renders (docs/decisions/011-start-up-and-render-cost.md, "Header and footer").
 *
 * They are most of a page's elements (the menu alone is ~460 of ~600) and
 * the same on every render of an address until the settings change, so
 * rendering them again cost ~30% of a page render for nothing. What they
 * show depends only on what is in the key: the settings, the menus staff
 * saved (as resolved to addresses), the year (the copyright line), and the path and query (which menu entry is current,
 * where the theme and newsletter forms come back to, the newsletter's
 * thanks). Nothing is invalidated, because a change to any of those is a
 * different key; the map is bounded and starts again when full.
 *
 * Used only for pages that are never hydrated (the public layout): React
 * fills the <header> and <footer> with this markup and would not match it
 * on the client.
 *
 * Returns the header and footer for one address and the settings in force,
 * rendered once per distinct key.
 */
export function siteChromeHtml(settings: SiteSettings, url: URL, menus: { header: readonly NavItem[]; footer: readonly NavItem[] }): SiteChromeHtml {
  const year = new Date().getFullYear();
  const at = url.pathname + url.search;
  const key = `${year}\n${at}\n${JSON.stringify(settings)}\n${JSON.stringify(menus)}`;
  let html = kept.get(key);
  if (!html) {
    // The parts read the address with useLocation, as they do inside the page.
    const render = (part: React.ReactNode) =>
      // A prefix of its own so useId's ids cannot repeat ones in the page.
      renderToStaticMarkup(<MemoryRouter initialEntries={[at]}>{part}</MemoryRouter>, { identifierPrefix: "chrome-" });
    html = {
      header: render(<SiteHeaderContent siteName={settings.charityName} menu={menus.header} />),
      footer: render(<SiteFooterContent settings={settings} links={menus.footer} year={year} />),
    };
    if (kept.size >= KEPT_LIMIT) kept.clear();
    kept.set(key, html);
  }
  return html;
}
