import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { z } from "zod";
import type { VolunteerApplicationsTable } from "#app/platform/db/schema";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { queueMail } from "#app/platform/mail/mailer.server";
import { notifyStaff } from "#app/features/settings/staff-mail.server";
import { adminLink, handleSubmission, rawList, rawText, tellAboutSubmission, type Submission, type SubmitOutcome } from "#app/features/public-forms/public-forms.server";
import { logger } from "#app/platform/log/logger.server";
import { mayMailVisitor } from "#app/features/public-forms/recipient-throttle.server";
import { startOfUkMonth } from "#app/web/dates";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import {
  ANY_ROLE,
  ANY_ROLE_LABEL,
  APPLICATION_STATUSES,
  AVAILABILITY_OPTIONS,
  volunteerApplicationSchema,
  type ApplicationStatus,
} from "./volunteer.schema";
import { listOpportunities, parseJsonList, type Opportunity } from "./volunteer-roles.server";

// Applications to volunteer: the public form, reading them back, and the counts the dashboard shows.
// Staff decisions on them are in volunteer-decisions.server.ts.

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

export function statusOf(value: string): ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(value) ? (value as ApplicationStatus) : "pending";
}

/**
 * The application form's checks as a stored row can be put to them: roles
 * are stored as the titles of the roles chosen (up to a role title's 120
 * characters) rather than as the form's ids, and whether the roles were open
 * then cannot be asked now; everything else, consent included, is checked as
 * the form checks it.
 */
const storedApplicationSchema = volunteerApplicationSchema([]).extend({
  roles: z
    .array(z.string().trim().min(1).max(120), { error: "Please choose at least one role." })
    .min(1, { error: "Please choose at least one role, or 'Anywhere I'm needed'." })
    .max(20, { error: "Please choose fewer roles." }),
});

/** The row's text as the form would have stored it, or null when the form would have refused it. */
export function checkedApplication(
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

export function toApplication(row: Selectable<VolunteerApplicationsTable>): VolunteerApplication {
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
 * confirmation (at most three a day to one address, see
 * recipient-throttle.server.ts) and tells staff. The roles chosen must be open right now.
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
    // Only the roles open now can be chosen (the schema says so if one has closed since the page was loaded).
    volunteerApplicationSchema(open.map((o) => o.id)),
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
  );
  if (outcome.status === "stored") {
    const { id } = outcome;
    const about = { type: "volunteer_application", id } as const;
    // Each message on its own: a confirmation that cannot be recorded must not keep staff from hearing of the application.
    await tellAboutSubmission("volunteer", id, async () => {
      const application = (await getApplication(database, id))!;
      if (!(await mayMailVisitor(database, application.email, { form: "volunteer-application", id }))) return;
      const { charityName } = await getSiteSettings();
      // Nobody has confirmed this address belongs to the person who typed
      // it, so the message says nothing they typed or chose (name, message,
      // roles): only the charity's own words, which cannot be turned into
      // someone else's phishing e-mail.
      await queueMail(database, {
        to: application.email,
        kind: "transactional",
        about,
        subject: `Thank you for applying to volunteer with ${charityName}`,
        text: [
          "Hello,",
          `Thank you for applying to volunteer with ${charityName}. We have received your application.`,
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
