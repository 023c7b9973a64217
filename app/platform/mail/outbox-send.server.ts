import { toNum, type Database } from "#app/platform/db/db.server";
import { deliverMail, mailRoute, senderAddress, type MailKind, type MailResult } from "./mailer.server";

/**
 * Sending what waits in the Outbox once a mail server is set up. Each
 * message is claimed first (its row moved from 'outbox' to 'sending' by a
 * single conditional update), and only the process whose update changed the
 * row sends it: two admins pressing "Send all" at once, or two processes,
 * never send one message twice. A process stopped mid-send leaves its
 * claimed rows 'sending' (perhaps sent) and never sends them again; what it
 * had not claimed still waits and is sent by the next press.
 */

let cleanSentCopy: (text: string) => string = (text) => text;

/**
 * What a stored copy must lose once its message has gone by SMTP (an
 * invitation's link, kept in the Outbox only while the Outbox was how it
 * reached its invitee): the server tells this module at start-up, since the
 * platform knows no feature. Applied to the text and HTML of each message
 * sent from here.
 */
export function setSentCopyCleaner(clean: (text: string) => string): void {
  cleanSentCopy = clean;
}

/** Rows that can be sent: kept in the Outbox, to an address (not the "staff (no address set)" notices). */
function waiting(database: Database) {
  return database.db.selectFrom("outbox").where("status", "=", "outbox").where("to_address", "like", "%@%");
}

/** How many messages wait in the Outbox and could be sent. */
export async function countWaitingMail(database: Database): Promise<number> {
  const row = await waiting(database).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toNum(row?.n);
}

export type WaitingSendResult = MailResult | { id: string; status: "not-waiting" } | { id: string; status: "no-server" };

/** Sends one waiting message, unless it is no longer waiting (sent meanwhile by someone else) or no server is set up. */
export async function sendWaitingMail(database: Database, id: string): Promise<WaitingSendResult> {
  const route = await mailRoute();
  if (!route.smtp) return { id, status: "no-server" };
  const from = await senderAddress(route);
  // The claim: only one update can move the row out of 'outbox'. The sender is today's, not the one it was written with.
  const claimed = await database.db.updateTable("outbox").set({ status: "sending", from_address: from }).where("id", "=", id).where("status", "=", "outbox").where("to_address", "like", "%@%").executeTakeFirst();
  if (toNum(claimed.numUpdatedRows) !== 1) return { id, status: "not-waiting" };
  const row = await database.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return { id, status: "not-waiting" };
  let headers: Record<string, string> | undefined;
  try {
    headers = row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined;
  } catch {
    headers = undefined;
  }
  const result = await deliverMail(database, {
    id: row.id,
    to: row.to_address,
    from,
    subject: row.subject,
    text: row.text,
    html: row.html ?? "",
    headers,
    kind: row.kind as MailKind,
    smtp: route.smtp,
  });
  if (result.status === "sent") {
    const text = cleanSentCopy(row.text);
    const html = row.html === null ? null : cleanSentCopy(row.html);
    // Delivered whatever happens here: a copy that could not be cleaned keeps what the Outbox showed before.
    if (text !== row.text || html !== row.html) await database.db.updateTable("outbox").set({ text, html }).where("id", "=", id).execute().catch(() => undefined);
  }
  return result;
}

/** Sends every waiting message, oldest first, each at most once (see above). */
export async function sendAllWaitingMail(database: Database): Promise<{ sent: number; failed: number; noServer: boolean }> {
  if (!(await mailRoute()).smtp) return { sent: 0, failed: 0, noServer: true };
  let sent = 0;
  let failed = 0;
  // Ids first, then claimed one by one: a row another process claims meanwhile is skipped.
  const ids = (await waiting(database).select("id").orderBy("created_at").orderBy("id").execute()).map((r) => r.id);
  for (const id of ids) {
    const result = await sendWaitingMail(database, id);
    if (result.status === "sent") sent += 1;
    else if (result.status === "failed") failed += 1;
    else if (result.status === "no-server") return { sent, failed, noServer: true };
  }
  return { sent, failed, noServer: false };
}

