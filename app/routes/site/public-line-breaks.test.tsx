import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { builtInPageContent, getPageById } from "#app/content/pages";
import { DEFAULT_SITE_SETTINGS } from "#app/content/site";
import { EMPTY_BLOCK_DATA, type BlockData } from "#app/features/blocks/block-data";
import { pageBlocksFor } from "#app/features/blocks/page-blocks-for";
import type { PublicEvent } from "#app/features/events/event-format";
import type { Opportunity } from "#app/features/volunteers/volunteer-roles.server";
import type { Route as NewsRoute } from "./+types/news";
import type { Route as VacanciesRoute } from "./+types/volunteer.vacancies";
import News from "./news";
import VolunteerVacancies from "./volunteer.vacancies";

/**
 * Descriptions staff type in an admin textarea keep their line breaks, and
 * visitors see their paragraphs apart, not run together.
 */

/** Props for a public route's component: the page's built-in copy as blocks, no videos, and the records in `extra`. */
function props<T>(id: string, extra: Partial<BlockData>): T {
  const builtIn = getPageById(id);
  if (!builtIn) throw new Error(`no page ${id}`);
  const page = builtInPageContent(builtIn);
  const blockData = { ...EMPTY_BLOCK_DATA(DEFAULT_SITE_SETTINGS), ...extra };
  const loaderData = { page, path: builtIn.path, blocks: pageBlocksFor(id, { page }), blockData, heroPicture: null, gallery: { videos: [], failed: false }, heroInline: null };
  return { loaderData, params: {}, matches: [] } as unknown as T;
}

/** The page's HTML as the server sends it (public pages are not hydrated). */
function render(path: string, page: ReactNode): string {
  const Stub = createRoutesStub([{ path, Component: () => page }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
}

describe("a volunteer role's description on /volunteer/vacancies", () => {
  it("shows the line breaks staff typed", () => {
    const description = "Help run Saturday football sessions.\n\nYou will set out kit and keep the register.";
    const role: Opportunity = {
      id: "coach",
      title: "Assistant coach",
      type: "coaching",
      timeCommitment: "3 hours a week",
      skills: ["Patience"],
      description,
      isOpen: true,
      sortOrder: 1,
      createdAt: "2025-06-01T10:00:00.000Z",
      updatedAt: "2025-06-01T10:00:00.000Z",
    };
    const html = render("/volunteer/vacancies", <VolunteerVacancies {...props<VacanciesRoute.ComponentProps>("volunteer-vacancies", { vacancies: [role] })} />);
    expect(html).toContain(`<p class="mt-3 whitespace-pre-line text-muted-foreground">${description}</p>`);
  });
});

describe("an event's description on its /news card", () => {
  it("is one plain-text paragraph per paragraph staff typed, not one run-on paragraph", () => {
    const event: PublicEvent = {
      id: "e1",
      slug: "family-fun-day",
      title: "Family Fun Day",
      category: "community",
      date: "2030-06-01",
      time: "13:30",
      scheduleNote: null,
      location: "Community Centre, Halifax",
      description: "Games, **food** and music for all the family.\n\nBring:\n- a picnic\n- [sun cream](/faqs)\n\nEveryone welcome.",
      imageUrl: null,
      imageAlt: null,
    };
    const html = render("/news", <News {...props<NewsRoute.ComponentProps>("news", { events: { upcoming: [event], past: [] } })} />);
    const card = /<li[^>]*>[\s\S]*?Family Fun Day[\s\S]*?<\/li>/.exec(html)?.[0] ?? "";
    const paragraphs = [...card.matchAll(/<p>([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(paragraphs).toEqual(["Games, food and music for all the family.", "Bring:", "a picnic; sun cream", "Everyone welcome."]);
  });
});
