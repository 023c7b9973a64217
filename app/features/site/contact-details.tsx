import { Mail, MapPin, Phone } from "lucide-react";
import { CONTACT_PLACEHOLDER_TEXT, type SiteSettings } from "#app/content/site";
import { telHref } from "#app/web/phone";

/** Phone, email and postal address from the site settings, or a clear placeholder when one is not set yet. */
export function ContactDetails({ settings, headingLevel = 3 }: { settings: SiteSettings; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as "h3";
  const cards = [
    {
      title: "Phone",
      Icon: Phone,
      value: settings.phone ? (
        <a href={telHref(settings.phone) ?? `tel:${settings.phone.replace(/[^+\d]/g, "")}`} className="inline-flex min-h-6 items-center font-medium text-primary underline">
          {settings.phone}
        </a>
      ) : null,
    },
    {
      title: "Email",
      Icon: Mail,
      value: settings.email ? (
        <a href={`mailto:${settings.email}`} className="inline-flex min-h-6 items-center break-all font-medium text-primary underline">
          {settings.email}
        </a>
      ) : null,
    },
    {
      title: "Address",
      Icon: MapPin,
      value: settings.postalAddress ? <span className="whitespace-pre-line">{settings.postalAddress}</span> : null,
    },
  ];
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {cards.map(({ title, Icon, value }) => (
        <li key={title} className="rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <Heading className="mt-4 text-xl font-semibold">{title}</Heading>
          <p className="mt-2">{value ?? <span className="text-muted-foreground">{CONTACT_PLACEHOLDER_TEXT}</span>}</p>
        </li>
      ))}
    </ul>
  );
}
