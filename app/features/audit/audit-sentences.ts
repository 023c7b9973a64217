import { getPageById } from "#app/content/pages";
import { categoryLabel } from "#app/content/site";
import { CAPABILITY_WORDS, isStaffRole, roleLabel, type Capability, type StaffRole } from "#app/features/accounts/roles";

/**
 * The audit log in words: each entry as a sentence staff read ("Sam approved
 * Jo's application"), with a link to the record while it still exists. The
 * records' names and whether they exist come from audit-records.server.ts;
 * this file only words them, so it runs on both sides.
 */

export interface AuditSentenceEntry {
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  detail: Record<string, unknown> | null;
}

/** What the log's entries point at, as found when the log is read. */
export interface AuditRecords {
  /** Staff names by user id (only those with a name). */
  people: Record<string, string>;
  /** Volunteer applications that still exist: the applicant's name. */
  applications: Record<string, { name: string }>;
  /** Questions that still exist: who asked, and the list they are in. */
  messages: Record<string, { name: string; status: string }>;
  /** Registrations that still exist (named by id only: the log never shows a child's name). */
  registrations: Record<string, true>;
  /**
   * Media files, events, testimonials, videos and volunteer roles the log
   * names, by `kind:id`: "live" while staff can open it, "binned" while it
   * waits in the Bin (absent once it is gone for good).
   */
  content: Record<string, "live" | "binned">;
}

export const NO_RECORDS: AuditRecords = { people: {}, applications: {}, messages: {}, registrations: {}, content: {} };

/** A piece of a sentence: plain words, or words linking to a record. */
export type SentencePart = string | { text: string; href: string };

type Words = (who: string, detail: Record<string, unknown>, records: AuditRecords) => SentencePart[];

const text = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value));
const BIN: SentencePart = { text: "Bin", href: "/admin/bin" };
const BIN_KIND_NAMES: Record<string, string> = { media: "media file", event: "event", testimonial: "testimonial", video: "video", "volunteer-role": "volunteer role", page: "page" };
const binKindName = (kind: unknown): string => BIN_KIND_NAMES[text(kind)] ?? "record";
/** Where staff open each kind of record the Bin holds (its edit form, or its own page). */
const CONTENT_HREF: Record<string, (id: string, name: string) => string> = {
  media: (id, name) => `/admin/media?q=${encodeURIComponent(name)}&edit=${encodeURIComponent(id)}`,
  event: (id) => `/admin/events?edit=${encodeURIComponent(id)}#event-form-heading`,
  testimonial: (id) => `/admin/reviews?edit=${encodeURIComponent(id)}`,
  video: (id) => `/admin/youtube?edit=${encodeURIComponent(id)}#youtube-form-heading`,
  "volunteer-role": (id) => `/admin/volunteers/roles/${encodeURIComponent(id)}`,
  page: (id) => `/admin?page=${encodeURIComponent(id)}`,
};

/** A media file, event, testimonial, video or volunteer role by name: a link while it can be opened, words otherwise. */
function content(kind: unknown, detail: Record<string, unknown>, records: AuditRecords): SentencePart {
  const words = `the ${binKindName(kind)} "${text(detail.name)}"`;
  const href = Object.hasOwn(CONTENT_HREF, text(kind)) ? CONTENT_HREF[text(kind)] : undefined;
  return href && records.content[`${text(kind)}:${text(detail.id)}`] === "live" ? { text: words, href: href(text(detail.id), text(detail.name)) } : words;
}

const roleName = (role: unknown): string => (isStaffRole(text(role)) ? roleLabel(text(role) as StaffRole) : text(role) || "no role");
const mayNot = (capability: unknown): string => CAPABILITY_WORDS[text(capability) as Capability] ?? (text(capability) || "open it");
const plural = (n: unknown, one: string, many: string) => `${text(n)} ${Number(n) === 1 ? one : many}`;

function application(detail: Record<string, unknown>, records: AuditRecords): SentencePart {
  const id = text(detail.applicationId);
  const found = records.applications[id];
  return found ? { text: `${found.name}'s application`, href: `/admin/volunteers/applications/${encodeURIComponent(id)}` } : "a volunteer application (since deleted)";
}

function question(detail: Record<string, unknown>, records: AuditRecords): SentencePart {
  const found = records.messages[text(detail.messageId)];
  return found ? { text: `${found.name}'s question`, href: `/admin/messages?status=${encodeURIComponent(found.status)}` } : "a question (since deleted)";
}

function registration(detail: Record<string, unknown>, records: AuditRecords): SentencePart {
  const id = text(detail.registrationId);
  return records.registrations[id] ? { text: "a registration", href: `/admin/registrations/${encodeURIComponent(id)}` } : "a registration (since deleted)";
}

function page(detail: Record<string, unknown>): SentencePart {
  const id = text(detail.pageId);
  const found = getPageById(id);
  // A page staff made has no built-in title: the entries that made or copied it carry the one it had then.
  const title = found?.title ?? text(detail.title);
  return title ? { text: `the ${title} page`, href: `/admin?page=${encodeURIComponent(id)}` } : `the page ${id}`;
}

const signInAs = (who: string) => (who === "Someone" ? "A sign-in" : `A sign-in as ${who}`);
const USERS = { text: "Admin users", href: "/admin/users" };
const STATUS_WORDS: Record<string, string> = { new: "not answered", answered: "answered", spam: "spam", pending: "pending", approved: "approved", rejected: "rejected" };
const statusWord = (value: unknown) => STATUS_WORDS[text(value)] ?? text(value);
const VIA: Record<string, string> = { "first-run": " as the site's first admin", cli: " from the command line", invitation: " by accepting an invitation" };

/** One sentence per action the code writes; audit-sentences.test.ts keeps this list and AUDIT_ACTION_LABELS the same. */
export const AUDIT_SENTENCES: Record<string, Words> = {
  "sign-in.success": (who, d) => [`${who} signed in${d.secondFactor ? ` with ${text(d.secondFactor)}` : ""}`],
  "sign-in.failure": (who, d) => [d.with ? `${who} gave a wrong ${text(d.with)} to confirm a change` : `${signInAs(who)} failed`],
  "sign-in.refused": (who) => [`${signInAs(who)} was refused for a while after too many attempts`],
  "sign-in.two-factor-required": (who) => [`${who} gave the right password; a two-factor code was asked for`],
  "sign-in.two-factor-failure": (who) => [`${signInAs(who)} failed: wrong two-factor code`],
  "sign-in.confirmed": (who, d) => [`${who} confirmed a sensitive change with their ${text(d.with) || "password"}`],
  "sign-out": (who) => [`${who} signed out`],
  "admin.created": (who, d) => [`${who} became an admin${VIA[text(d.via)] ?? ""}${d.invitedBy ? ` from ${text(d.invitedBy)}` : ""} (`, USERS, ")"],
  "password.reset": (who) => [`${who}'s password was reset from the command line`],
  "invitation.created": (who, d) => [`${who} invited ${text(d.email)} to be an admin (`, USERS, ")"],
  "invitation.withdrawn": (who, d) => [`${who} withdrew the invitation of ${text(d.email)} (`, USERS, ")"],
  "session.revoked": (who, d) => [`${who} ended a session of ${text(d.of) || "an admin"}`],
  "sessions.revoked-others": (who, d) => [`${who} ended their other sessions${d.count !== undefined ? ` (${text(d.count)})` : ""}`],
  "two-factor.enabled": (who) => [`${who} turned on two-factor sign-in`],
  "two-factor.disabled": (who) => [`${who} turned off two-factor sign-in`],
  "two-factor.backup-codes": (who) => [`${who} made new two-factor backup codes`],
  "two-factor.reset": (who, d) => [`${who} reset two-factor sign-in for ${text(d.of)} (`, USERS, ")"],
  "account.removed": (who, d) => [`${who} removed the admin access of ${text(d.of)} (`, USERS, ")"],
  "account.role-changed": (who, d) => [`${who} changed the role of ${text(d.of)} from ${roleName(d.from)} to ${roleName(d.to)} (`, USERS, ")"],
  "access.refused": (who, d) => [`${who} (${roleName(d.role)}) was refused ${text(d.path) || "a page"}: the role may not ${mayNot(d.capability)}`],
  "two-factor.policy": (who, d) => [`${who} ${d.requireTwoFactor ? "required" : "stopped requiring"} two-factor sign-in for every admin`],
  "page.saved": (who, d) => [`${who} saved `, d.draft ? "a draft of " : "", page(d)],
  "page.restored": (who, d) => [`${who} restored an earlier version of `, page(d)],
  "page.published": (who, d) => [d.scheduled ? "A scheduled publish made the draft of " : `${who} published `, page(d), d.scheduled ? " live" : ""],
  "page.unpublished": (who, d) => [`${who} unpublished `, page(d)],
  "page.scheduled": (who, d) => [`${who} scheduled `, page(d), ` to be published at ${text(d.at)}`],
  "page.schedule-cancelled": (who, d) => [`${who} cancelled the scheduled publish of `, page(d)],
  "page.created": (who, d) => [`${who} made `, page(d), ` at ${text(d.path)} (a draft until published)`],
  "page.duplicated": (who, d) => [`${who} copied `, page({ pageId: d.from }), " as ", page(d), ` at ${text(d.path)}`],
  "page.menu-hidden": (who, d) => [`${who} hid `, page(d), " from the menu"],
  "page.menu-shown": (who, d) => [`${who} put `, page(d), " back in the menu"],
  "page.moved": (who, d) => [`${who} moved `, page(d), ` from ${text(d.from)} to ${text(d.to)}`],
  "section-image.applied": (who, d) => [`${who} set the ${text(d.section)} image of `, page(d)],
  "section-image.removed": (who, d) => [`${who} removed the ${text(d.section)} image of `, page(d)],
  "settings.saved": (who, d) => [`${who} saved `, { text: "Settings", href: "/admin/settings" }, d.changed ? ` (${text(d.changed)})` : ""],
  "bin.deleted": (who, d, r) => [`${who} moved `, content(d.kind, d, r), " to the ", BIN],
  "bin.restored": (who, d, r) => [`${who} restored `, content(d.kind, d, r), " from the ", BIN],
  "media.updated": (who, d, r) => [
    `${who} changed the ${text(d.changed) || "details"} of `,
    content("media", d, r),
    d.fromCategory ? ` (from ${categoryLabel(text(d.fromCategory))} to ${categoryLabel(text(d.toCategory))})` : "",
  ],
  "bin.purged": (who, d) => [`${who} deleted the ${binKindName(d.kind)} "${text(d.name)}" permanently from the `, BIN],
  "bin.expired": (who, d) => [`${who} removed the ${binKindName(d.kind)} "${text(d.name)}" from the `, BIN, " for good after its 30 days there"],
  "navigation.saved": (who, d) => [`${who} saved the `, { text: d.menu === "footer" ? "footer links" : "header menu", href: "/admin/navigation" }, d.items !== undefined ? ` (${plural(d.items, "item", "items")})` : ""],
  "settings.mail.saved": (who, d) => [`${who} saved the `, { text: "e-mail settings", href: "/admin/settings/mail" }, d.changed ? ` (${text(d.changed)})` : ""],
  "registration.viewed": (who, d, r) => [`${who} opened `, registration(d, r)],
  "registration.contacted": (who, d, r) => [`${who} recorded a contact with the family of `, registration(d, r)],
  "registration.status": (who, d, r) => [`${who} marked `, registration(d, r), ` as ${d.status === "spam" ? "spam" : "not spam"}`],
  "registration.deleted": (who) => [`${who} deleted a registration`],
  "registrations.listed": (who, d) => [`${who} opened the list of `, { text: d.status === "spam" ? "spam registrations" : "registrations", href: `/admin/registrations?status=${d.status === "spam" ? "spam" : "new"}` }],
  "registrations.exported": (who, d) => [`${who} exported ${plural(d.count, "registration", "registrations")} as CSV`],
  "registrations.retention-deleted": (who, d) => [`${who} deleted ${plural(d.count, "registration", "registrations")} with no contact for ${text(d.retentionMonths)} months`],
  "volunteer-application.approved": (who, d, r) => [`${who} approved `, application(d, r)],
  "volunteer-application.rejected": (who, d, r) => [`${who} rejected `, application(d, r)],
  "volunteer-application.deleted": (who) => [`${who} deleted a volunteer application`],
  "volunteer-application.status": (who, d, r) => [`${who} moved `, application(d, r), ` from ${statusWord(d.from)} to ${statusWord(d.status)}`],
  "message.status": (who, d, r) => [`${who} marked `, question(d, r), ` as ${statusWord(d.status)}`],
  "message.deleted": (who) => [`${who} deleted a question`],
  "subscriber.deleted": (who) => [`${who} deleted a newsletter subscriber`],
  "subscribers.exported": (who, d) => [`${who} exported ${plural(d.count, "newsletter subscriber", "newsletter subscribers")} as CSV`],
};

/** Who did it, in words: their name when they have one, else their e-mail; the site itself for its own jobs. */
export function auditActorName(entry: AuditSentenceEntry, records: AuditRecords): string {
  if (entry.actorId && records.people[entry.actorId]) return records.people[entry.actorId]!;
  if (entry.actorEmail === "system") return "The site";
  return entry.actorEmail || "Someone";
}

/**
 * The entry as a sentence. An action this list does not know (written by
 * newer code, or by an older version) still reads as a sentence, with its
 * raw name.
 */
export function auditSentence(entry: AuditSentenceEntry, records: AuditRecords = NO_RECORDS): SentencePart[] {
  const who = auditActorName(entry, records);
  const words = Object.hasOwn(AUDIT_SENTENCES, entry.action) ? AUDIT_SENTENCES[entry.action]! : undefined;
  if (!words) return [`${who} did something the log calls "${entry.action}"`];
  return words(who, entry.detail ?? {}, records).filter((part) => part !== "");
}

/** The sentence as plain text (for titles and tests). */
export function sentenceText(parts: readonly SentencePart[]): string {
  return parts.map((part) => (typeof part === "string" ? part : part.text)).join("");
}
