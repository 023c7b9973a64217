import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { MessagesTable } from "#app/lib/db-schema";
import { nowIso, toNum, type Database } from "#app/lib/db.server";
import { deleteMailAbout, notifyStaff } from "#app/lib/mailer.server";
import { adminLink, handleSubmission, rawText, tellAboutSubmission, type Submission, type SubmitOutcome } from "#app/lib/public-forms.server";
import { MESSAGE_STATUSES, questionSchema, topicLabel, type MessageStatus } from "#app/lib/schemas/question";

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
  const parsed = questionSchema.safeParse({ name: row.name, email: row.email, topic: row.topic, message: row.message });
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

export async function submitQuestion(database: Database, submission: Submission): Promise<SubmitOutcome> {
  const outcome = await handleSubmission(database, "question", questionSchema, submission, async (parsed) => {
    const id = crypto.randomUUID();
    const v = submission.values;
    await database.db
      .insertInto("messages")
      .values({
        id,
        name: parsed.ok ? parsed.data.name : rawText(v, "name", 200),
        email: parsed.ok ? parsed.data.email : rawText(v, "email", 254),
        topic: parsed.ok ? parsed.data.topic : rawText(v, "topic", 60),
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
 * Answered (with who and when), back to not answered, or moved in or out of
 * spam. A question leaves spam (to either list) only if it passes the form's
 * checks, and then as the form would have stored it; otherwise it stays as
 * it is ("unchecked"), since spam keeps whatever was sent.
 */
export async function setMessageStatus(
  database: Database,
  id: string,
  status: MessageStatus,
  actorEmail: string,
): Promise<"changed" | "not-found" | "unchecked"> {
  const row = await database.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return "not-found";
  const checked = row.status === "spam" && status !== "spam" ? checkedQuestion(row) : {};
  if (!checked) return "unchecked";
  const answered = status === "answered";
  const result = await database.db
    .updateTable("messages")
    .set({ ...checked, status, answered_by: answered ? actorEmail : null, answered_at: answered ? nowIso() : null })
    .where("id", "=", id)
    .executeTakeFirst();
  // What a question says never changes after it is sent, so the check above still holds; only a delete since can intervene.
  return toNum(result.numUpdatedRows) > 0 ? "changed" : "not-found";
}

/** Deletes a question and the copies of the staff notice about it. */
export async function deleteMessage(database: Database, id: string): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("messages").where("id", "=", id).executeTakeFirst();
    await deleteMailAbout({ ...database, db: trx }, { type: "message", id });
    return toNum(result.numDeletedRows) > 0;
  });
}
