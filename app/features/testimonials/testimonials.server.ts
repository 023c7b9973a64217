import crypto from "node:crypto";
import type { Actor } from "#app/features/audit/actor";
import { moveToBin } from "#app/features/bin/bin-mark.server";
import type { Selectable } from "kysely";
import type { Database } from "#app/platform/db/db.server";
import { getDatabase, nowIso, toNum } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import type { TestimonialsTable } from "#app/platform/db/schema";
import type { Tone } from "#app/content/types";
import type { Testimonial as CarouselTestimonial } from "#app/content/site";
import { parseForm, type FormResult } from "#app/web/parse-form";
import {
  isTestimonialStatus,
  TESTIMONIAL_STATUSES,
  testimonialSchema,
  type TestimonialStatus,
} from "./testimonial.schema";
import { noteFallback } from "#app/platform/render/fallback-watch.server";
import { editConflict, editVersion, type EditResult } from "#app/web/stale-edit.server";

export { isTestimonialStatus };

export interface Testimonial {
  id: string;
  name: string;
  role: string;
  rating: number | null;
  text: string;
  color: Tone;
  status: TestimonialStatus;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

const TONES: readonly Tone[] = ["primary", "secondary", "accent", "success", "warning"];

function toTestimonial(row: Selectable<TestimonialsTable>): Testimonial {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    rating: row.rating === null ? null : toNum(row.rating),
    text: row.text,
    color: TONES.includes(row.color as Tone) ? (row.color as Tone) : "primary",
    status: TESTIMONIAL_STATUSES.includes(row.status as TestimonialStatus) ? (row.status as TestimonialStatus) : "pending",
    sortOrder: toNum(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

type Values = Record<string, unknown> | FormData;


/** The edit version of what the testimonial form edits (see edit-version.server.ts); status and order do not count. */
export function testimonialVersion(t: Pick<Testimonial, "name" | "role" | "rating" | "text" | "color">): string {
  return editVersion({ name: t.name, role: t.role, rating: t.rating, text: t.text, color: t.color });
}

/** Staff add a testimonial; it waits as Pending until someone approves it. */
export async function createTestimonial(
  { db }: Database,
  values: Values,
  status: TestimonialStatus = "pending",
): Promise<FormResult<Testimonial>> {
  const parsed = parseForm(testimonialSchema, values);
  if (!parsed.ok) return parsed;
  // Testimonials in the bin count too, so one restored later never shares a place with a newer one.
  const last = await db
    .selectFrom("testimonials")
    .select((eb) => eb.fn.max("sort_order").as("max"))
    .executeTakeFirst();
  const now = nowIso();
  const row = {
    id: crypto.randomUUID(),
    name: parsed.data.name,
    role: parsed.data.role,
    rating: parsed.data.rating,
    text: parsed.data.text,
    color: parsed.data.color,
    status,
    sort_order: toNum(last?.max ?? 0) + 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    deleted_by: null,
  };
  await db.insertInto("testimonials").values(row).execute();
  return { ok: true, data: toTestimonial(row) };
}

/**
 * Edits the words and details; the status and the carousel order stay as
 * they were. With `baseVersion` (testimonialVersion of the testimonial as
 * the form showed it) nothing is changed if someone has edited them since,
 * and the conflict is reported; the admin form always sends it.
 */
export async function updateTestimonial(
  database: Database,
  id: string,
  values: Values,
  { baseVersion }: { baseVersion?: string } = {},
): Promise<EditResult<Testimonial> | null> {
  // Read, check, change and read back in one transaction: if any of it fails, nothing was changed.
  return database.db.transaction().execute(async (trx): Promise<EditResult<Testimonial> | null> => {
    const row = await trx
      .selectFrom("testimonials").where("deleted_at", "is", null)
      .selectAll()
      .where("id", "=", id)
      .$if(database.engine === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) return null;
    // Said before any field errors: fixing those would not make this form's save possible.
    if (baseVersion !== undefined && testimonialVersion(toTestimonial(row)) !== baseVersion) {
      return editConflict(row.updated_at, values);
    }
    const parsed = parseForm(testimonialSchema, values);
    if (!parsed.ok) return parsed;
    await trx.updateTable("testimonials").where("deleted_at", "is", null).set({ ...parsed.data, updated_at: nowIso() }).where("id", "=", id).execute();
    const updated = await getTestimonial({ ...database, db: trx }, id);
    return updated ? { ok: true, data: updated } : null;
  });
}

export async function getTestimonial({ db }: Database, id: string): Promise<Testimonial | null> {
  const row = await db.selectFrom("testimonials").where("deleted_at", "is", null).selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toTestimonial(row) : null;
}

/** Approve, reject or return to pending; null when there is no such testimonial. */
export async function setTestimonialStatus(
  database: Database,
  id: string,
  status: TestimonialStatus,
): Promise<Testimonial | null> {
  const result = await database.db
    .updateTable("testimonials").where("deleted_at", "is", null)
    .set({ status, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (toNum(result.numUpdatedRows) === 0) return null;
  return getTestimonial(database, id);
}

/** Moves a testimonial to the bin: it leaves the carousel at once and can be restored for 30 days. */
export async function deleteTestimonial(database: Database, id: string, actor: Actor): Promise<Testimonial | null> {
  const testimonial = await getTestimonial(database, id);
  if (!testimonial) return null;
  return (await moveToBin(database, "testimonials", id, actor, { kind: "testimonial", name: testimonial.name })) ? testimonial : null;
}

/** Every testimonial (or those with one status), in the order staff set. */
export async function listTestimonials({ db }: Database, status?: TestimonialStatus): Promise<Testimonial[]> {
  let query = db.selectFrom("testimonials").where("deleted_at", "is", null).selectAll();
  if (status) query = query.where("status", "=", status);
  const rows = await query.orderBy("sort_order", "asc").orderBy("created_at", "asc").orderBy("id", "asc").execute();
  return rows.map(toTestimonial);
}

/** The home carousel: approved testimonials only, in the order staff set. */
export function listApprovedTestimonials(database: Database): Promise<Testimonial[]> {
  return listTestimonials(database, "approved");
}

export type TestimonialCounts = Record<TestimonialStatus | "all", number>;

export async function countTestimonials({ db }: Database): Promise<TestimonialCounts> {
  const rows = await db
    .selectFrom("testimonials").where("deleted_at", "is", null)
    .select(["status", (eb) => eb.fn.countAll().as("count")])
    .groupBy("status")
    .execute();
  const counts: TestimonialCounts = { all: 0, pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) {
    const n = toNum(row.count);
    if (isTestimonialStatus(row.status)) counts[row.status] += n;
    counts.all += n;
  }
  return counts;
}

/**
 * Moves a testimonial one place earlier or later among those with the same
 * status (the carousel shows approved ones in this order). Returns false when
 * it is already first or last.
 */
export async function moveTestimonial({ db }: Database, id: string, direction: "up" | "down"): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("testimonials").where("deleted_at", "is", null).selectAll().where("id", "=", id).executeTakeFirst();
    if (!current) return false;
    const order = toNum(current.sort_order);
    const neighbour = await trx
      .selectFrom("testimonials").where("deleted_at", "is", null)
      .selectAll()
      .where("status", "=", current.status)
      .where("id", "!=", id)
      .where("sort_order", direction === "up" ? "<" : ">", order)
      .orderBy("sort_order", direction === "up" ? "desc" : "asc")
      .executeTakeFirst();
    if (!neighbour) return false;
    const other = toNum(neighbour.sort_order);
    const now = nowIso();
    await trx.updateTable("testimonials").where("deleted_at", "is", null).set({ sort_order: other, updated_at: now }).where("id", "=", id).execute();
    await trx.updateTable("testimonials").where("deleted_at", "is", null).set({ sort_order: order, updated_at: now }).where("id", "=", neighbour.id).execute();
    return true;
  });
}

/**
 * The home carousel's items in the shape the carousel shows. A failed read is
 * logged and shows no testimonials rather than breaking the home page.
 */
export async function loadCarouselTestimonials(requestId?: string): Promise<(CarouselTestimonial & { id: string })[]> {
  try {
    const approved = await listApprovedTestimonials(await getDatabase());
    return approved.map((t) => ({ id: t.id, quote: t.text, author: t.name, role: t.role, color: t.color }));
  } catch (error) {
    logger.error({ err: error, requestId }, "failed to load testimonials");
    noteFallback();
    return [];
  }
}
