import type { BlockOf } from "#app/features/blocks/block-schema";
import { EVENT_CATEGORIES } from "#app/content/site";
import { Icon } from "#app/features/site/icon";
import { SiteImage } from "#app/features/media/site/site-image";
import { TONE_BADGE } from "#app/features/site/tone";
import { eventPath, formatEventWhen, type PublicEvent } from "#app/features/events/event-format";
import { markdownToText, parseBlocks } from "#app/features/pages/markdown";
import { BlockSection, type BlockProps } from "./block-section";

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

// Plain links, as everywhere on the public site: its pages never hydrate, so React Router's <Link> would add only its data attribute.
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
              <a className="underline decoration-2 underline-offset-4 hover:no-underline" href={eventPath(event.slug)}>
                {event.title}
              </a>
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
            <a
              className="mt-4 inline-flex min-h-11 items-center self-start font-semibold text-primary underline decoration-2 hover:no-underline"
              href="/contact"
            >
              Ask about this event<span className="sr-only">: {event.title}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The published events: upcoming ones (at most the block's limit), the
 * calendar feed, then past ones in a band of their own when there are any.
 */
export function EventsBlock({ block, muted, events }: BlockProps<BlockOf<"events">> & { events: { upcoming: PublicEvent[]; past: PublicEvent[] } | null }) {
  const upcoming = (events?.upcoming ?? []).slice(0, block.limit);
  const past = (events?.past ?? []).slice(0, block.limit);
  return (
    <>
      <BlockSection id={block.id} title={block.title} intro={block.intro || undefined} muted={muted}>
        {upcoming.length > 0 ? <EventCards events={upcoming} /> : <p className="text-lg">No upcoming events right now. Please check back soon.</p>}
        <p className="mt-6">
          <a href="/events.ics" className="font-medium text-primary underline decoration-2 hover:no-underline">
            Add our events to your calendar app
          </a>
        </p>
      </BlockSection>
      {past.length > 0 ? (
        <BlockSection id={`${block.id}-past`} title="Past Events" muted={!muted}>
          <EventCards events={past} />
        </BlockSection>
      ) : null}
    </>
  );
}
