import { describe, expect, it } from "vitest";
import { pageDocumentSchema } from "#app/features/pages/page-document";
import { markdownToRichText } from "./rich-text";
import { effectiveSeo, shorten } from "./page-seo";

const hero = { id: "hero", type: "hero", title: "Bike Rides", subtitle: "", image: { src: "/media/ride.webp", alt: "Riders by the canal" } };
const text = { id: "text", type: "text", body: markdownToRichText("We ride **every Sunday** from the hub. Bikes and helmets can be borrowed, and the routes suit beginners as well as regular riders who want to go further and faster each week.") };

describe("search and sharing defaults", () => {
  it("uses what staff typed when they typed it", () => {
    const doc = pageDocumentSchema.parse({ title: "Bike Rides", seo: { title: "Free bike rides in Halifax", description: "Join us.", image: { src: "/media/share.png", alt: "A ride" }, noindex: true }, blocks: [hero, text] });
    expect(effectiveSeo(doc)).toEqual({ title: "Free bike rides in Halifax", description: "Join us.", image: { src: "/media/share.png", alt: "A ride" }, noindex: true });
  });

  it("falls back to the page title, the hero's subtitle or the opening words, and the hero's picture", () => {
    const doc = pageDocumentSchema.parse({ title: "Bike Rides", blocks: [hero, text] });
    const seo = effectiveSeo(doc);
    expect(seo.title).toBe("Bike Rides");
    expect(seo.image).toEqual({ src: "/media/ride.webp", alt: "Riders by the canal" });
    expect(seo.description.startsWith("We ride every Sunday from the hub.")).toBe(true);
    expect(seo.description.length).toBeLessThanOrEqual(160);
    expect(seo.description.endsWith("…")).toBe(true);
    const withSubtitle = pageDocumentSchema.parse({ title: "Bike Rides", blocks: [{ ...hero, subtitle: "Ride with us" }, text] });
    expect(effectiveSeo(withSubtitle).description).toBe("Ride with us");
  });

  it("skips hidden blocks and cuts at a word", () => {
    const doc = pageDocumentSchema.parse({ title: "P", blocks: [{ ...hero, hidden: true, subtitle: "Hidden words" }] });
    expect(effectiveSeo(doc)).toEqual({ title: "P", description: "", image: null, noindex: false });
    expect(shorten("one two three four", 12)).toBe("one two…");
  });
});
