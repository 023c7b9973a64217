import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "#app/content/site";
import { homeStructuredData, postalAddressData } from "./home-structured-data";

const page = { origin: "https://www.example.org", description: "Youth work, sport, art and education in Halifax." };
const settings = (extra: Partial<SiteSettings> = {}): SiteSettings => ({ ...DEFAULT_SITE_SETTINGS, social: { ...DEFAULT_SITE_SETTINGS.social }, ...extra });

describe("the home page's structured data", () => {
  it("describes the charity from Settings as an NGO with its contact details, address, number and social accounts", () => {
    const data = homeStructuredData(
      settings({
        charityName: "Calder Youth Trust",
        tagline: "Sport and art for young people",
        phone: "01422 123456",
        email: "hello@calder.example",
        postalAddress: "Unit 4, Dean Clough\nHalifax\nHX3 5AX",
        charityNumber: "1190000",
        mapQuery: "Dean Clough, Halifax",
        mapLatitude: 53.73,
        mapLongitude: -1.87,
        social: { youtube: "https://youtube.com/@calder", instagram: "", twitter: "https://x.com/calder", tiktok: "", snapchat: "" },
      }),
      page,
    );
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "NGO",
      name: "Calder Youth Trust",
      url: "https://www.example.org/",
      logo: "https://www.example.org/images/logo-light.svg",
      description: page.description,
      slogan: "Sport and art for young people",
      address: { "@type": "PostalAddress", streetAddress: "Unit 4, Dean Clough, Halifax", postalCode: "HX3 5AX", addressCountry: "GB" },
      location: { "@type": "Place", name: "Dean Clough, Halifax", geo: { "@type": "GeoCoordinates", latitude: 53.73, longitude: -1.87 } },
      email: "hello@calder.example",
      telephone: "01422 123456",
      identifier: { "@type": "PropertyValue", propertyID: "Registered charity number", value: "1190000" },
      sameAs: ["https://youtube.com/@calder", "https://x.com/calder"],
    });
  });

  it("leaves out what Settings leaves empty instead of making it up", () => {
    const data = homeStructuredData(settings({ mapQuery: "", tagline: "" }), { ...page, description: "" });
    expect(Object.keys(data).sort()).toEqual(["@context", "@type", "logo", "name", "url"]);
  });

  it("reads a postcode on the last line or after a comma, and takes an address without one as it is", () => {
    expect(postalAddressData("1 High Street, Halifax hx1 1aa")).toEqual({ "@type": "PostalAddress", streetAddress: "1 High Street, Halifax", postalCode: "HX1 1AA", addressCountry: "GB" });
    expect(postalAddressData("The Old Chapel\nKing Cross")).toEqual({ "@type": "PostalAddress", streetAddress: "The Old Chapel, King Cross", addressCountry: "GB" });
    expect(postalAddressData("  \n ")).toBeNull();
  });
});
