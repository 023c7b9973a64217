import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "./site-footer";
import { SiteHeader, SITE_HEADER_CLASS } from "./site-header";
import { NEWSLETTER_THANKS } from "#app/features/newsletter/site/newsletter-form";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "#app/content/site";
import { siteChromeHtml } from "./site-chrome.server";

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
      const html = siteChromeHtml(settings, at(address));
      expect(`<header class="${SITE_HEADER_CLASS}">${html.header}</header>`).toBe(renderedInPlace(address, <SiteHeader siteName={settings.charityName} />));
      expect(html.footer).toBe(renderedInPlace(address, <SiteFooter settings={settings} />).replace(/^<footer[^>]*>|<\/footer>$/g, ""));
    }
  });

  it("marks the current page for each address, and sends the forms back to it with its query", () => {
    const about = siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/about/mission")).header;
    const news = siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/news?page=2")).header;
    expect(about).toMatch(/<a href="\/about\/mission"[^>]*aria-current="page"/);
    expect(about).not.toMatch(/<a href="\/news"[^>]*aria-current="page"/);
    expect(news).toMatch(/<a href="\/news"[^>]*aria-current="page"/);
    expect(news).toContain('name="redirectTo" value="/news?page=2"');
  });

  it("shows the newsletter's thanks only on the address that asks for it", () => {
    expect(siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/about?newsletter=check-email")).footer).toContain(NEWSLETTER_THANKS);
    expect(siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/about")).footer).not.toContain(NEWSLETTER_THANKS);
  });

  it("follows a change of settings at once (nothing to invalidate)", () => {
    const before = siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/contact"));
    const renamed: SiteSettings = {
      ...DEFAULT_SITE_SETTINGS,
      charityName: "Calder Valley Youth",
      phone: "01422 654321",
    };
    const after = siteChromeHtml(renamed, at("/contact"));
    expect(before.footer).not.toContain("01422 654321");
    expect(after.footer).toContain('href="tel:01422654321"');
    expect(after.header).toContain('aria-label="Calder Valley Youth: home"');
    // The first settings still give the first markup.
    expect(siteChromeHtml(DEFAULT_SITE_SETTINGS, at("/contact"))).toEqual(before);
  });
});
