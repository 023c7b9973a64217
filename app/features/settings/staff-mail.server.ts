import { sql } from "kysely";
import type { Database } from "#app/platform/db/db.server";
import { isEmailAddress, keepInOutbox, queueMail, type MailAbout, type SenderIdentity } from "#app/platform/mail/mailer.server";
import { getSiteSettings } from "./site-settings.server";

/**
 * The mail side of Settings: who the site's mail is from (the charity's name
 * and e-mail), and who hears about what visitors send.
 */

/** The charity's name and e-mail from Settings, for the mailer's sender (server/wiring.ts tells the mailer). */
export async function settingsSender(): Promise<SenderIdentity> {
  const settings = await getSiteSettings();
  return { name: settings.charityName, email: settings.email || null };
}

/** Who hears about new applications, questions and registrations: the Settings e-mail, else every admin. */
export async function staffAddresses(database: Database): Promise<string[]> {
  const settings = await getSiteSettings();
  if (settings.email) return [settings.email];
  try {
    const result = await sql<{ email: string }>`select email from users where role = 'admin' order by email`.execute(database.db);
    return result.rows.map((r) => r.email).filter(isEmailAddress);
  } catch {
    // No users table yet (auth not set up): nobody to tell but the outbox.
    return [];
  }
}

/**
 * Mails the staff address(es) about something a visitor sent; each message
 * is also readable in the admin outbox. Recorded before this returns, and
 * delivered without waiting (queueMail). Returns the outbox ids.
 */
export async function notifyStaff(database: Database, subject: string, text: string, about?: MailAbout): Promise<string[]> {
  const addresses = await staffAddresses(database);
  if (addresses.length === 0) {
    // Still recorded, so the notice is not lost before anyone sets a staff address.
    return [(await keepInOutbox(database, { to: "staff (no address set)", subject, text, kind: "notification", about })).id];
  }
  const ids: string[] = [];
  for (const to of addresses) ids.push((await queueMail(database, { to, subject, text, kind: "notification", about })).id);
  return ids;
}
