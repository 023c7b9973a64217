import { sql } from "kysely";
import { toNum, type Database } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";

/**
 * A public form's e-mail to the address typed into it (a volunteer's
 * acknowledgement, a newsletter confirmation) goes to an address nobody has
 * confirmed, so a stranger can aim it at anyone. Those messages carry only
 * the charity's own words, and one address gets at most three of them a
 * day, however many connections the forms are sent from: enough for a real
 * person who applies and signs up, too few to bury someone in mail.
 *
 * The count is taken from the Outbox, which keeps every message, so it holds
 * across processes and restarts on both engines. It counts all of the site's
 * one-to-one mail to the address (kind `transactional`), so a staff reply
 * to the same person that day counts too: that only makes the limit
 * stricter. Newsletter issues and staff notices are not counted.
 */
export const VISITOR_MAIL_LIMIT = { perAddress: 3, windowMs: 24 * 3600_000 } as const;

/**
 * Whether a public form may still mail `address` today. When it may not,
 * the skip is logged with the form and the record's id (when there is a
 * record yet), never the address;
 * the visitor is answered as usual, so the form does not tell a stranger
 * which addresses have had mail.
 */
export async function mayMailVisitor(database: Database, address: string, { form, id }: { form: string; id?: string }, now: Date = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - VISITOR_MAIL_LIMIT.windowMs).toISOString();
  const row = await database.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll().as("n"))
    .where(sql<string>`lower(to_address)`, "=", address.trim().toLowerCase())
    .where("kind", "=", "transactional")
    .where("created_at", ">=", since)
    .executeTakeFirst();
  if (toNum(row?.n) < VISITOR_MAIL_LIMIT.perAddress) return true;
  logger.info({ form, id }, "acknowledgement not sent: its address has had the day's allowance of mail from public forms");
  return false;
}
