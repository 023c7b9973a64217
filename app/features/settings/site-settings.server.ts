import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "#app/content/site";
import { recordAudit } from "#app/features/audit/audit.server";
import { bumpContentVersion, keptUntilContentChanges, notifyContentChange } from "#app/platform/content-version.server";
import { getDatabase, nowIso, type Database } from "#app/platform/db/db.server";
import { editVersion, type EditConflict } from "#app/web/stale-edit.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/log/logger.server";
import type { Actor } from "#app/features/audit/actor";
import { MAIL_RETENTION_LIMITS, RETENTION_LIMITS, type SettingsForm } from "#app/features/pages/page-content.schema";
import { noteFallback } from "#app/platform/render/fallback-watch.server";

/**
 * The site's settings (contact details, social links, map, donation links,
 * how long registrations and e-mail copies are kept): what staff saved in Settings, over the
 * built-in defaults. Stored one row per key, so a setting added later
 * simply takes its default until staff change it.
 */

/** Settings only the server uses (never sent to the browser with the public layout). */
export interface PrivateSettings {
  /** Months a child registration is kept after the last contact (issue 8 reads it). */
  registrationRetentionMonths: number;
  /** Months the Outbox keeps a copy of each e-mail. */
  mailRetentionMonths: number;
}

export type AllSettings = SiteSettings & PrivateSettings;

function defaultRetention(): number {
  try {
    const fromEnv = env().REGISTRATION_RETENTION_MONTHS;
    return fromEnv >= RETENTION_LIMITS.min && fromEnv <= RETENTION_LIMITS.max ? fromEnv : RETENTION_LIMITS.default;
  } catch {
    return RETENTION_LIMITS.default;
  }
}

export function defaultSettings(): AllSettings {
  return { ...DEFAULT_SITE_SETTINGS, social: { ...DEFAULT_SITE_SETTINGS.social }, registrationRetentionMonths: defaultRetention(), mailRetentionMonths: MAIL_RETENTION_LIMITS.default };
}

type SettingKey = keyof AllSettings;

function applyStored(target: AllSettings, key: string, raw: string): void {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return;
  }
  const defaults = defaultSettings();
  if (!(key in defaults)) return;
  const expected = defaults[key as SettingKey];
  if (key === "social") {
    if (value && typeof value === "object") {
      for (const [platform, link] of Object.entries(value as Record<string, unknown>)) {
        if (platform in target.social && typeof link === "string") target.social[platform as keyof SiteSettings["social"]] = link;
      }
    }
    return;
  }
  // A stored value of the wrong type (a hand-edited row) keeps the default instead of breaking pages.
  if (typeof value === typeof expected) (target as unknown as Record<string, unknown>)[key] = value;
}

/** Every setting: stored values over the defaults. */
export async function readSettings({ db }: Database): Promise<AllSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  const settings = defaultSettings();
  for (const row of rows) applyStored(settings, row.key, row.value);
  return settings;
}

/** One setting, typed by its key. */
export async function getSetting<K extends SettingKey>(database: Database, key: K): Promise<AllSettings[K]> {
  return (await readSettings(database))[key];
}

/**
 * How long registrations are kept, in months (Settings; default 24), for
 * what pages say. Never throws: the default if the setting cannot be read.
 * Deleting reads the setting with getSetting instead, which fails rather
 * than delete with a shorter period than staff set.
 */
export async function getRegistrationRetentionMonths(database?: Database): Promise<number> {
  try {
    return await getSetting(database ?? (await getDatabase()), "registrationRetentionMonths");
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "failed to read the retention setting; using the default");
    return defaultRetention();
  }
}

/** What the Settings form writes, by key (social links stored together under "social"). */
function storedValues(form: SettingsForm | AllSettings): Record<string, unknown> {
  const social = "social" in form ? form.social : { youtube: form.youtube, instagram: form.instagram, twitter: form.twitter, tiktok: form.tiktok, snapchat: form.snapchat };
  return {
    charityName: form.charityName,
    tagline: form.tagline,
    charityNumber: form.charityNumber,
    phone: form.phone,
    email: form.email,
    postalAddress: form.postalAddress,
    mapQuery: form.mapQuery,
    mapLatitude: form.mapLatitude,
    mapLongitude: form.mapLongitude,
    social: { youtube: social.youtube, instagram: social.instagram, twitter: social.twitter, tiktok: social.tiktok, snapchat: social.snapchat },
    donationUrl: form.donationUrl,
    monthlyDonationUrl: form.monthlyDonationUrl,
    registrationRetentionMonths: form.registrationRetentionMonths,
    mailRetentionMonths: form.mailRetentionMonths,
  };
}

/**
 * The edit version of everything the Settings form writes (see
 * edit-version.server.ts): the form carries it, so a save from a form
 * opened before a colleague's save changes nothing.
 */
export function settingsVersion(settings: AllSettings): string {
  return editVersion(storedValues(settings));
}

/** Thrown inside the save's transaction so a stale save leaves no trace. */
class StaleSettings extends Error {
  constructor(readonly conflict: EditConflict) {
    super("settings changed since the form was opened");
  }
}

/**
 * Saves every setting of the Settings form, and the audit entry saying who
 * did (naming the settings that changed), in one transaction. With
 * `baseVersion` (settingsVersion of the settings the form showed) nothing is
 * changed when someone has saved different settings since, and the conflict
 * is returned; the admin form always sends it. Whoever saved last would
 * otherwise put back every value their form was opened with, a colleague's
 * longer retention period for children's registrations included.
 */
export async function saveSettings(
  database: Database,
  form: SettingsForm,
  actor: Actor & { ip?: string | null },
  { baseVersion }: { baseVersion?: string } = {},
): Promise<{ ok: true } | { ok: false; conflict: EditConflict }> {
  const values = storedValues(form);
  const now = nowIso();
  try {
    await database.db.transaction().execute(async (trx) => {
      // First, so two saves on PostgreSQL take turns on this row and the second reads what the first wrote.
      await bumpContentVersion(trx);
      const before = await readSettings({ ...database, db: trx });
      if (baseVersion !== undefined && settingsVersion(before) !== baseVersion) {
        const last = await trx.selectFrom("site_settings").select((eb) => eb.fn.max("updated_at").as("at")).executeTakeFirst();
        throw new StaleSettings({ updatedAt: last?.at ?? now });
      }
      const previous = storedValues(before);
      const changed = Object.keys(values).filter((key) => JSON.stringify(values[key]) !== JSON.stringify(previous[key]));
      for (const [key, value] of Object.entries(values)) {
        const row = { value: JSON.stringify(value), updated_at: now, updated_by: actor.id };
        await trx
          .insertInto("site_settings")
          .values({ key, ...row })
          .onConflict((oc) => oc.column("key").doUpdateSet(row))
          .execute();
      }
      // Which settings changed; for how long personal data is kept, from what to what too.
      const detail: Record<string, string> = { changed: changed.length ? changed.join(", ") : "nothing" };
      for (const key of ["registrationRetentionMonths", "mailRetentionMonths"]) {
        if (changed.includes(key)) detail[key] = `${String(previous[key])} → ${String(values[key])}`;
      }
      await recordAudit({ ...database, db: trx }, { action: "settings.saved", actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, detail });
    });
  } catch (error) {
    if (error instanceof StaleSettings) return { ok: false, conflict: error.conflict };
    throw error;
  }
  notifyContentChange({ kind: "settings" });
  return { ok: true };
}

const keptSettings = keptUntilContentChanges((database) => readSettings(database));

/**
 * The public settings the site layout, footer, contact and donate pages
 * use. Never throws: if the database cannot be read, the defaults are
 * shown and the failure logged.
 */
export async function getSiteSettings(): Promise<SiteSettings> {
  try {
    // Every page reads these (the layout and the page itself): kept until a save (decision 011), copied so no caller can change the kept one.
    const { registrationRetentionMonths: _registrations, mailRetentionMonths: _mail, ...site } = structuredClone(await keptSettings(await getDatabase(), "settings"));
    return site;
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "failed to read site settings; showing the defaults");
    noteFallback();
    return DEFAULT_SITE_SETTINGS;
  }
}
