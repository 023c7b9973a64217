import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import type { MessagesTable } from "#app/platform/db/schema";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { stampAfter } from "#app/web/stale-edit.server";
import { deleteMailAbout } from "#app/platform/mail/mailer.server";
import { notifyStaff } from "#app/features/settings/staff-mail.server";
import { adminLink, handleSubmission, rawText, tellAboutSubmission, type Submission, type SubmitOutcome } from "#app/features/public-forms/public-forms.server";
import { MESSAGE_STATUSES, questionSchema, questionSchemaFor, storedQuestionSchema, topicLabel, type MessageStatus } from "./question.schema";

/** Questions sent from the contact page's 'Ask a Question' form. */
export interface Message {
  id: string;
  name: string;
  email: string;
  topic: string;
  topicLabel: string;
  message: string;
  status: MessageStatus;
  /**
   * Whether it passes the form's checks. Spam is kept as it was sent, so a
   * spam row may hold an address that is not one or a topic the form never
   * offered; only a row that passes may leave spam (setMessageStatus).
   */
  passesChecks: boolean;
  answeredBy: string | null;
  answeredAt: string | null;
  createdAt: string;
}

/** The row as the form would have stored it, or null when the form would have refused it. */
function checkedQuestion(row: Selectable<MessagesTable>): Pick<MessagesTable, "name" | "email" | "topic" | "message"> | null {
  const parsed = storedQuestionSchema.safeParse({ name: row.name, email: row.email, topic: row.topic, message: row.message });
  return parsed.success ? parsed.data : null;
}

function toMessage(row: Selectable<MessagesTable>): Message {
  const status = (MESSAGE_STATUSES as readonly string[]).includes(row.status) ? (row.status as MessageStatus) : "new";
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    topic: row.topic,
    topicLabel: topicLabel(row.topic),
    message: row.message,
    status,
    passesChecks: status !== "spam" || checkedQuestion(row) !== null,
    answeredBy: row.answered_by,
    answeredAt: row.answered_at,
    createdAt: row.created_at,
  };
}

/** A visitor's question; `topics` are the choices the form offered (the FAQ page's topics as published), else the built-in ones. */
export async function submitQuestion(database: Database, submission: Submission, topics?: readonly string[]): Promise<SubmitOutcome> {
  const schema = topics ? questionSchemaFor(topics) : questionSchema;
  const outcome = await handleSubmission(database, "question", schema, submission, async (parsed) => {
    const id = crypto.randomUUID();
    const v = submission.values;
    await database.db
      .insertInto("messages")
      .values({
        id,
        name: parsed.ok ? parsed.data.name : rawText(v, "name", 200),
        email: parsed.ok ? parsed.data.email : rawText(v, "email", 254),
        topic: parsed.ok ? parsed.data.topic : rawText(v, "topic", 120),
        message: parsed.ok ? parsed.data.message : rawText(v, "message", 4000),
        status: submission.honeypot ? "spam" : "new",
        answered_by: null,
        answered_at: null,
        created_at: nowIso(),
      })
      .execute();
    return id;
  });
  if (outcome.status === "stored") {
    const { id } = outcome;
    await tellAboutSubmission("question", id, async () => {
      const message = (await getMessage(database, id))!;
      await notifyStaff(
        database,
        `New question: ${message.topicLabel}`,
        `${message.name} asked a question about "${message.topicLabel}".\n\nRead it and mark it answered in the dashboard:\n${adminLink("/admin/messages")}`,
        { type: "message", id },
      );
    });
  }
  return outcome;
}

export async function getMessage(database: Database, id: string): Promise<Message | undefined> {
  const row = await database.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toMessage(row) : undefined;
}

export async function listMessages(
  database: Database,
  { status, limit = 50, offset = 0 }: { status?: MessageStatus; limit?: number; offset?: number } = {},
): Promise<{ messages: Message[]; total: number }> {
  const base = database.db.selectFrom("messages").$if(Boolean(status), (q) => q.where("status", "=", status!));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { messages: rows.map(toMessage), total: toNum(count?.n) };
}

export async function countMessagesByStatus(database: Database): Promise<Record<MessageStatus, number>> {
  const rows = await database.db.selectFrom("messages").select(["status", (eb) => eb.fn.countAll().as("n")]).groupBy("status").execute();
  const counts: Record<MessageStatus, number> = { new: 0, answered: 0, spam: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as MessageStatus] = toNum(row.n);
  return counts;
}


/**
 * What a status button does: Answered, Not answered, Spam, or Not spam
 * (out of spam to where it was: under Answered, with who answered it and
 * when, if it had been answered, otherwise under Not answered).
 */
export const MESSAGE_MOVES = ["answered", "new", "spam", "not-spam"] as const;
export type MessageMove = (typeof MESSAGE_MOVES)[number];

export function isMessageMove(value: unknown): value is MessageMove {
  return (MESSAGE_MOVES as readonly unknown[]).includes(value);
}

/**
 * The question as the admin's page showed it when they pressed a button:
 * its status and when it was answered (null: not answered). Together they
 * say whether anyone has moved it since (see setMessageStatus).
 */
export interface SeenMessage {
  status: MessageStatus;
  answeredAt: string | null;
}

/**
 * What a status button's form says its admin saw (seenStatus, and
 * seenAnsweredAt, empty when it was not answered), or undefined if it does
 * not say both.
 */
export function parseSeenMessage(status: unknown, answeredAt: unknown): SeenMessage | undefined {
  if (!(MESSAGE_STATUSES as readonly unknown[]).includes(status) || typeof answeredAt !== "string") return undefined;
  return { status: status as MessageStatus, answeredAt: answeredAt === "" ? null : answeredAt };
}

export type MessageMoveResult =
  | { ok: true; message: Message }
  | { ok: false; reason: "not-found" }
  /** A spam question that did not pass the form's checks: it stays in spam, unchanged. */
  | { ok: false; reason: "unchecked" }
  /** Someone moved it after the admin's page was drawn: nothing changed; `message` is the question as it now is. */
  | { ok: false; reason: "changed"; message: Message };

/**
 * When a question is answered. It is also the version a page's status
 * buttons compare (see setMessageStatus), so within a process each one is
 * at least a millisecond after the one before: answered, moved back and
 * answered again at once still reads as a change to a page drawn between.
 */
let lastAnswerStamp: string | undefined;
function answerStamp(): string {
  lastAnswerStamp = stampAfter(lastAnswerStamp);
  return lastAnswerStamp;
}

/** The columns a move writes, from the row as it is. */
function moveColumns(row: Selectable<MessagesTable>, move: MessageMove, actor: Actor): Pick<MessagesTable, "status" | "answered_by" | "answered_at"> {
  switch (move) {
    // Spam is a status of its own: who answered it, and when, stay with it, for Not spam to bring back.
    case "spam":
      return { status: "spam", answered_by: row.answered_by, answered_at: row.answered_at };
    case "not-spam":
      return { status: row.answered_at ? "answered" : "new", answered_by: row.answered_by, answered_at: row.answered_at };
    // One answered before it was marked as spam keeps who answered it and when.
    case "answered":
      return row.answered_at
        ? { status: "answered", answered_by: row.answered_by, answered_at: row.answered_at }
        : { status: "answered", answered_by: actor.email, answered_at: answerStamp() };
    case "new":
      return { status: "new", answered_by: null, answered_at: null };
  }
}

/**
 * Answered (with who and when), back to not answered, or moved in or out of
 * spam. Marking as spam keeps who answered the question and when, and Not
 * spam brings it back where it was; only Mark as not answered clears them.
 *
 * A question leaves spam (to either list) only if it passes the form's
 * checks, and then as the form would have stored it; otherwise it stays as
 * it is ("unchecked"), since spam keeps whatever was sent.
 *
 * `seen` is the question as the admin's page showed it. The move is made
 * only if it is still so (one conditional update, with its audit entry in
 * the same transaction), so a page drawn before a colleague's move cannot
 * undo it: it changes nothing and learns how the question now stands
 * ("changed").
 */
export async function setMessageStatus(
  database: Database,
  id: string,
  move: MessageMove,
  { seen, actor }: { seen: SeenMessage; actor: Actor },
): Promise<MessageMoveResult> {
  return database.db.transaction().execute(async (trx): Promise<MessageMoveResult> => {
    const row = await trx.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return { ok: false, reason: "not-found" };
    const changed = (current: Selectable<MessagesTable>): MessageMoveResult => ({ ok: false, reason: "changed", message: toMessage(current) });
    if (row.status !== seen.status || row.answered_at !== seen.answeredAt) return changed(row);
    const leavesSpam = row.status === "spam" && move !== "spam";
    const checked = leavesSpam ? checkedQuestion(row) : {};
    if (!checked) return { ok: false, reason: "unchecked" };
    const columns = moveColumns(row, move, actor);
    // Judged by the row as it is when written: PostgreSQL re-checks the condition on the latest committed row once a colleague's update commits.
    const result = await trx
      .updateTable("messages")
      .set({ ...checked, ...columns })
      .where("id", "=", id)
      .where("status", "=", seen.status)
      .where((eb) => (seen.answeredAt === null ? eb("answered_at", "is", null) : eb("answered_at", "=", seen.answeredAt)))
      .executeTakeFirst();
    if (toNum(result.numUpdatedRows) === 0) {
      const current = await trx.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
      return current ? changed(current) : { ok: false, reason: "not-found" };
    }
    await recordAudit(
      { ...database, db: trx },
      { action: "message.status", actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, detail: { messageId: id, move, from: row.status, status: columns.status } },
    );
    return { ok: true, message: toMessage({ ...row, ...checked, ...columns }) };
  });
}

/** Deletes a question and the copies of the staff notice about it, and records who did. */
export async function deleteMessage(database: Database, id: string, actor: Actor): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const tx: Database = { ...database, db: trx };
    const result = await trx.deleteFrom("messages").where("id", "=", id).executeTakeFirst();
    await deleteMailAbout(tx, { type: "message", id });
    const deleted = toNum(result.numDeletedRows) > 0;
    // In the same transaction: a question is never gone without a record of who deleted it.
    if (deleted) await recordAudit(tx, { action: "message.deleted", actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, detail: { messageId: id } });
    return deleted;
  });
}
