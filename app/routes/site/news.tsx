import { Link } from "react-router";
import type { Route } from "./+types/news";
import { EVENT_CATEGORIES } from "#app/content/site";
import { ContentPage } from "#app/features/pages/site/content-page";
import { Icon } from "#app/features/site/icon";
import { SiteImage } from "#app/features/media/site/site-image";
import { PageSection } from "#app/features/site/section";
import { TONE_BADGE } from "#app/features/site/tone";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { loadNewsEvents } from "#app/features/events/events.server";
import { eventPath, formatEventWhen, type PublicEvent } from "#app/features/events/event-format";
import { markdownToText, parseBlocks } from "#app/features/pages/markdown";
import { seoMeta } from "#app/features/pages/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const [page, events] = await Promise.all([loadPublicPage("news", context?.requestId), loadNewsEvents(context?.requestId)]);
  return { ...page, events };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

/**
 * An event's description on its card: plain text, as a preview (its own page
 * shows the formatting), but one paragraph per paragraph, heading or list
 * staff typed, so they do not run together. A list reads as "one; two".
 */
const cardParagraphs = (description: string) =>
  parseBlocks(description)
    .map((block) => markdownToText(block.type === "list" ? block.items.map((item) => `- ${item}`).join("\n") : block.text))
    .filter((text) => text !== "");

const categoryLabel = (value: string) => EVENT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
const TONES = ["primary", "secondary", "accent"] as const;
const CATEGORY_ICONS: Record<string, string> = {
  sports: "Trophy",
  youth: "Users",
  community: "PartyPopper",
  fundraising: "PiggyBank",
  education: "GraduationCap",
  workshops: "Palette",
};

function EventCards({ events }: { events: PublicEvent[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {events.map((event, i) => {
        const when = formatEventWhen(event);
        return (
          <li key={event.id} className="flex flex-col rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
            {event.image ? (
              <SiteImage
                {...event.image}
                sizes="(min-width: 768px) 33vw, calc(100vw - 2rem)"
                className="-mx-6 -mt-6 mb-4 rounded-t-lg"
              />
            ) : null}
            <span className={`inline-flex size-12 items-center justify-center rounded-full ${TONE_BADGE[TONES[i % TONES.length]]}`}>
              <Icon name={CATEGORY_ICONS[event.category] ?? "CalendarDays"} />
            </span>
            <h3 className="mt-4 text-xl font-semibold">
              <Link to={eventPath(event.slug)} className="underline decoration-2 underline-offset-4 hover:no-underline">
                {event.title}
              </Link>
            </h3>
            <p className="mt-2 flex flex-wrap gap-2 text-sm">
              <span className="rounded-full border border-border px-3 py-0.5">{categoryLabel(event.category)}</span>
              {event.scheduleNote ? <span className="rounded-full border border-border px-3 py-0.5">{event.scheduleNote}</span> : null}
            </p>
            {when || event.location ? (
              <p className="mt-3 text-sm font-medium">
                {when ? <time dateTime={event.date ?? undefined}>{when}</time> : null}
                {when && event.location ? <br /> : null}
                {event.location}
              </p>
            ) : null}
            <div className="mt-3 flex-1 space-y-3 text-muted-foreground">
              {cardParagraphs(event.description).map((text, n) => (
                <p key={n}>{text}</p>
              ))}
            </div>
            <Link
              to="/contact"
              className="mt-4 inline-flex min-h-11 items-center self-start font-semibold text-primary underline decoration-2 hover:no-underline"
            >
              Ask about this event<span className="sr-only">: {event.title}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export default function News({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline}>
      <PageSection id="events" title="Upcoming Events" muted>
        {loaderData.events.upcoming.length > 0 ? (
          <EventCards events={loaderData.events.upcoming} />
        ) : (
          <p className="text-lg">No upcoming events right now. Please check back soon.</p>
        )}
        <p className="mt-6">
          <a href="/events.ics" className="font-medium text-primary underline decoration-2 hover:no-underline">
            Add our events to your calendar app
          </a>
        </p>
      </PageSection>
      {loaderData.events.past.length > 0 ? (
        <PageSection id="past-events" title="Past Events">
          <EventCards events={loaderData.events.past} />
        </PageSection>
      ) : null}
      {/* "Join Our Newsletter" (#newsletter) leads to the sign-up form in the site footer. */}
    </ContentPage>
  );
}
