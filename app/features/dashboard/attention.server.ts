import type { Database } from "#app/platform/db/db.server";
import { toNum } from "#app/platform/db/db.server";
import { UNSENT_STATUSES } from "#app/platform/mail/mailer.server";
import { getRegistrationRetentionMonths } from "#app/features/settings/site-settings.server";
import { reviewCutoff } from "#app/features/registrations/registrations.server";
import { UNFINISHED_PROCESSING } from "#app/features/media/media.server";
import { ATTENTION_AREAS, pageEditorHref, type AttentionArea, type AttentionCounts, type AttentionLinks } from "./attention";

/**
 * One small count per area, each a single COUNT(*) on an indexed column
 * (the outbox's status is the exception: see countUnsentMail), so the
 * admin's shell can run the set on every request.
 */
type Counter = (database: Database, now: Date) => Promise<number>;

async function count(query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }): Promise<number> {
  return toNum((await query.executeTakeFirst())?.n as number | string | bigint | undefined);
}

/** Applications nobody has approved or rejected yet (spam is not waiting for anyone). Index: volunteer_applications_status. */
export const countPendingApplications: Counter = (database) =>
  count(database.db.selectFrom("volunteer_applications").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "pending"));

/** Questions not marked answered (nor spam). Index: messages_status. */
export const countUnansweredQuestions: Counter = (database) =>
  count(database.db.selectFrom("messages").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "new"));

/** Testimonials sent in and not yet approved or rejected. Index: testimonials_status_order. */
export const countPendingTestimonials: Counter = (database) =>
  count(database.db.selectFrom("testimonials").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "pending"));

/**
 * Registrations the retention run deletes within REVIEW_NOTICE_DAYS, or
 * already past their period (the run is daily). Index: registrations_last_contact.
 */
export const countRegistrationsDue: Counter = async (database, now) => {
  const cutoff = reviewCutoff(now, await getRegistrationRetentionMonths(database));
  return count(
    database.db
      .selectFrom("registrations")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("last_contact_at", "<", cutoff)
      .where("status", "=", "new"),
  );
};

/** Uploads whose image work failed, waits or runs. Index: media_files_processing (most rows are null or done). */
export const countUnfinishedUploads: Counter = (database) =>
  count(database.db.selectFrom("media_files").select((eb) => eb.fn.countAll().as("n")).where("processing", "in", [...UNFINISHED_PROCESSING]));

/**
 * Mail that did not go out. The outbox has no index on status: this reads
 * the table, which the mail retention keeps to a few months of messages.
 */
export const countUnsentMail: Counter = (database) =>
  count(database.db.selectFrom("outbox").select((eb) => eb.fn.countAll().as("n")).where("status", "in", [...UNSENT_STATUSES]));

/**
 * Pages with a change waiting to go live at a set time. A schedule whose
 * time has passed still counts until the job has published it. The pages
 * table holds the site's few dozen pages: no index needed.
 */
export const countScheduledPublishes: Counter = (database) =>
  count(scheduledPages(database).select((eb) => eb.fn.countAll().as("n")));

const scheduledPages = (database: Database) => database.db.selectFrom("pages").where("scheduled_at", "is not", null).where("deleted_at", "is", null);

/**
 * Where a count leads when it can be more exact than its list: a single
 * page with a change scheduled opens in the editor, where its schedule
 * shows; several lead to the Pages tab.
 */
export async function attentionLinks(database: Database, counts: AttentionCounts): Promise<AttentionLinks> {
  if (counts.scheduled !== 1) return {};
  try {
    const only = await scheduledPages(database).select("id").executeTakeFirst();
    return only ? { scheduled: pageEditorHref(only.id) } : {};
  } catch {
    // The summary still links to the Pages tab.
    return {};
  }
}

const COUNTERS: Record<AttentionArea, Counter> = {
  volunteers: countPendingApplications,
  messages: countUnansweredQuestions,
  testimonials: countPendingTestimonials,
  registrations: countRegistrationsDue,
  media: countUnfinishedUploads,
  outbox: countUnsentMail,
  scheduled: countScheduledPublishes,
};

/**
 * The counts of the given areas only (a member of staff is shown the areas
 * they may open), in parallel. A count that fails is left out rather than
 * failing the page it decorates.
 */
export async function attentionCounts(
  database: Database,
  areas: readonly AttentionArea[] = ATTENTION_AREAS,
  now: Date = new Date(),
): Promise<AttentionCounts> {
  const wanted = [...new Set(areas)];
  const results = await Promise.allSettled(wanted.map((area) => COUNTERS[area](database, now)));
  const counts: AttentionCounts = {};
  results.forEach((result, i) => {
    if (result.status === "fulfilled") counts[wanted[i]!] = result.value;
  });
  return counts;
}
