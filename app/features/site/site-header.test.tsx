import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "./site-header";

/** The desktop menu links marked as the current page, as "name → href". */
function currentLinks(pathname: string): string[] {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[pathname]}>
      <SiteHeader siteName="Halifax Community Development" />
    </MemoryRouter>,
  );
  const desktop = html.slice(html.indexOf('aria-label="Main"'), html.indexOf('aria-label="Mobile"'));
  return [...desktop.matchAll(/<a href="([^"]+)"[^>]*aria-current="page"[^>]*>([^<]+)/g)].map((m) => `${m[2]} → ${m[1]}`);
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
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={["/"]}>
        <SiteHeader siteName="Halifax Community Development" />
      </MemoryRouter>,
    );
    expect(html).not.toContain("data-discover");
    expect(html).toContain('href="/what-we-deliver/haf"');
  });
});
