import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { flattenNavigation, NAVIGATION } from "#app/content/navigation";
import { SiteHeader } from "./site-header";

function renderHeader(pathname: string): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[pathname]}>
      <SiteHeader siteName="Halifax Community Development" menu={NAVIGATION} />
    </MemoryRouter>,
  );
}

/** The menu links marked as the current page, as "name → href". */
function currentLinks(pathname: string): string[] {
  const html = renderHeader(pathname);
  const menu = html.slice(html.indexOf("<nav"), html.indexOf("</nav>"));
  return [...menu.matchAll(/<a href="([^"]+)"[^>]*aria-current="page"[^>]*>([^<]+)/g)].map((m) => `${m[2]} → ${m[1]}`);
}

describe("SiteHeader's menu", () => {
  it("marks the page and its section as current, with plain links (no router markup)", () => {
    expect(currentLinks("/about/mission")).toEqual(["About → /about", "Our Mission → /about/mission"]);
    expect(currentLinks("/")).toEqual(["Home → /"]);
    expect(currentLinks("/news/life-skills-workshop")).toEqual(["News and Events → /news"]);
  });

  it("matches whole path segments, ignoring case and a trailing slash", () => {
    expect(currentLinks("/aboutus")).toEqual([]);
    expect(currentLinks("/About/Mission/")).toEqual(["About → /about", "Our Mission → /about/mission"]);
    // Home is current only on the home page itself.
    expect(currentLinks("/donate")).not.toContain("Home → /");
  });

  it("links every menu entry with a plain href", () => {
    const html = renderHeader("/");
    expect(html).not.toContain("data-discover");
    expect(html).toContain('href="/what-we-deliver/haf"');
  });

  it("holds each menu entry once, for both widths, and one list of each section's pages", () => {
    // One menu lays itself out for phone and desktop (site-header.css); two copies cost 130 elements a page.
    const html = renderHeader("/");
    expect(html.match(/<nav\b/g)).toHaveLength(1);
    const entries = flattenNavigation(NAVIGATION).map((entry) => entry.href);
    for (const href of new Set(entries)) {
      // As often as the menu names it ("Contact Us" is /contact again), and "/" once more for the logo.
      const expected = entries.filter((h) => h === href).length + (href === "/" ? 1 : 0);
      expect(html.split(`href="${href}"`).length - 1, href).toBe(expected);
    }
    for (const item of NAVIGATION.filter((entry) => entry.subItems)) {
      expect(html.split(`aria-label="${item.name} pages"`).length - 1, item.name).toBe(1);
    }
    // Drawn by CSS, not one <svg> per chevron, plus and minus.
    expect(html.match(/<svg\b/g)).toHaveLength(2);
  });
});
