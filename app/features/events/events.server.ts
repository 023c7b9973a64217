import crypto from "node:crypto";
import { slugWords } from "#app/web/slug";
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { Actor } from "#app/features/audit/actor";
import { moveToBin } from "#app/features/bin/bin-mark.server";
import type { Database } from "#app/platform/db/db.server";
import { getDatabase, isUniqueViolation, nowIso, toBool, toNum } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import type { DatabaseSchema, EventsTable } from "#app/platform/db/schema";
import { BUILT_IN_IMAGES, EVENT_CATEGORIES, type EventCategory } from "#app/content/site";
import { eventSchema } from "./event.schema";
import { parseForm, textValues, type FormResult } from "#app/web/parse-form";
import { editConflict, stampAfter, type EditResult } from "#app/web/stale-edit.server";
import { ukToday } from "#app/web/dates";
import type { EventImage, PublicEvent } from "./event-format";
import { siteImageSrc } from "#app/features/media/media-addresses.server";
import { mediaByUrl } from "#app/features/pages/section-images.server";
import { noteFallback } from "#app/platform/render/fallback-watch.server";

export interface SiteEvent {
  id: string;
  slug: string;
  title: string;
  category: EventCategory;
  /** Europe/London date YYYY-MM-DD, or null for an undated regular session. */
  date: string | null;
  time: string | null;
  scheduleNote: string | null;
  location: string;
  description: string;
  imageUrl: string | null;
  imageAlt: string | null;
  published: boolean;
  createdAt: string;
  updatedAt: string;
}

function toEvent(row: Selectable<EventsTable>): SiteEvent {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: EVENT_CATEGORIES.some((c) => c.value === row.category) ? (row.category as EventCategory) : "community",
    date: row.date,
    time: row.time,
    scheduleNote: row.schedule_note,
    location: row.location,
    description: row.description,
    imageUrl: row.image_url,
    imageAlt: row.image_alt,
    published: toBool(row.is_published),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** URL-safe words of a title, e.g. "Fun Day: Music & Food!" -> "fun-day-music-food". */
export function slugify(title: string): string {
  const slug = slugWords(title, 80);
  return slug || "event";
}

/**
 * Inserts an event under the first free address for its title. Two requests
 * at once (Duplicate pressed twice, two staff adding the same title) can pick
 * the same one; the unique index refuses the second, which takes the next.
 */
async function insertWithFreeSlug(db: Kysely<DatabaseSchema>, title: string, row: Omit<Selectable<EventsTable>, "slug">): Promise<Selectable<EventsTable>> {
  for (let attempt = 1; ; attempt++) {
    const withSlug = { ...row, slug: await uniqueSlug(db, title) };
    try {
      await db.insertInto("events").values(withSlug).execute();
      return withSlug;
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

async function uniqueSlug(db: Kysely<DatabaseSchema>, title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (await db.selectFrom("events").select("slug").where("slug", "like", `${base}%`).execute()).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

type Values = Record<string, unknown> | FormData;



function columns(data: z.output<typeof eventSchema>) {
  return {
    title: data.title,
    category: data.category,
    date: data.date,
    time: data.time,
    schedule_note: data.scheduleNote,
    location: data.location,
    description: data.description,
    image_url: data.imageUrl,
    image_alt: data.imageAlt,
    is_published: data.published ? 1 : 0,
  };
}

/** What staff are told when an event's image is not one the site holds. */
export const EVENT_IMAGE_NOT_HELD = "Image must be a picture from the media library: choose one with the picker, or remove it";

/**
 * The picture an event may show: one of the site's built-in images or an
 * active image in the media library, found by its address exactly as the
 * library gives it (its file_url: /media/… or, with S3_PUBLIC_URL, the
 * bucket's address). Anything else (a typed outside address, a deleted or
 * deactivated upload, a video) is not.
 */
async function heldImage({ db }: Database, url: string): Promise<{ alt: string } | null> {
  const builtIn = BUILT_IN_IMAGES.find((image) => image.filename === url);
  if (builtIn) return { alt: builtIn.alt };
  const row = await db
    .selectFrom("media_files").where("deleted_at", "is", null)
    .select("alt_text")
    .where("file_url", "=", url)
    .where("file_type", "=", "image")
    .where("is_active", "=", 1)
    .executeTakeFirst();
  return row ? { alt: row.alt_text } : null;
}

/**
 * Parses an event and checks its image is one the site holds; the alt text
 * defaults to the library's. A full address on the site's own origin (pasted
 * from "copy image address") is kept as its /media/ path, as page images are.
 */
async function parseWithImage(database: Database, values: Values): Promise<FormResult<z.output<typeof eventSchema>>> {
  const parsed = parseForm(eventSchema, values);
  if (!parsed.ok || !parsed.data.imageUrl) return parsed;
  const imageUrl = siteImageSrc(parsed.data.imageUrl);
  const held = await heldImage(database, imageUrl);
  if (!held) return { ok: false, errors: { imageUrl: [EVENT_IMAGE_NOT_HELD] }, values: textValues(values) };
  return { ok: true, data: { ...parsed.data, imageUrl, imageAlt: parsed.data.imageAlt || held.alt } };
}

export async function createEvent(database: Database, values: Values): Promise<FormResult<SiteEvent>> {
  const { db } = database;
  const parsed = await parseWithImage(database, values);
  if (!parsed.ok) return parsed;
  const now = nowIso();
  const row = await insertWithFreeSlug(db, parsed.data.title, {
    id: crypto.randomUUID(),
    ...columns(parsed.data),
    deleted_at: null,
    deleted_by: null,
    created_at: now,
    updated_at: now,
  });
  return { ok: true, data: toEvent(row) };
}

/**
 * What an edit comes to: the saved event, the form's field errors, or a
 * conflict (the event was saved, published or unpublished after the form
 * was opened: nothing changed, with what was submitted so the form keeps it).
 */
export type EventUpdateResult = EditResult<SiteEvent>;

/**
 * Edits an event. Its address (slug) stays the same so shared links keep working.
 *
 * With `baseUpdatedAt` (the event's updated_at when the edit form was
 * opened) the change is made only if the event is still as it was then:
 * otherwise someone saved, published or unpublished it meanwhile, and
 * rather than overwrite that unseen (a cancelled event made public again)
 * nothing is changed and the conflict is reported. The admin form always
 * sends it; without it the edit is made whatever the event holds.
 */
export async function updateEvent(
  database: Database,
  id: string,
  values: Values,
  { baseUpdatedAt }: { baseUpdatedAt?: string } = {},
): Promise<EventUpdateResult | null> {
  const found = await database.db.selectFrom("events").where("deleted_at", "is", null).select("updated_at").where("id", "=", id).executeTakeFirst();
  if (!found) return null;
  const conflict = (updatedAt: string) => editConflict(updatedAt, values);
  // Said before any field errors: fixing those would not make this form's save possible.
  if (baseUpdatedAt !== undefined && found.updated_at !== baseUpdatedAt) return conflict(found.updated_at);
  const parsed = await parseWithImage(database, values);
  if (!parsed.ok) return parsed;
  // The change and the read back are one transaction: if either fails, nothing was changed.
  return database.db.transaction().execute(async (trx): Promise<EventUpdateResult | null> => {
    // One conditional statement, so a save between the check above and this one is not overwritten either.
    let update = trx
      .updateTable("events").where("deleted_at", "is", null)
      .set({ ...columns(parsed.data), updated_at: stampAfter(baseUpdatedAt ?? found.updated_at) })
      .where("id", "=", id);
    if (baseUpdatedAt !== undefined) update = update.where("updated_at", "=", baseUpdatedAt);
    const result = await update.executeTakeFirst();
    if (toNum(result.numUpdatedRows) === 0) {
      const current = await trx.selectFrom("events").where("deleted_at", "is", null).select("updated_at").where("id", "=", id).executeTakeFirst();
      if (!current) return null;
      return conflict(current.updated_at);
    }
    const updated = await getEvent({ ...database, db: trx }, id);
    return updated ? { ok: true, data: updated } : null;
  });
}

export async function getEvent({ db }: Database, id: string): Promise<SiteEvent | null> {
  const row = await db.selectFrom("events").where("deleted_at", "is", null).selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toEvent(row) : null;
}

/** A published event by its address; drafts are not public. */
export async function getPublishedEventBySlug({ db }: Database, slug: string): Promise<SiteEvent | null> {
  const row = await db
    .selectFrom("events").where("deleted_at", "is", null)
    .selectAll()
    .where("slug", "=", slug)
    .where("is_published", "=", 1)
    .executeTakeFirst();
  return row ? toEvent(row) : null;
}

/** A copy of an event as a draft, so staff can adjust it before it goes public. */
export async function duplicateEvent({ db }: Database, id: string): Promise<SiteEvent | null> {
  const source = await db.selectFrom("events").where("deleted_at", "is", null).selectAll().where("id", "=", id).executeTakeFirst();
  if (!source) return null;
  const now = nowIso();
  const title = `${source.title} (copy)`;
  const { slug: _sourceSlug, ...rest } = source;
  const row = await insertWithFreeSlug(db, title, { ...rest, id: crypto.randomUUID(), title, is_published: 0, created_at: now, updated_at: now });
  return toEvent(row);
}

/**
 * The list's one-click Publish / Unpublish: changes nothing but that, made
 * whatever the event holds. It gives the event a new updated_at, so an edit
 * form opened before it is refused rather than undoing it.
 */
export async function setEventPublished(database: Database, id: string, published: boolean): Promise<SiteEvent | null> {
  const current = await database.db.selectFrom("events").where("deleted_at", "is", null).select("updated_at").where("id", "=", id).executeTakeFirst();
  if (!current) return null;
  const result = await database.db
    .updateTable("events").where("deleted_at", "is", null)
    .set({ is_published: published ? 1 : 0, updated_at: stampAfter(current.updated_at) })
    .where("id", "=", id)
    .executeTakeFirst();
  if (toNum(result.numUpdatedRows) === 0) return null;
  return getEvent(database, id);
}

/**
 * Moves an event to the bin: it leaves the site and the admin list at once
 * and can be restored for 30 days. It keeps its address meanwhile (uniqueSlug
 * counts it), so restoring it never clashes with an event added since.
 */
export async function deleteEvent(database: Database, id: string, actor: Actor): Promise<SiteEvent | null> {
  const event = await getEvent(database, id);
  if (!event) return null;
  return (await moveToBin(database, "events", id, actor, { kind: "event", name: event.title })) ? event : null;
}

export interface GroupedEvents {
  /** Undated regular sessions, in title order. */
  regular: SiteEvent[];
  /** Today and later, soonest first. */
  upcoming: SiteEvent[];
  /** Before today, most recent first. */
  past: SiteEvent[];
}

function group(events: SiteEvent[], today: string): GroupedEvents {
  const byStart = (a: SiteEvent, b: SiteEvent) =>
    `${a.date} ${a.time ?? ""}`.localeCompare(`${b.date} ${b.time ?? ""}`) || a.title.localeCompare(b.title);
  return {
    regular: events.filter((e) => e.date === null).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.title.localeCompare(b.title)),
    upcoming: events.filter((e) => e.date !== null && e.date >= today).sort(byStart),
    past: events.filter((e) => e.date !== null && e.date < today).sort((a, b) => byStart(b, a)),
  };
}

/** Every event for the admin list, grouped as the public page groups them. */
export async function listEvents({ db }: Database, today: string = ukToday()): Promise<GroupedEvents> {
  const rows = await db.selectFrom("events").where("deleted_at", "is", null).selectAll().execute();
  return group(rows.map(toEvent), today);
}

/** The News & Events page: published events only. */
export async function listPublishedEvents({ db }: Database, today: string = ukToday()): Promise<GroupedEvents> {
  const rows = await db.selectFrom("events").where("deleted_at", "is", null).selectAll().where("is_published", "=", 1).execute();
  return group(rows.map(toEvent), today);
}

/** The calendar feed: published events from today on, soonest first. */
export async function listUpcomingPublishedEvents({ db }: Database, today: string = ukToday()): Promise<SiteEvent[]> {
  const rows = await db
    .selectFrom("events").where("deleted_at", "is", null)
    .selectAll()
    .where("is_published", "=", 1)
    .where("date", "is not", null)
    .where("date", ">=", today)
    .orderBy("date", "asc")
    .orderBy("time", "asc")
    .orderBy("title", "asc")
    .execute();
  return rows.map(toEvent);
}

export interface EventCounts {
  all: number;
  published: number;
  drafts: number;
  upcoming: number;
}

export async function countEvents({ db }: Database, today: string = ukToday()): Promise<EventCounts> {
  const row = await db
    .selectFrom("events").where("deleted_at", "is", null)
    .select((eb) => [
      eb.fn.countAll().as("all"),
      eb.fn.sum(eb.case().when("is_published", "=", 1).then(1).else(0).end()).as("published"),
      eb.fn
        .sum(eb.case().when(eb.and([eb("is_published", "=", 1), eb("date", ">=", today)])).then(1).else(0).end())
        .as("upcoming"),
    ])
    .executeTakeFirstOrThrow();
  const all = toNum(row.all);
  const published = toNum(row.published);
  return { all, published, drafts: all - published, upcoming: toNum(row.upcoming) };
}

/**
 * Width, height and generated sizes of events' pictures, so public pages
 * reserve their space and offer srcsets as for any other image.
 */
export async function eventImages(database: Database, events: readonly SiteEvent[]): Promise<Map<string, EventImage>> {
  const urls = events.map((e) => e.imageUrl).filter((u): u is string => Boolean(u));
  const uploads = urls.length ? await mediaByUrl(database, urls) : new Map();
  const images = new Map<string, EventImage>();
  for (const e of events) {
    if (!e.imageUrl) continue;
    const builtIn = BUILT_IN_IMAGES.find((image) => image.filename === e.imageUrl);
    const upload = uploads.get(e.imageUrl);
    // A deactivated library file is shown nowhere: the event goes without its picture.
    if (upload && !upload.isActive) continue;
    images.set(e.id, {
      src: e.imageUrl,
      alt: e.imageAlt ?? builtIn?.alt ?? "",
      width: upload?.width ?? builtIn?.width ?? 1200,
      height: upload?.height ?? builtIn?.height ?? 675,
      srcSet: upload?.responsive?.srcSet || undefined,
      avifSrcSet: upload?.responsive?.avifSrcSet || undefined,
    });
  }
  return images;
}

export function toPublicEvent(e: SiteEvent, image?: EventImage | null): PublicEvent {
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    category: e.category,
    date: e.date,
    time: e.time,
    scheduleNote: e.scheduleNote,
    location: e.location,
    description: e.description,
    imageUrl: e.imageUrl,
    imageAlt: e.imageAlt,
    image: image ?? null,
  };
}

/**
 * The News & Events page: regular sessions then upcoming events, soonest
 * first, under "Upcoming"; then past events. A failed read is logged and
 * shows no events rather than breaking the page.
 */
export async function loadNewsEvents(requestId?: string): Promise<{ upcoming: PublicEvent[]; past: PublicEvent[] }> {
  try {
    const database = await getDatabase();
    const { regular, upcoming, past } = await listPublishedEvents(database);
    const images = await eventImages(database, [...regular, ...upcoming, ...past]);
    const pub = (e: SiteEvent) => toPublicEvent(e, images.get(e.id));
    return { upcoming: [...regular, ...upcoming].map(pub), past: past.map(pub) };
  } catch (error) {
    logger.error({ err: error, requestId }, "failed to load events");
    noteFallback();
    return { upcoming: [], past: [] };
  }
}
