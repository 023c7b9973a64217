import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "#app/content/site";
import { SECONDARY_LINKS } from "#app/content/navigation";
import { ContactDetails } from "./contact-details";
import { SiteFooter } from "./site-footer";

/**
 * The charity's phone number, as parents tap it on the Contact page and in
 * the footer: written the way people write UK numbers, dialled the way the
 * network needs ("+44 (0)1422…" is +441422…, not +4401422…).
 */
const settings = { ...DEFAULT_SITE_SETTINGS, phone: "+44 (0)1422 123456" };

describe("the charity's phone number on public pages", () => {
  it("dials without the 0 written after +44, on the Contact page and in the footer", () => {
    for (const html of [
      renderToStaticMarkup(<ContactDetails settings={settings} />),
      renderToStaticMarkup(
        <MemoryRouter>
          <SiteFooter settings={settings} links={SECONDARY_LINKS} />
        </MemoryRouter>,
      ),
    ]) {
      expect(html).toContain('href="tel:+441422123456"');
      expect(html).toContain("+44 (0)1422 123456");
      expect(html).not.toContain("tel:+4401422");
    }
  });
});
