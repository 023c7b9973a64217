import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import { csvCell, csvPhoneCell } from "#app/web/csv";
import type { RegistrationsTable } from "#app/platform/db/schema";
import { nowIso, toBool, toNum, type Database } from "#app/platform/db/db.server";
import { enqueueJob, registerJobHandler } from "#app/platform/jobs/jobs.server";
import { ukToday } from "#app/web/dates";
import { logger } from "#app/platform/log/logger.server";
import { deleteMailAbout, deleteMailWrittenBefore } from "#app/platform/mail/mailer.server";
import { notifyStaff } from "#app/features/settings/staff-mail.server";
import { expireUnconfirmedSignUps } from "#app/features/newsletter/subscriber-erasure.server";
import { getRegistrationRetentionMonths, getSetting } from "#app/features/settings/site-settings.server";
import { adminLink, handleSubmission, rawList, rawText, tellAboutSubmission, type Submission, type SubmitOutcome } from "#app/features/public-forms/public-forms.server";
import {
  ageOn,
  programmeLabel,
  registrationSchema,
  REGISTRATION_STATUSES,
  type Registrant,
  type RegistrationStatus,
} from "./registration.schema";

/**
 * Child registrations: the most sensitive records the site holds. Every
 * time staff open, export or delete them it goes in the audit log (ids
 * only, never names), and each is deleted automatically once the family
 * has not been in touch for the retention period
 * (docs/decisions/007-personal-data.md).
 */

export interface Registration {
  id: string;
  registrant: Registrant;
  childName: string;
  childDateOfBirth: string;
  /** Age today (UK date). */
  age: number | null;
  programmes: string[];
  parentName: string;
  parentPhone: string;
  parentEmail: string;
  emergencyName: string;
  emergencyPhone: string;
  needs: string;
  photoConsent: boolean;
  declaredAt: string | null;
  status: RegistrationStatus;
  lastContactAt: string;
  createdAt: string;
  updatedAt: string;
}


function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function toRegistration(row: Selectable<RegistrationsTable>, today = ukToday()): Registration {
  return {
    id: row.id,
    registrant: row.registrant === "self" ? "self" : "parent",
    childName: row.child_name,
    childDateOfBirth: row.child_dob,
    age: ageOn(row.child_dob, today),
    programmes: parseList(row.programmes),
    parentName: row.parent_name,
    parentPhone: row.parent_phone,
    parentEmail: row.parent_email,
    emergencyName: row.emergency_name,
    emergencyPhone: row.emergency_phone,
    needs: row.needs,
    photoConsent: toBool(row.photo_consent),
    declaredAt: row.declared_at,
    status: (REGISTRATION_STATUSES as readonly string[]).includes(row.status) ? (row.status as RegistrationStatus) : "new",
    lastContactAt: row.last_contact_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function submitRegistration(database: Database, submission: Submission & { now?: Date }): Promise<SubmitOutcome> {
  const now = submission.now ?? new Date();
  const outcome = await handleSubmission(database, "registration", registrationSchema(ukToday(now)), submission, async (parsed) => {
    const id = crypto.randomUUID();
    const at = now.toISOString();
    const v = submission.values;
    const row = parsed.ok
      ? {
          registrant: parsed.data.registrant,
          child_name: parsed.data.childName,
          child_dob: parsed.data.childDateOfBirth,
          programmes: JSON.stringify(parsed.data.programmes),
          parent_name: parsed.data.parentName,
          parent_phone: parsed.data.parentPhone,
          parent_email: parsed.data.parentEmail,
          emergency_name: parsed.data.emergencyName,
          emergency_phone: parsed.data.emergencyPhone,
          needs: parsed.data.needs,
          photo_consent: parsed.data.photoConsent === "yes" ? 1 : 0,
          declared_at: at,
        }
      : {
          registrant: rawText(v, "registrant", 20),
          child_name: rawText(v, "childName", 200),
          child_dob: rawText(v, "childDateOfBirth", 20),
          programmes: JSON.stringify(rawList(v, "programmes")),
          parent_name: rawText(v, "parentName", 200),
          parent_phone: rawText(v, "parentPhone", 40),
          parent_email: rawText(v, "parentEmail", 254),
          emergency_name: rawText(v, "emergencyName", 200),
          emergency_phone: rawText(v, "emergencyPhone", 40),
          needs: rawText(v, "needs", 2000),
          photo_consent: 0,
          declared_at: null,
        };
    await database.db
      .insertInto("registrations")
      .values({
        id,
        ...row,
        status: submission.honeypot ? "spam" : "new",
        last_contact_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  });
  if (outcome.status === "stored") {
    const { id } = outcome;
    // No child's details in e-mail: staff read them in the dashboard, where each view is logged.
    await tellAboutSubmission("registration", id, () =>
      notifyStaff(
        database,
        "New child registration",
        `A new registration has arrived through the website.\n\nView it in the dashboard:\n${adminLink(`/admin/registrations/${id}`)}`,
        { type: "registration", id },
      ),
    );
  }
  return outcome;
}

export interface RegistrationSummary {
  id: string;
  childName: string;
  age: number | null;
  programmes: string[];
  registrant: Registrant;
  status: RegistrationStatus;
  lastContactAt: string;
  createdAt: string;
}

/** The list staff see: enough to find a record, no contact or medical details. */
export async function listRegistrations(
  database: Database,
  { status = "new", limit = 50, offset = 0, lastContactBefore }: { status?: RegistrationStatus; limit?: number; offset?: number; lastContactBefore?: string } = {},
): Promise<{ registrations: RegistrationSummary[]; total: number }> {
  const base = database.db
    .selectFrom("registrations")
    .where("status", "=", status)
    .$if(lastContactBefore !== undefined, (q) => q.where("last_contact_at", "<", lastContactBefore!));
  const [rows, count] = await Promise.all([
    base
      .select(["id", "child_name", "child_dob", "programmes", "registrant", "status", "last_contact_at", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  const today = ukToday();
  return {
    total: toNum(count?.n),
    registrations: rows.map((row) => ({
      id: row.id,
      childName: row.child_name,
      age: ageOn(row.child_dob, today),
      programmes: parseList(row.programmes),
      registrant: row.registrant === "self" ? "self" : "parent",
      status: row.status === "spam" ? "spam" : "new",
      lastContactAt: row.last_contact_at,
      createdAt: row.created_at,
    })),
  };
}

export async function countRegistrationsByStatus(database: Database): Promise<Record<RegistrationStatus, number>> {
  const rows = await database.db.selectFrom("registrations").select(["status", (eb) => eb.fn.countAll().as("n")]).groupBy("status").execute();
  const counts: Record<RegistrationStatus, number> = { new: 0, spam: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as RegistrationStatus] = toNum(row.n);
  return counts;
}

/** Reads one registration for a member of staff, and logs that they did. */
export async function viewRegistration(database: Database, id: string, actor: Actor): Promise<Registration | undefined> {
  const row = await database.db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  await audit(database, actor, "registration.viewed", { registrationId: id });
  return toRegistration(row);
}

/** Logs that staff opened the list (it shows children's names). */
export async function recordRegistrationListView(database: Database, actor: Actor, status: RegistrationStatus): Promise<void> {
  await audit(database, actor, "registrations.listed", { status });
}

/** Staff heard from the family: the retention clock starts again. */
export async function markRegistrationContacted(database: Database, id: string, actor: Actor, at: Date = new Date()): Promise<boolean> {
  const iso = at.toISOString();
  const result = await database.db
    .updateTable("registrations")
    .set({ last_contact_at: iso, updated_at: iso })
    .where("id", "=", id)
    .executeTakeFirst();
  const changed = toNum(result.numUpdatedRows) > 0;
  if (changed) await audit(database, actor, "registration.contacted", { registrationId: id });
  return changed;
}

/**
 * Marks a registration as spam, or moves it back to the registrations list.
 * Only a complete registration (one that passed the form's checks, so its
 * declaration is recorded) can be moved back: spam that failed them is kept
 * as it came, unchecked (a missing or impossible date of birth, an under-13
 * registering alone), and must not become a record staff rely on.
 */
export async function setRegistrationStatus(
  database: Database,
  id: string,
  status: RegistrationStatus,
  actor: Actor,
): Promise<"changed" | "not-found" | "incomplete"> {
  const result = await database.db
    .updateTable("registrations")
    .set({ status, updated_at: nowIso() })
    .where("id", "=", id)
    .$if(status !== "spam", (q) => q.where("declared_at", "is not", null))
    .executeTakeFirst();
  if (toNum(result.numUpdatedRows) > 0) {
    await audit(database, actor, "registration.status", { registrationId: id, status });
    return "changed";
  }
  const exists = await database.db.selectFrom("registrations").select("id").where("id", "=", id).executeTakeFirst();
  return exists ? "incomplete" : "not-found";
}

export async function deleteRegistration(database: Database, id: string, actor: Actor): Promise<boolean> {
  const deleted = await database.db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("registrations").where("id", "=", id).executeTakeFirst();
    await deleteMailAbout({ ...database, db: trx }, { type: "registration", id });
    return toNum(result.numDeletedRows) > 0;
  });
  if (deleted) await audit(database, actor, "registration.deleted", { registrationId: id });
  return deleted;
}

const CSV_COLUMNS = [
  "id",
  "registered_at",
  "last_contact_at",
  "filled_in_by",
  "child_name",
  "date_of_birth",
  "age",
  "programmes",
  "parent_or_carer_name",
  "parent_or_carer_phone",
  "parent_or_carer_email",
  "emergency_contact_name",
  "emergency_contact_phone",
  "medical_or_additional_needs",
  "photo_consent",
];

/** Every real (not spam) registration as CSV, logged as an export. */
export async function exportRegistrationsCsv(database: Database, actor: Actor): Promise<{ csv: string; count: number }> {
  const rows = await database.db.selectFrom("registrations").selectAll().where("status", "=", "new").orderBy("created_at").execute();
  const today = ukToday();
  const lines = rows.map((row) => {
    const r = toRegistration(row, today);
    // Phone numbers are written so a spreadsheet keeps every digit and shows no stray ' (csvPhoneCell).
    return [
      csvCell(r.id),
      csvCell(r.createdAt),
      csvCell(r.lastContactAt),
      csvCell(r.registrant === "self" ? "young person" : "parent or carer"),
      csvCell(r.childName),
      csvCell(r.childDateOfBirth),
      csvCell(r.age),
      csvCell(r.programmes.map(programmeLabel).join("; ")),
      csvCell(r.parentName),
      csvPhoneCell(r.parentPhone),
      csvCell(r.parentEmail),
      csvCell(r.emergencyName),
      csvPhoneCell(r.emergencyPhone),
      csvCell(r.needs),
      csvCell(r.photoConsent ? "yes" : "no"),
    ].join(",");
  });
  await audit(database, actor, "registrations.exported", { count: rows.length });
  return { csv: `${[CSV_COLUMNS.join(","), ...lines].join("\r\n")}\r\n`, count: rows.length };
}

// ── Retention ─────────────────────────────────────────────────────────────

/**
 * Months a registration is kept after the last contact: the Settings value,
 * which defaults to REGISTRATION_RETENTION_MONTHS (24).
 */
export async function registrationRetentionMonths(database?: Database): Promise<number> {
  return getRegistrationRetentionMonths(database);
}

/** The instant `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  // 31 March minus one month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

/** How long before its automatic deletion a registration is shown to staff as due for review. */
export const REVIEW_NOTICE_DAYS = 30;

/**
 * Registrations whose last contact is before this instant are deleted within
 * REVIEW_NOTICE_DAYS (or are overdue for the next daily run): staff who are
 * still in touch with the family record a contact to keep them.
 */
export function reviewCutoff(now: Date, months: number): string {
  return new Date(monthsBefore(now, months).getTime() + REVIEW_NOTICE_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** Deletes every registration whose last contact is older than the retention period; returns how many. */
export async function deleteExpiredRegistrations(
  database: Database,
  { now = new Date(), months }: { now?: Date; months?: number } = {},
): Promise<number> {
  // Read strictly: if the setting cannot be read, the run fails and is tried again, rather than deleting with the default period.
  const period = months ?? (await getSetting(database, "registrationRetentionMonths"));
  const cutoff = monthsBefore(now, period).toISOString();
  const deleted = await database.db.transaction().execute(async (trx) => {
    // The staff notices about them go with them.
    await trx
      .deleteFrom("outbox")
      .where("about_type", "=", "registration")
      .where("about_id", "in", trx.selectFrom("registrations").select("id").where("last_contact_at", "<", cutoff))
      .execute();
    const result = await trx.deleteFrom("registrations").where("last_contact_at", "<", cutoff).executeTakeFirst();
    return toNum(result.numDeletedRows);
  });
  if (deleted > 0) {
    await recordAudit(database, {
      action: "registrations.retention-deleted",
      actorEmail: "system",
      detail: { count: deleted, retentionMonths: period, lastContactBefore: cutoff },
    });
  }
  return deleted;
}

/**
 * Deletes the Outbox's copies of e-mails older than the mail retention
 * period (Settings, default 12 months); returns how many.
 */
export async function deleteExpiredMail(database: Database, { now = new Date(), months }: { now?: Date; months?: number } = {}): Promise<number> {
  const period = months ?? (await getSetting(database, "mailRetentionMonths"));
  return deleteMailWrittenBefore(database, monthsBefore(now, period));
}

/** The daily personal-data retention run: registrations, e-mail copies, then newsletter sign-ups never confirmed (the job keeps its first name). */
export const RETENTION_JOB = "registrations.retention";
const DAY_MS = 24 * 3600_000;
const nextRetentionRun = () => new Date(Date.now() + DAY_MS);

let registered = false;

/**
 * The daily retention run is a job in the job queue, so one process does it even when
 * several share the database. A run that fails for good still leaves the next
 * day's run queued (by the job runner), so an outage never stops the deletion
 * until the next restart.
 */
export function registerRegistrationJobs(): void {
  if (registered) return;
  registered = true;
  registerJobHandler(
    RETENTION_JOB,
    async (_payload, { database, job }) => {
      const deleted = await deleteExpiredRegistrations(database);
      const mail = await deleteExpiredMail(database);
      const signUps = await expireUnconfirmedSignUps(database);
      logger.info({ deleted, mail, unconfirmedSignUps: signUps }, "personal data retention check");
      // Two processes starting together may both have queued the job; only one chain carries on.
      const other = await database.db
        .selectFrom("jobs")
        .select("id")
        .where("type", "=", RETENTION_JOB)
        .where("status", "=", "queued")
        .where("id", "!=", job.id)
        .executeTakeFirst();
      if (other) return;
      return { continueAt: nextRetentionRun() };
    },
    { nextRun: nextRetentionRun },
  );
}

/** Queues the daily clean-up unless it is already queued or running. */
export async function ensureRetentionJob(database: Database): Promise<void> {
  const existing = await database.db
    .selectFrom("jobs")
    .select("id")
    .where("type", "=", RETENTION_JOB)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  if (!existing) await enqueueJob(database, RETENTION_JOB, null);
}

async function audit(database: Database, actor: Actor, action: string, detail: Record<string, unknown>): Promise<void> {
  await recordAudit(database, { action, actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, detail });
}
