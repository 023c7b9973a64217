import crypto from "node:crypto";
import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import { getDatabase, nowIso, type Database } from "#app/platform/db/db.server";
import { env, loadSecrets } from "#app/platform/env.server";
import { mailRoute, mailSetByEnvironment, type StoredMailSettings } from "#app/platform/mail/mailer.server";
import type { MailSecurity, MailSettingsForm } from "./mail-settings.schema";

/**
 * Settings → E-mail: the sender and the mail server staff set up in the
 * admin, kept in site_settings under one key. The password is encrypted
 * with the site's secret (AUTH_SECRET or secrets.json, as the two-factor
 * secrets are), so the database and its backups hold it only encrypted;
 * nothing here ever returns it to a page, and the audit entry names what
 * changed, never the password. SMTP_URL and MAIL_FROM, when set, win.
 */

const KEY = "mail";

/** The settings as a page may see them: the password only as "one is stored". */
export interface MailSettings {
  fromName: string;
  fromAddress: string;
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  hasPassword: boolean;
}

interface StoredRow {
  fromName: string;
  fromAddress: string;
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  /** Encrypted (see sealPassword), or null. */
  password: string | null;
}

const EMPTY: StoredRow = { fromName: "", fromAddress: "", host: "", port: 587, security: "starttls", user: "", password: null };

/** A key of its own for this purpose, derived from the site's secret, so it is never the key that signs sessions. */
function passwordKey(): Buffer {
  const { authSecret } = loadSecrets(env().DATA_DIR);
  return Buffer.from(crypto.hkdfSync("sha256", authSecret, "charity-site", "mail-settings-password", 32));
}

/** AES-256-GCM: "v1." + base64url(iv | tag | ciphertext). */
export function sealPassword(password: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", passwordKey(), iv);
  const sealed = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The password back, or null when it cannot be opened (the site's secret changed since it was saved). */
export function openPassword(sealed: string): string | null {
  try {
    if (!sealed.startsWith("v1.")) return null;
    const raw = Buffer.from(sealed.slice(3), "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", passwordKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

async function readRow({ db }: Database): Promise<StoredRow> {
  const row = await db.selectFrom("site_settings").select("value").where("key", "=", KEY).executeTakeFirst();
  if (!row) return { ...EMPTY };
  try {
    const parsed = JSON.parse(row.value) as Partial<StoredRow>;
    return {
      fromName: typeof parsed.fromName === "string" ? parsed.fromName : "",
      fromAddress: typeof parsed.fromAddress === "string" ? parsed.fromAddress : "",
      host: typeof parsed.host === "string" ? parsed.host : "",
      port: typeof parsed.port === "number" ? parsed.port : EMPTY.port,
      security: parsed.security === "tls" || parsed.security === "none" ? parsed.security : "starttls",
      user: typeof parsed.user === "string" ? parsed.user : "",
      password: typeof parsed.password === "string" ? parsed.password : null,
    };
  } catch {
    return { ...EMPTY };
  }
}

/** The saved settings, password left out. */
export async function readMailSettings(database: Database): Promise<MailSettings> {
  const { password, ...rest } = await readRow(database);
  return { ...rest, hasPassword: password !== null };
}

/** The sender as a From header: "Name <address>", or null without an address. */
function fromHeader(row: Pick<StoredRow, "fromName" | "fromAddress">): string | null {
  if (!row.fromAddress) return null;
  return row.fromName ? `"${row.fromName.replace(/["\\]/g, "")}" <${row.fromAddress}>` : row.fromAddress;
}

/** For the mailer (server/wiring.ts): the server and sender as saved, password opened; read afresh for every message. */
export async function storedMailSettings(): Promise<StoredMailSettings> {
  const row = await readRow(await getDatabase());
  const password = row.password ? openPassword(row.password) : null;
  return {
    smtp: row.host ? { host: row.host, port: row.port, security: row.security, user: row.user || null, password } : null,
    from: fromHeader(row),
  };
}

/** Whether a stored password can no longer be opened (the site's secret changed): the screen asks for it again. */
export async function storedPasswordUnreadable(database: Database): Promise<boolean> {
  const row = await readRow(database);
  return row.password !== null && openPassword(row.password) === null;
}

/**
 * Saves Settings → E-mail and its audit entry in one transaction. The
 * password is kept unless a new one is typed or it is cleared; the audit
 * entry lists the fields that changed ("password replaced", never the password).
 */
export async function saveMailSettings(database: Database, form: MailSettingsForm, actor: Actor & { ip?: string | null }): Promise<{ changed: string[] }> {
  const before = await readRow(database);
  // Sealed before the transaction: loadSecrets may touch the data folder, and SQLite's one connection is the transaction's.
  const password = form.clearPassword ? null : form.password ? sealPassword(form.password) : before.password;
  const next: StoredRow = { fromName: form.fromName, fromAddress: form.fromAddress, host: form.host, port: form.port, security: form.security, user: form.user, password };
  const changed = (["fromName", "fromAddress", "host", "port", "security", "user"] as const).filter((k) => next[k] !== before[k]).map(String);
  if (form.clearPassword && before.password !== null) changed.push("password cleared");
  else if (form.password) changed.push(before.password === null ? "password set" : "password replaced");
  await database.db.transaction().execute(async (trx) => {
    const row = { value: JSON.stringify(next), updated_at: nowIso(), updated_by: actor.id };
    await trx
      .insertInto("site_settings")
      .values({ key: KEY, ...row })
      .onConflict((oc) => oc.column("key").doUpdateSet(row))
      .execute();
    await recordAudit({ ...database, db: trx }, { action: "settings.mail.saved", actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, detail: { changed: changed.length ? changed.join(", ") : "nothing" } });
  });
  return { changed };
}

export interface MailStatus {
  /** Whether mail is sent at all, rather than kept in the Outbox. */
  configured: boolean;
  /** Who set the mail server up: the environment (SMTP_URL), Settings → E-mail, or nobody. */
  source: "env" | "settings" | null;
  /** Whether MAIL_FROM sets the sender (the screen then shows the sender fields as overridden). */
  fromEnv: boolean;
  /** PUBLIC_URL, which every link in an e-mail starts with. */
  publicUrl: string;
  /** Links in e-mails would point at this machine, which nobody else can open. */
  publicUrlIsLocalhost: boolean;
}

/** Whether mail is set up and from where, and whether e-mail links would work: for warnings on the dashboard and Settings. */
export async function mailStatus(): Promise<MailStatus> {
  const route = await mailRoute();
  const config = env();
  const host = new URL(config.PUBLIC_URL).hostname;
  return {
    configured: route.smtp !== null,
    source: route.source,
    fromEnv: mailSetByEnvironment().sender,
    publicUrl: config.PUBLIC_URL,
    publicUrlIsLocalhost: host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]" || host === "0.0.0.0" || /^127\./.test(host),
  };
}
