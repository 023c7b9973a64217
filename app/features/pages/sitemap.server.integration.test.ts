import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { createEvent, deleteEvent, setEventPublished } from "#app/features/events/events.server";
import { sitemapPaths, sitemapXml } from "./sitemap.server";
import { TEST_ACTOR } from "../../../test/actor";

const ORIGIN = "https://charity.example.org";

const event = (title: string, published: boolean) => ({
  title,
  category: "community",
  date: "2026-06-20",
  time: "12:00",
  location: "Community Centre, Halifax",
  description: "Games, food and music for all the family.",
  ...(published ? { published: "on" } : {}),
});

/** The <url> entry of one address, or null when the sitemap does not list it. */
function entry(xml: string, loc: string): string | null {
  return xml.match(/<url>[\s\S]*?<\/url>/g)?.find((u) => u.includes(`<loc>${loc}</loc>`)) ?? null;
}

describeEachEngine("sitemap", (get) => {
  it("lists published events' pages with the day they last changed, not drafts, and drops deleted ones", async () => {
    const published = await createEvent(get(), event("Summer Fun Day", true));
    const draft = await createEvent(get(), event("Secret Planning Meeting", false));
    if (!published.ok || !draft.ok) throw new Error("could not create the events");

    let xml = await sitemapXml(get(), ORIGIN);
    // The built-in pages are still there.
    expect(entry(xml, `${ORIGIN}/`)).toContain("<priority>1.0</priority>");
    expect(entry(xml, `${ORIGIN}/news`)).not.toBeNull();
    // The three seeded News cards are published events too.
    expect(entry(xml, `${ORIGIN}/news/summer-fun-day`)).toContain(`<lastmod>${published.data.updatedAt.slice(0, 10)}</lastmod>`);
    expect(entry(xml, `${ORIGIN}/news/secret-planning-meeting`)).toBeNull();
    expect(xml).not.toContain("secret-planning-meeting");

    // Publishing the draft lists it; unpublishing the other removes it.
    await setEventPublished(get(), draft.data.id, true);
    await setEventPublished(get(), published.data.id, false);
    xml = await sitemapXml(get(), ORIGIN);
    expect(entry(xml, `${ORIGIN}/news/secret-planning-meeting`)).not.toBeNull();
    expect(entry(xml, `${ORIGIN}/news/summer-fun-day`)).toBeNull();

    await deleteEvent(get(), draft.data.id, TEST_ACTOR);
    xml = await sitemapXml(get(), ORIGIN);
    expect(xml).not.toContain("secret-planning-meeting");
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });

  it("gives the server the same addresses to prepare ahead, the home page first", async () => {
    const xml = await sitemapXml(get(), ORIGIN);
    const paths = await sitemapPaths(get());
    expect(paths[0]).toBe("/");
    expect(paths).toEqual([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
    // The seeded News cards are published events, each a page of its own.
    expect(paths.filter((p) => p.startsWith("/news/")).length).toBeGreaterThan(0);
  });
});
