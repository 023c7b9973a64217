import { CalendarDays, CalendarPlus, ChevronLeft, Clock, MapPin, Rss } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/news_.$slug";
import { Prose } from "#app/features/pages/site/content-page";
import { SiteImage } from "#app/features/media/site/site-image";
import { getDatabase } from "#app/platform/db/db.server";
import { env } from "#app/platform/env.server";
import { eventImages, getPublishedEventBySlug, toPublicEvent } from "#app/features/events/events.server";
import {
  eventCalendarPath,
  eventCategoryLabel,
  eventPath,
  eventShareImage,
  eventStructuredData,
  formatEventDate,
  jsonForScript,
  type PublicEvent,
} from "#app/features/events/event-format";
import { ukToday } from "#app/web/dates";
import { markdownToText } from "#app/features/pages/markdown";
import { useNonce } from "#app/platform/render/nonce";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { seoMeta } from "#app/features/pages/seo";

export async function loader({ params }: Route.LoaderArgs) {
  const database = await getDatabase();
  const found = await getPublishedEventBySlug(database, params.slug);
  if (!found) throw data(null, { status: 404 });
  const image = (await eventImages(database, [found])).get(found.id) ?? null;
  const settings = await getSiteSettings();
  const origin = env().PUBLIC_URL;
  const event: PublicEvent = toPublicEvent(found, image);
  // The picture the page shows, not the stored address: none when its library file was deactivated.
  const shareImage = eventShareImage(event, origin);
  const text = markdownToText(event.description);
  const summary = text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  return {
    event,
    past: event.date !== null && event.date < ukToday(),
    structuredData: eventStructuredData(event, { origin, siteName: settings.charityName, description: text }),
    seo: {
      title: event.title,
      description: summary,
      origin,
      path: eventPath(event.slug),
      siteName: settings.charityName,
      ...(shareImage ? { image: shareImage.src, imageAlt: shareImage.alt } : {}),
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? seoMeta(loaderData.seo) : [];
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, past, structuredData } = loaderData;
  const nonce = useNonce();
  const dated = event.date !== null && event.time !== null;
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonForScript(structuredData) }} />
      <nav aria-label="Breadcrumb">
        <Link
          to="/news"
          className="inline-flex min-h-11 items-center gap-1 font-medium text-primary underline decoration-2 hover:no-underline"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          News and Events
        </Link>
      </nav>
      <header className="mt-4">
        <p className="flex flex-wrap gap-2 text-sm">
          <span className="rounded-full border border-border px-3 py-0.5">{eventCategoryLabel(event.category)}</span>
          {event.scheduleNote ? <span className="rounded-full border border-border px-3 py-0.5">{event.scheduleNote}</span> : null}
          {past ? <span className="rounded-full bg-muted px-3 py-0.5 font-medium">This event has taken place</span> : null}
        </p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{event.title}</h1>
        <dl className="mt-6 grid gap-3 text-lg sm:grid-cols-2">
          {event.date ? (
            <div className="flex items-start gap-3">
              <dt className="mt-1 shrink-0">
                <CalendarDays aria-hidden="true" className="size-5 text-primary" />
                <span className="sr-only">Date</span>
              </dt>
              <dd>
                <time dateTime={event.date}>{formatEventDate(event.date)}</time>
              </dd>
            </div>
          ) : null}
          {event.time ? (
            <div className="flex items-start gap-3">
              <dt className="mt-1 shrink-0">
                <Clock aria-hidden="true" className="size-5 text-primary" />
                <span className="sr-only">Time</span>
              </dt>
              <dd>
                <time dateTime={event.time}>{event.time}</time>
              </dd>
            </div>
          ) : null}
          {event.location ? (
            <div className="flex items-start gap-3">
              <dt className="mt-1 shrink-0">
                <MapPin aria-hidden="true" className="size-5 text-primary" />
                <span className="sr-only">Location</span>
              </dt>
              <dd>{event.location}</dd>
            </div>
          ) : null}
        </dl>
      </header>
      {event.image ? (
        <SiteImage
          {...event.image}
          sizes="(min-width: 56rem) 54rem, calc(100vw - 2rem)"
          lazy={false}
          className="mt-8 w-full rounded-lg object-cover shadow-md"
        />
      ) : null}
      <div className="mt-6 max-w-3xl">
        <Prose source={event.description} />
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        {dated && !past ? (
          <a
            href={eventCalendarPath(event.slug)}
            download={`${event.slug}.ics`}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-5 font-semibold text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add to calendar
          </a>
        ) : null}
        <a
          href="/events.ics"
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-input px-5 font-semibold hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <Rss aria-hidden="true" className="size-4" />
          Subscribe to all our events
        </a>
        <Link
          to="/contact"
          className="inline-flex min-h-11 items-center font-semibold text-primary underline decoration-2 hover:no-underline"
        >
          Ask about this event
        </Link>
      </div>
    </article>
  );
}
