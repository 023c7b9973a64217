import { Camera, Mail, MessageCircle, Phone, Video } from "lucide-react";
import type { SiteSettings } from "#app/content/site";
import type { NavItem } from "#app/content/types";
import { FindUsMap } from "./find-us-map";
import { NewsletterForm } from "#app/features/newsletter/site/newsletter-form";
import { telHref } from "#app/web/phone";

const SOCIAL = [
  { key: "youtube", label: "YouTube", Icon: Video },
  { key: "instagram", label: "Instagram", Icon: Camera },
  { key: "twitter", label: "X (Twitter)", Icon: MessageCircle },
] as const;

/** The footer element's own classes: the layout may fill it with markup kept from an earlier render (app/features/site/site-chrome.server.tsx). */
export const SITE_FOOTER_CLASS = "mt-16 border-t border-border bg-card text-card-foreground";

export function SiteFooter({ settings, links }: { settings: SiteSettings; links: readonly NavItem[] }) {
  return (
    <footer className={SITE_FOOTER_CLASS}>
      <SiteFooterContent settings={settings} links={links} year={new Date().getFullYear()} />
    </footer>
  );
}

/** What is inside the footer: it depends only on the settings, the footer links staff saved, the year and the address (path and query, for the newsletter form). */
export function SiteFooterContent({ settings, links, year }: { settings: SiteSettings; links: readonly NavItem[]; year: number }) {
  const socials = SOCIAL.filter((s) => settings.social[s.key]);
  return (
    <>
      <section id="newsletter" aria-labelledby="newsletter-heading" className="relative scroll-mt-24 border-b border-border">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 md:grid-cols-2">
          <div>
            <h2 id="newsletter-heading" className="mb-2 text-2xl font-semibold">
              Join Our Newsletter
            </h2>
            <p className="text-sm text-muted-foreground">News from our sessions, events and ways to help, straight to your inbox.</p>
          </div>
          <NewsletterForm />
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-3">
        <section aria-labelledby="footer-about-heading">
          <h2 id="footer-about-heading" className="mb-3 text-lg font-semibold">
            {settings.charityName}
          </h2>
          <p className="text-sm text-muted-foreground">{settings.tagline}</p>
          {socials.length > 0 && (
            <ul className="mt-4 flex gap-2" aria-label="Social media">
              {socials.map(({ key, label, Icon }) => (
                <li key={key}>
                  <a
                    href={settings.social[key]}
                    className="inline-flex size-11 items-center justify-center rounded-md border border-border hover:bg-muted"
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    <Icon aria-hidden="true" className="size-5" />
                    <span className="sr-only">{label} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          {links.length > 0 && (
          <ul className="mt-4 space-y-1 text-sm" aria-label="More pages">
            {links.map((link, index) => (
              <li key={`${index}:${link.href}`}>
                <a href={link.href} className="inline-flex min-h-6 items-center underline">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
          )}
        </section>
        <section aria-labelledby="footer-contact-heading">
          <h2 id="footer-contact-heading" className="mb-3 text-lg font-semibold">
            Contact
          </h2>
          <ul className="space-y-2 text-sm">
            {settings.phone ? (
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4" />
                <a href={telHref(settings.phone) ?? `tel:${settings.phone.replace(/[^+\d]/g, "")}`} className="inline-flex min-h-6 items-center underline">
                  {settings.phone}
                </a>
              </li>
            ) : null}
            {settings.email ? (
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4" />
                <a href={`mailto:${settings.email}`} className="inline-flex min-h-6 items-center underline">
                  {settings.email}
                </a>
              </li>
            ) : null}
            {!settings.phone && !settings.email ? <li className="text-muted-foreground">Contact details coming soon.</li> : null}
            {settings.postalAddress ? <li className="whitespace-pre-line text-muted-foreground">{settings.postalAddress}</li> : null}
            <li>
              <a href="/contact" className="inline-flex min-h-6 items-center underline">
                All the ways to reach us
              </a>
            </li>
          </ul>
        </section>
        <FindUsMap latitude={settings.mapLatitude} longitude={settings.mapLongitude} label={settings.mapQuery} />
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-muted-foreground">
          {`© ${year} ${settings.charityName}. All rights reserved.`}
          {settings.charityNumber ? ` Registered charity number ${settings.charityNumber}.` : ""}
        </p>
      </div>
    </>
  );
}
