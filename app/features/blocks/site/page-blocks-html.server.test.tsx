import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "#app/content/site";
import { blockSchema, type Block } from "#app/features/blocks/block-schema";
import { EMPTY_BLOCK_DATA, type BlockData } from "#app/features/blocks/block-data";
import { markdownToRichText } from "#app/features/blocks/rich-text";
import type { PublicEvent } from "#app/features/events/event-format";
import { PageBlocks, type PageBlocksProps } from "./page-blocks";
import { pageBlocksHtml } from "./page-blocks-html.server";

const block = (input: Record<string, unknown>): Block => blockSchema.parse(input);

const event = (id: string, title: string): PublicEvent => ({
  id,
  slug: id,
  title,
  category: "Sport",
  date: "2026-12-05",
  time: "10:00",
  scheduleNote: null,
  location: "The centre",
  description: "A morning ride.",
  imageUrl: null,
  imageAlt: null,
});

/** Every kind of block that is kept as HTML, with the records they list. */
function page(overrides: Partial<BlockData> = {}, blocks?: Block[]): PageBlocksProps {
  return {
    pagePath: "/about/programmes",
    blocks: blocks ?? [
      block({ id: "hero", type: "hero", title: "Programmes", subtitle: "What we run", buttons: [{ label: "Join", href: "/contact" }] }),
      block({ id: "text", type: "text", title: "About", body: markdownToRichText("Words **bold** and [a link](/donate).") }),
      block({ id: "cards", type: "cards", title: "Ways in", cards: [{ title: "Sport", description: "Weekly", icon: "Trophy", href: "/volunteer", buttonLabel: "More" }] }),
      block({ id: "figures", type: "figures", title: "Numbers", figures: [{ value: 120, suffix: "+", label: "Young people" }] }),
      block({ id: "steps", type: "steps", title: "How", steps: [{ title: "Call", icon: "Phone" }, { title: "Come" }] }),
      block({ id: "faq", type: "faq", title: "Questions", entries: [{ id: "q1", topic: "Sessions", question: "Cost?", answer: "Free." }] }),
      block({ id: "donation", type: "donation", title: "Give", oneOff: [{ amount: 10, impact: "A meal" }], monthly: [{ amount: 5, name: "Friend" }] }),
      block({ id: "testimonials", type: "testimonials", title: "What people say" }),
      block({ id: "events", type: "events", title: "Coming up" }),
      block({ id: "contact", type: "contact", title: "Find us" }),
      block({ id: "map", type: "map", title: "Map" }),
      block({ id: "vacancies", type: "vacancies", title: "Roles" }),
      block({ id: "buttons", type: "buttons", title: "Help", buttons: [{ label: "Volunteer", href: "/volunteer" }] }),
      block({ id: "image", type: "image", image: { src: "/images/cycling.svg", alt: "A ride" }, caption: "On the canal" }),
      block({ id: "gallery", type: "gallery", title: "Pictures", images: [{ src: "/images/football.svg", alt: "A match", caption: "Cup day" }] }),
      block({ id: "videos", type: "videos", title: "Videos", assignment: "about" }),
    ],
    data: {
      ...EMPTY_BLOCK_DATA(DEFAULT_SITE_SETTINGS),
      testimonials: [{ id: "t1", quote: "Brilliant sessions.", author: "A parent", role: "Parent", color: "primary" }],
      events: { upcoming: [event("e1", "Winter ride")], past: [] },
      vacancies: [],
      galleries: { videos: { videos: [{ id: "v1", fileUrl: "/media/v1.mp4", caption: "Ride day", altText: "Riders on the canal" }], failed: false } },
      ...overrides,
    },
  };
}

/** What PageBlocks draws in place, inside its <article>, with the same id prefix. */
function renderedInPlace(props: PageBlocksProps): string {
  return renderToStaticMarkup(<PageBlocks {...props} />, { identifierPrefix: "blocks-" }).replace(/^<article>|<\/article>$/g, "");
}

describe("pageBlocksHtml: a page's blocks kept as HTML", () => {
  it("is exactly what the blocks render in place, drawn without a router or request (the blocks read only their props)", () => {
    const props = page();
    const html = pageBlocksHtml(props);
    expect(html).toBe(renderedInPlace(props));
    for (const shown of ["Programmes", "Ways in", "Brilliant sessions.", "Winter ride", "Cost?", DEFAULT_SITE_SETTINGS.email, "On the canal", "Cup day", "Ride day", "Volunteer"]) expect(html).toContain(shown);
  });

  it("follows a change to anything the blocks show at once (nothing to invalidate)", () => {
    expect(pageBlocksHtml(page())).toContain("Winter ride");
    const renamed = pageBlocksHtml(page({ events: { upcoming: [event("e1", "Spring ride")], past: [] } }));
    expect(renamed).toContain("Spring ride");
    expect(renamed).not.toContain("Winter ride");
    const noQuotes = pageBlocksHtml(page({ testimonials: [] }));
    expect(noQuotes).not.toContain("Brilliant sessions.");
    const moved = pageBlocksHtml(page({ settings: { ...DEFAULT_SITE_SETTINGS, email: "hello@example.org" } }));
    expect(moved).toContain("hello@example.org");
    const edited = page();
    const blocks = edited.blocks.map((b) => (b.type === "faq" ? { ...b, entries: [{ ...b.entries[0]!, answer: "Still free." }] } : b));
    expect(pageBlocksHtml({ ...edited, blocks })).toContain("Still free.");
    // And back: the first answer again, not the last one drawn.
    expect(pageBlocksHtml(page())).toBe(renderedInPlace(page()));
  });

  it("leaves a page with a form to be drawn in place, since a form shows the request's own state", () => {
    const form = block({ id: "form", type: "form", form: "question", title: "Ask us" });
    expect(pageBlocksHtml(page({}, [...page().blocks, form]))).toBeNull();
    // A hidden form is not drawn at all, so it does not stop the rest being kept.
    expect(pageBlocksHtml(page({}, [...page().blocks, { ...form, hidden: true }]))).toBe(renderedInPlace(page()));
  });
});
