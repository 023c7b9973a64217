import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "./site-footer";
import { SiteHeader, SITE_HEADER_CLASS } from "./site-header";
import { NEWSLETTER_THANKS } from "#app/features/newsletter/site/newsletter-form";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "#app/content/site";
import { siteChromeHtml } from "./site-chrome.server";
import { NAVIGATION, SECONDARY_LINKS } from "#app/content/navigation";

const menus = { header: NAVIGATION, footer: SECONDARY_LINKS };

const at = (address: string) => new URL(address, "http://localhost");

/** The header or footer as the components render it in place, with the same id prefix. */
function renderedInPlace(address: string, part: React.ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[address]}>{part}</MemoryRouter>, { identifierPrefix: "chrome-" });
}

describe("siteChromeHtml: the header and footer kept as HTML", () => {
  it("is exactly what the header and footer render in place, for the address asked", () => {
    const settings: SiteSettings = {
      ...DEFAULT_SITE_SETTINGS,
      phone: "01422 123456",
      charityNumber: "1234567",
    };
    for (const address of ["/", "/about/mission", "/news?page=2", "/%C3%A9v%C3%A9nements"]) {
      const html = siteChromeHtml(settings, at(address), menus);
      expect(`<header class="${SITE_HEADER_CLASS}">${html.header}</header>`).toBe(renderedInPlace(address, <SiteHeader siteName={settings.charityName} menu={menus.header} />));
      expect(html.footer).toBe(renderedInPlace(address, <SiteFooter settings={settings} links={menus.footer} />).replace(/^<footer[^>]*>|<\/footer>$/g, ""));
    }
  });

  it("marks the current page for each address, and sends the forms back to it with its query", () => {
    const about = siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/about/mission"), menus).header;
    const news = siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/news?page=2"), menus).header;
    expect(about).toMatch(/<a href="\/about\/mission"[^>]*aria-current="page"/);
    expect(about).not.toMatch(/<a href="\/news"[^>]*aria-current="page"/);
    expect(news).toMatch(/<a href="\/news"[^>]*aria-current="page"/);
    expect(news).toContain('name="redirectTo" value="/news?page=2"');
  });

  it("shows the newsletter's thanks only on the address that asks for it", () => {
    expect(siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/about?newsletter=check-email"), menus).footer).toContain(NEWSLETTER_THANKS);
    expect(siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/about"), menus).footer).not.toContain(NEWSLETTER_THANKS);
  });

  it("follows a change of settings at once (nothing to invalidate)", () => {
    const before = siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/contact"), menus);
    const renamed: SiteSettings = {
      ...DEFAULT_SITE_SETTINGS,
      charityName: "Calder Valley Youth",
      phone: "01422 654321",
    };
    const after = siteChromeHtml(renamed, at("/contact"), menus);
    expect(before.footer).not.toContain("01422 654321");
    expect(after.footer).toContain('href="tel:01422654321"');
    expect(after.header).toContain('aria-label="Calder Valley Youth: home"');
    // The first settings still give the first markup.
    expect(siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/contact"), menus)).toEqual(before);
  });

  it("follows a change of the menus at once: a renamed header item and a new footer link", () => {
    const before = siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/contact"), menus);
    const changed = {
      header: NAVIGATION.map((item) => (item.href === "/news" ? { ...item, name: "What's On" } : item)),
      footer: [...SECONDARY_LINKS, { name: "Annual Report", href: "/about/funders" }],
    };
    const after = siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/contact"), changed);
    expect(before.header).toContain(">News and Events</a>");
    expect(after.header).toContain('<a href="/news">What&#x27;s On</a>');
    expect(after.header).not.toContain(">News and Events</a>");
    expect(after.footer).toContain('href="/about/funders" class="inline-flex min-h-6 items-center underline">Annual Report</a>');
  });
});
