import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { z } from "zod";
import { VOLUNTEER_TYPES, type VolunteerType } from "#app/content/site";
import { recordAudit, type AuditActor } from "#app/features/audit/audit.server";
import type { VolunteerApplicationsTable, VolunteerOpportunitiesTable } from "#app/platform/db/schema";
import { nowIso, toBool, toNum, type Database } from "#app/platform/db/db.server";
import { deleteMailAbout, deliverMail, notifyStaff, prepareMail, queueMail, storeMail, type MailResult, type PreparedMail } from "#app/platform/mail/mailer.server";
import { adminLink, handleSubmission, rawList, rawText, tellAboutSubmission, type Submission, type SubmitOutcome } from "#app/features/public-forms/public-forms.server";
import { logger } from "#app/platform/log/logger.server";
import { parseForm, type FormResult } from "#app/web/parse-form";
import { startOfUkMonth } from "#app/web/dates";
import { editConflict, editVersion, stampAfter, type EditResult } from "#app/web/stale-edit.server";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import {
  ANY_ROLE,
  ANY_ROLE_LABEL,
  APPLICATION_STATUSES,
  AVAILABILITY_OPTIONS,
  opportunitySchema,
  volunteerApplicationSchema,
  type ApplicationStatus,
} from "./volunteer.schema";

// ── Opportunities ─────────────────────────────────────────────────────────

export interface Opportunity {
  id: string;
  title: string;
  type: VolunteerType;
  timeCommitment: string;
  skills: string[];
  description: string;
  isOpen: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

function parseJsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

const TYPE_VALUES: readonly string[] = VOLUNTEER_TYPES.map((t) => t.value);

function toOpportunity(row: Selectable<VolunteerOpportunitiesTable>): Opportunity {
  return {
    id: row.id,
    title: row.title,
    type: (TYPE_VALUES.includes(row.type) ? row.type : "events") as VolunteerType,
    timeCommitment: row.time_commitment,
    skills: parseJsonList(row.skills),
    description: row.description,
    isOpen: toBool(row.is_open),
    sortOrder: toNum(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listOpportunities(database: Database, { openOnly = false }: { openOnly?: boolean } = {}): Promise<Opportunity[]> {
  const rows = await database.db
    .selectFrom("volunteer_opportunities")
    .selectAll()
    .$if(openOnly, (q) => q.where("is_open", "=", 1))
    .orderBy("sort_order")
    .orderBy("created_at")
    .execute();
  return rows.map(toOpportunity);
}

export async function getOpportunity(database: Database, id: string): Promise<Opportunity | undefined> {
  const row = await database.db.selectFrom("volunteer_opportunities").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toOpportunity(row) : undefined;
}

type Values = Record<string, unknown> | FormData;


export async function createOpportunity(database: Database, values: Values): Promise<FormResult<Opportunity>> {
  const parsed = parseForm(opportunitySchema, values);
  if (!parsed.ok) return parsed;
  // The insert and the read back are one transaction: if either fails, no role was added.
  return database.db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom("volunteer_opportunities").select((eb) => eb.fn.max("sort_order").as("max")).executeTakeFirst();
    const now = nowIso();
    const id = crypto.randomUUID();
    await trx
      .insertInto("volunteer_opportunities")
      .values({
        id,
        title: parsed.data.title,
        type: parsed.data.type,
        time_commitment: parsed.data.timeCommitment,
        skills: JSON.stringify(parsed.data.skills),
        description: parsed.data.description,
        is_open: 1,
        sort_order: toNum(last?.max) + 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { ok: true as const, data: (await getOpportunity({ ...database, db: trx }, id))! };
  });
}

/** The edit version of what the role form edits (see edit-version.server.ts); open or closed, and its place, do not count. */
export function opportunityVersion(o: Pick<Opportunity, "title" | "type" | "timeCommitment" | "skills" | "description">): string {
  return editVersion({ title: o.title, type: o.type, timeCommitment: o.timeCommitment, skills: o.skills, description: o.description });
}

/**
 * Edits a role. With `baseVersion` (opportunityVersion of the role as the
 * form showed it) nothing is changed if someone has edited it since, and the
 * conflict is reported; the admin form always sends it.
 */
export async function updateOpportunity(
  database: Database,
  id: string,
  values: Values,
  { baseVersion }: { baseVersion?: string } = {},
): Promise<EditResult<Opportunity> | undefined> {
  // Read, check, change and read back in one transaction: if any of it fails, nothing was changed.
  return database.db.transaction().execute(async (trx): Promise<EditResult<Opportunity> | undefined> => {
    const row = await trx
      .selectFrom("volunteer_opportunities")
      .selectAll()
      .where("id", "=", id)
      .$if(database.engine === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) return undefined;
    // Said before any field errors: fixing those would not make this form's save possible.
    if (baseVersion !== undefined && opportunityVersion(toOpportunity(row)) !== baseVersion) {
      return editConflict(row.updated_at, values);
    }
    const parsed = parseForm(opportunitySchema, values);
    if (!parsed.ok) return parsed;
    await trx
      .updateTable("volunteer_opportunities")
      .set({
        title: parsed.data.title,
        type: parsed.data.type,
        time_commitment: parsed.data.timeCommitment,
        skills: JSON.stringify(parsed.data.skills),
        description: parsed.data.description,
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .execute();
    const data = await getOpportunity({ ...database, db: trx }, id);
    return data ? { ok: true, data } : undefined;
  });
}

/** Closing hides a role from /volunteer/vacancies and the application form; applications keep its title. */
export async function setOpportunityOpen(database: Database, id: string, open: boolean): Promise<boolean> {
  const result = await database.db
    .updateTable("volunteer_opportunities")
    .set({ is_open: open ? 1 : 0, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return toNum(result.numUpdatedRows) > 0;
}

export async function deleteOpportunity(database: Database, id: string): Promise<boolean> {
  const result = await database.db.deleteFrom("volunteer_opportunities").where("id", "=", id).executeTakeFirst();
  return toNum(result.numDeletedRows) > 0;
}

// ── Applications ──────────────────────────────────────────────────────────

export interface VolunteerApplication {
  id: string;
  name: string;
  email: string;
  phone: string;
  roles: string[];
  availability: string[];
  message: string;
  consentAt: string | null;
  status: ApplicationStatus;
  /**
   * Whether it passes the application form's checks, consent included. Spam
   * is kept as it was sent, so a spam row may hold an "email" that is not an
   * address and no consent; only a row that passes may leave spam
   * (setApplicationStatus).
   */
  passesChecks: boolean;
  decidedBy: string | null;
  decidedAt: string | null;
  hours: number;
  createdAt: string;
  /** When the decision (status, who, when) last changed; saving hours leaves it alone (see setVolunteerHours). */
  updatedAt: string;
}

function statusOf(value: string): ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(value) ? (value as ApplicationStatus) : "pending";
}

/**
 * The application form's checks as a stored row can be put to them: roles
 * are stored as the titles of the roles chosen (up to a role title's 120
 * characters) rather than as the form's ids, and whether the roles were open
 * then cannot be asked now; everything else, consent included, is checked as
 * the form checks it.
 */
const storedApplicationSchema = volunteerApplicationSchema.extend({
  roles: z
    .array(z.string().trim().min(1).max(120), { error: "Please choose at least one role." })
    .min(1, { error: "Please choose at least one role, or 'Anywhere I'm needed'." })
    .max(20, { error: "Please choose fewer roles." }),
});

/** The row's text as the form would have stored it, or null when the form would have refused it. */
function checkedApplication(
  row: Selectable<VolunteerApplicationsTable>,
): Pick<VolunteerApplicationsTable, "name" | "email" | "phone" | "message"> | null {
  const parsed = storedApplicationSchema.safeParse({
    name: row.name,
    email: row.email,
    phone: row.phone,
    roles: parseJsonList(row.roles),
    availability: parseJsonList(row.availability),
    message: row.message,
    // The form stores when consent was given only when its box was ticked; spam it refused has none.
    consent: row.consent_at ? "yes" : undefined,
  });
  return parsed.success ? { name: parsed.data.name, email: parsed.data.email, phone: parsed.data.phone, message: parsed.data.message } : null;
}

function toApplication(row: Selectable<VolunteerApplicationsTable>): VolunteerApplication {
  const status = statusOf(row.status);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    roles: parseJsonList(row.roles),
    availability: parseJsonList(row.availability),
    message: row.message,
    consentAt: row.consent_at,
    status,
    passesChecks: status !== "spam" || checkedApplication(row) !== null,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    hours: toNum(row.hours),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function availabilityLabel(value: string): string {
  return AVAILABILITY_OPTIONS.find((o) => o.value === value)?.label ?? value;
}

/**
 * 'Apply to volunteer': stores the application, e-mails the applicant a
 * confirmation and tells staff. The roles chosen must be open right now.
 */
export async function submitVolunteerApplication(database: Database, submission: Submission): Promise<SubmitOutcome> {
  let open: Opportunity[];
  try {
    open = await listOpportunities(database, { openOnly: true });
  } catch (error) {
    logger.error({ form: "volunteer-application", err: error instanceof Error ? error.message : String(error) }, "public form could not be saved");
    return { status: "unavailable", values: submission.values };
  }
  const titleOf = (id: string) => (id === ANY_ROLE ? ANY_ROLE_LABEL : open.find((o) => o.id === id)?.title);
  const outcome = await handleSubmission(
    database,
    "volunteer-application",
    volunteerApplicationSchema,
    submission,
    async (parsed) => {
      const now = nowIso();
      const id = crypto.randomUUID();
      const v = submission.values;
      await database.db
        .insertInto("volunteer_applications")
        .values(
          parsed.ok
            ? {
                id,
                name: parsed.data.name,
                email: parsed.data.email,
                phone: parsed.data.phone,
                roles: JSON.stringify(parsed.data.roles.map((r) => titleOf(r) ?? r)),
                availability: JSON.stringify(parsed.data.availability),
                message: parsed.data.message,
                consent_at: now,
                status: submission.honeypot ? "spam" : "pending",
                decided_by: null,
                decided_at: null,
                hours: 0,
                created_at: now,
                updated_at: now,
              }
            : {
                id,
                name: rawText(v, "name", 200),
                email: rawText(v, "email", 254),
                phone: rawText(v, "phone", 40),
                roles: JSON.stringify(rawList(v, "roles")),
                availability: JSON.stringify(rawList(v, "availability")),
                message: rawText(v, "message", 2000),
                consent_at: null,
                status: "spam",
                decided_by: null,
                decided_at: null,
                hours: 0,
                created_at: now,
                updated_at: now,
              },
        )
        .execute();
      return id;
    },
    async (data) =>
      data.roles.every((r) => titleOf(r) !== undefined)
        ? null
        : { roles: ["One of the roles you chose is no longer open. Please choose again from the list."] },
  );
  if (outcome.status === "stored") {
    const { id } = outcome;
    const about = { type: "volunteer_application", id } as const;
    // Each message on its own: a confirmation that cannot be recorded must not keep staff from hearing of the application.
    await tellAboutSubmission("volunteer", id, async () => {
      const application = (await getApplication(database, id))!;
      const { charityName } = await getSiteSettings();
      await queueMail(database, {
        to: application.email,
        kind: "transactional",
        about,
        subject: `Thank you for applying to volunteer with ${charityName}`,
        text: [
          `Dear ${application.name},`,
          `Thank you for offering to volunteer with ${charityName}. We have received your application for: ${application.roles.join(", ")}.`,
          "A member of our team will read it and get back to you, usually within two weeks.",
          "If you did not send this application, please reply to let us know and we will delete it.",
          `With thanks,\n${charityName}`,
        ].join("\n\n"),
      });
    });
    // Staff are told where to look, not sent the applicant's details by e-mail.
    await tellAboutSubmission("volunteer", id, async () => {
      const application = (await getApplication(database, id))!;
      await notifyStaff(
        database,
        "New volunteer application",
        `A new volunteer application has arrived for: ${application.roles.join(", ")}.\n\nRead it and reply in the dashboard:\n${adminLink(`/admin/volunteers/applications/${id}`)}`,
        about,
      );
    });
  }
  return outcome;
}

export async function getApplication(database: Database, id: string): Promise<VolunteerApplication | undefined> {
  const row = await database.db.selectFrom("volunteer_applications").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toApplication(row) : undefined;
}

export async function listApplications(
  database: Database,
  { status, limit = 50, offset = 0 }: { status?: ApplicationStatus; limit?: number; offset?: number } = {},
): Promise<{ applications: VolunteerApplication[]; total: number }> {
  const base = database.db.selectFrom("volunteer_applications").$if(Boolean(status), (q) => q.where("status", "=", status!));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { applications: rows.map(toApplication), total: toNum(count?.n) };
}

export async function countApplicationsByStatus(database: Database): Promise<Record<ApplicationStatus, number>> {
  const rows = await database.db
    .selectFrom("volunteer_applications")
    .select(["status", (eb) => eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, approved: 0, rejected: 0, spam: 0 } as Record<ApplicationStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as ApplicationStatus] = toNum(row.n);
  return counts;
}

export interface VolunteerStats {
  /** Approved volunteers. */
  volunteers: number;
  /** Volunteers approved since the start of this month (UK time). */
  newThisMonth: number;
  pending: number;
  /** Hours staff have recorded, across all volunteers. */
  hours: number;
}

export async function volunteerStats(database: Database, now: Date = new Date()): Promise<VolunteerStats> {
  const since = startOfUkMonth(now);
  const [approved, recent, pending] = await Promise.all([
    database.db
      .selectFrom("volunteer_applications")
      .select([(eb) => eb.fn.countAll().as("n"), (eb) => eb.fn.sum("hours").as("hours")])
      .where("status", "=", "approved")
      .executeTakeFirst(),
    database.db
      .selectFrom("volunteer_applications")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "approved")
      .where("decided_at", ">=", since)
      .executeTakeFirst(),
    database.db.selectFrom("volunteer_applications").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "pending").executeTakeFirst(),
  ]);
  return {
    volunteers: toNum(approved?.n),
    newThisMonth: toNum(recent?.n),
    pending: toNum(pending?.n),
    hours: Math.round(toNum(approved?.hours) * 100) / 100,
  };
}

type Actor = AuditActor;

/** The message staff start from when they approve or reject; they can edit it before it is sent. */
export async function decisionTemplate(
  application: Pick<VolunteerApplication, "name" | "roles">,
  decision: "approved" | "rejected",
): Promise<{ subject: string; body: string }> {
  const { charityName } = await getSiteSettings();
  if (decision === "approved") {
    return {
      subject: `Welcome to the team at ${charityName}`,
      body: [
        `Dear ${application.name},`,
        `Thank you for applying to volunteer with us (${application.roles.join(", ")}). We are delighted to tell you that your application has been approved.`,
        "We will be in touch soon to arrange a short induction and the safeguarding checks everyone who works with young people needs.",
        `With thanks,\n${charityName}`,
      ].join("\n\n"),
    };
  }
  return {
    subject: `Your volunteer application to ${charityName}`,
    body: [
      `Dear ${application.name},`,
      `Thank you for offering to volunteer with us (${application.roles.join(", ")}). Unfortunately we are not able to offer you a volunteer role at the moment.`,
      "We are grateful for your interest, and you are welcome to apply again when new vacancies appear.",
      `With best wishes,\n${charityName}`,
    ].join("\n\n"),
  };
}

/** The status is no longer the one the admin saw (another admin decided, or moved it, meanwhile): nothing changed. */
export interface ChangedSinceSeen {
  ok: false;
  reason: "changed";
  status: ApplicationStatus;
  decidedBy: string | null;
  decidedAt: string | null;
  updatedAt: string;
}

export type DecisionResult = { ok: true; application: VolunteerApplication; mail: MailResult } | { ok: false; reason: "not-found" | "spam" } | ChangedSinceSeen;

/** The status the decision form says its admin saw, or undefined if it names none. */
export function parseSeenStatus(value: unknown): ApplicationStatus | undefined {
  return (APPLICATION_STATUSES as readonly unknown[]).includes(value) ? (value as ApplicationStatus) : undefined;
}

/**
 * Approve or reject for real: the status, who decided and when, the e-mail
 * (in the outbox) and the audit entry are saved in one transaction, so a
 * failure part-way changes nothing and mails nobody, and a second try cannot
 * mail the applicant twice. Delivery over SMTP follows the commit; how it
 * went is in the result (and the Outbox), not a reason to undo the decision.
 *
 * `seenStatus` is the status the admin's page showed, and `seenUpdatedAt`
 * the application's updated_at then. The decision is made only if the
 * application is still as it was (one conditional update), so two admins
 * deciding the same application at once cannot both mail the applicant, nor
 * can a page loaded before an approval that was then moved back to Pending:
 * the later one changes nothing, sends nothing and learns who decided, and
 * when ("changed").
 */
export async function decideApplication(
  database: Database,
  id: string,
  input: { decision: "approved" | "rejected"; seenStatus: ApplicationStatus; seenUpdatedAt?: string; subject: string; body: string; actor: Actor },
): Promise<DecisionResult> {
  const found = await getApplication(database, id);
  if (!found) return { ok: false, reason: "not-found" };
  const mail = await prepareMail({ to: found.email, subject: input.subject, text: input.body, kind: "transactional", about: { type: "volunteer_application", id } });
  const decided = await database.db.transaction().execute(async (trx): Promise<DecisionResult | { ok: true; application: VolunteerApplication }> => {
    const tx: Database = { ...database, db: trx };
    const now = nowIso();
    // Always a new updated_at, even within the same millisecond, so a page loaded before this decision never matches it.
    const changes = { status: input.decision, decided_by: input.actor.email, decided_at: now, updated_at: stampAfter(found.updatedAt) };
    // Only from the status the admin saw, and never from spam, judged by the row as it is when written
    // (PostgreSQL re-checks the condition on the latest committed row once another admin's update commits).
    const updated = await trx
      .updateTable("volunteer_applications")
      .set(changes)
      .where("id", "=", id)
      .where("status", "=", input.seenStatus)
      // Status alone would let Approve, then back to Pending, look unchanged to a page loaded before both.
      .$if(Boolean(input.seenUpdatedAt), (q) => q.where("updated_at", "=", input.seenUpdatedAt!))
      .where("status", "!=", "spam")
      .executeTakeFirst();
    const row = await trx.selectFrom("volunteer_applications").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return { ok: false, reason: "not-found" };
    if (toNum(updated.numUpdatedRows) === 0) {
      if (row.status === "spam") return { ok: false, reason: "spam" };
      const current = toApplication(row);
      return { ok: false, reason: "changed", status: current.status, decidedBy: current.decidedBy, decidedAt: current.decidedAt, updatedAt: current.updatedAt };
    }
    await storeMail(tx, mail);
    await recordAudit(tx, {
      action: `volunteer-application.${input.decision}`,
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      ip: input.actor.ip ?? null,
      detail: { applicationId: id, outboxId: mail.id },
    });
    return { ok: true, application: toApplication(row) };
  });
  if (!decided.ok) return decided;
  return { ...decided, mail: await deliverRecordedMail(database, mail) };
}

/**
 * Delivers a message whose change is already saved. If even recording the
 * outcome fails, the change still stands: the message counts as not sent,
 * and its outbox row keeps saying 'sending' until staff look.
 */
async function deliverRecordedMail(database: Database, mail: PreparedMail): Promise<MailResult> {
  try {
    return await deliverMail(database, mail);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.error({ outboxId: mail.id, err: reason }, "could not record how a decision e-mail went");
    return { id: mail.id, status: "failed", error: reason };
  }
}

export type StatusMoveResult =
  | { ok: true; application: VolunteerApplication }
  | { ok: false; reason: "not-found" }
  /** It is spam that did not pass the application form's checks (see passesChecks), so it stays spam, unchanged. */
  | { ok: false; reason: "unchecked" }
  | ChangedSinceSeen;

/**
 * Staff move an application back to Pending, into Spam, or out of Spam (to
 * Pending); no e-mail is sent. Approve and reject are decideApplication's.
 *
 * Like a decision, the move is made only from the status the admin's page
 * showed (`seenStatus`, and `seenUpdatedAt` when the form sends it), so a
 * page loaded before another admin's approval cannot silently replace it:
 * the move changes nothing and says who decided, and when ("changed").
 * Spam leaves Spam only if it passes the application form's checks, consent
 * included; otherwise it stays as it was sent ("unchecked"), so nobody can
 * go on to approve it and e-mail an address a bot typed for a person who
 * never agreed to be kept or written to. The move and its audit entry are
 * one transaction.
 */
export async function setApplicationStatus(
  database: Database,
  id: string,
  input: { status: "pending" | "spam"; seenStatus: ApplicationStatus; seenUpdatedAt?: string; actor: Actor },
): Promise<StatusMoveResult> {
  return database.db.transaction().execute(async (trx): Promise<StatusMoveResult> => {
    const row = await trx
      .selectFrom("volunteer_applications")
      .selectAll()
      .where("id", "=", id)
      .$if(database.engine === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "not-found" };
    const changedSince = (current: VolunteerApplication): StatusMoveResult => ({
      ok: false,
      reason: "changed",
      status: current.status,
      decidedBy: current.decidedBy,
      decidedAt: current.decidedAt,
      updatedAt: current.updatedAt,
    });
    // Said before the checks: a page that no longer shows the application as it is cannot move it at all.
    if (row.status !== input.seenStatus || (input.seenUpdatedAt !== undefined && row.updated_at !== input.seenUpdatedAt)) return changedSince(toApplication(row));
    // Already there: nothing to change, and nobody's decision to overwrite.
    if (row.status === input.status) return { ok: true, application: toApplication(row) };
    const checked = row.status === "spam" ? checkedApplication(row) : {};
    if (!checked) return { ok: false, reason: "unchecked" };
    const now = nowIso();
    const updated = await trx
      .updateTable("volunteer_applications")
      .set({
        ...checked,
        status: input.status,
        decided_by: input.status === "pending" ? null : input.actor.email,
        decided_at: input.status === "pending" ? null : now,
        // A new updated_at every time: a page loaded before this change must not match it (see decideApplication).
        updated_at: stampAfter(row.updated_at),
      })
      .where("id", "=", id)
      // The row as read above (SQLite has no FOR UPDATE; this keeps the check and the write one step there too).
      .where("status", "=", row.status)
      .where("updated_at", "=", row.updated_at)
      .executeTakeFirst();
    const after = await trx.selectFrom("volunteer_applications").selectAll().where("id", "=", id).executeTakeFirst();
    if (!after) return { ok: false, reason: "not-found" };
    if (toNum(updated.numUpdatedRows) === 0) return changedSince(toApplication(after));
    await recordAudit({ ...database, db: trx }, {
      action: "volunteer-application.status",
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      ip: input.actor.ip ?? null,
      detail: { applicationId: id, from: row.status, status: input.status },
    });
    return { ok: true, application: toApplication(after) };
  });
}

export type HoursResult =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  /** Hours are a volunteer's: the application is not (or no longer) approved. */
  | { ok: false; reason: "not-approved"; status: ApplicationStatus };

/**
 * Records a volunteer's total hours, only while the application is approved
 * (judged by the row as it is when written, in one conditional update).
 *
 * It leaves updated_at alone: updated_at is the version of the decision
 * (status, who, when) that a decision form compares (see decideApplication),
 * and hours are not a decision, so saving them must not refuse a decision
 * form opened before with a message about a decision nobody changed.
 */
export async function setVolunteerHours(database: Database, id: string, hours: number): Promise<HoursResult> {
  const result = await database.db
    .updateTable("volunteer_applications")
    .set({ hours })
    .where("id", "=", id)
    .where("status", "=", "approved")
    .executeTakeFirst();
  if (toNum(result.numUpdatedRows) > 0) return { ok: true };
  const row = await database.db.selectFrom("volunteer_applications").select("status").where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, reason: "not-found" };
  return { ok: false, reason: "not-approved", status: statusOf(row.status) };
}

/** Deletes an application and the copies of every e-mail to or about the applicant it caused. */
export async function deleteApplication(database: Database, id: string, actor: Actor): Promise<boolean> {
  const deleted = await database.db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("volunteer_applications").where("id", "=", id).executeTakeFirst();
    await deleteMailAbout({ ...database, db: trx }, { type: "volunteer_application", id });
    return toNum(result.numDeletedRows) > 0;
  });
  if (deleted) {
    await recordAudit(database, {
      action: "volunteer-application.deleted",
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip ?? null,
      detail: { applicationId: id },
    });
  }
  return deleted;
}
