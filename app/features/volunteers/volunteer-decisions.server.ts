import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { deleteMailAbout, deliverMail, prepareMail, storeMail, type MailResult, type PreparedMail } from "#app/platform/mail/mailer.server";
import { logger } from "#app/platform/log/logger.server";
import { stampAfter } from "#app/web/stale-edit.server";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { APPLICATION_STATUSES, type ApplicationStatus } from "./volunteer.schema";
import { checkedApplication, getApplication, statusOf, toApplication, type VolunteerApplication } from "./volunteer-applications.server";

// What staff do with an application: approve or reject it (with its e-mail), move it between Pending and Spam,
// record a volunteer's hours, delete it.


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
