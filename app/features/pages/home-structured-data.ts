/**
 * What the home page tells search engines about the charity (schema.org
 * JSON-LD), built from what staff keep in Settings, so a new phone number,
 * address or social account shows in search results without a code change.
 * A detail Settings leaves empty is left out rather than guessed.
 */
import type { SiteSettings } from "#app/content/site";
import { absoluteUrl } from "./seo";

/** The site's logo: an asset of the build, the same for every install. */
export const LOGO_PATH = "/images/logo-light.svg";

/** A UK postcode at the end of an address line, e.g. "HX1 1AA". */
const POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/i;

/**
 * The Settings postal address (free text, one part a line or comma) as a
 * schema.org PostalAddress: a postcode at the end becomes postalCode, the
 * rest the street address. Lines are not guessed into town and county, as
 * staff type them in any order.
 */
export function postalAddressData(text: string): Record<string, unknown> | null {
  const parts = text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const last = parts[parts.length - 1]!;
  const postcode = POSTCODE.exec(last);
  let postalCode: string | undefined;
  if (postcode) {
    postalCode = `${postcode[1]!.toUpperCase()} ${postcode[2]!.toUpperCase()}`;
    const before = last.slice(0, postcode.index).trim();
    parts.splice(parts.length - 1, 1, ...(before ? [before] : []));
  }
  return {
    "@type": "PostalAddress",
    ...(parts.length ? { streetAddress: parts.join(", ") } : {}),
    ...(postalCode ? { postalCode } : {}),
    addressCountry: "GB",
  };
}

export function homeStructuredData(settings: SiteSettings, page: { origin: string; description: string }): Record<string, unknown> {
  const sameAs = Object.values(settings.social)
    .map((link) => link.trim())
    .filter(Boolean);
  const address = postalAddressData(settings.postalAddress);
  const place = settings.mapQuery.trim();
  return {
    "@context": "https://schema.org",
    "@type": "NGO",
    name: settings.charityName,
    url: absoluteUrl(page.origin, "/"),
    logo: absoluteUrl(page.origin, LOGO_PATH),
    ...(page.description ? { description: page.description } : {}),
    ...(settings.tagline ? { slogan: settings.tagline } : {}),
    ...(address ? { address } : {}),
    // The Find Us map's label and point: where the charity is found.
    ...(place
      ? { location: { "@type": "Place", name: place, geo: { "@type": "GeoCoordinates", latitude: settings.mapLatitude, longitude: settings.mapLongitude } } }
      : {}),
    ...(settings.email ? { email: settings.email } : {}),
    ...(settings.phone ? { telephone: settings.phone } : {}),
    ...(settings.charityNumber
      ? { identifier: { "@type": "PropertyValue", propertyID: "Registered charity number", value: settings.charityNumber } }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}
