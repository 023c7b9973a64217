import type { Database } from "#app/platform/db/db.server";
import type { AuditEntry } from "./audit.server";
import { auditSentence, type AuditRecords, type SentencePart } from "./audit-sentences";

const idsOf = (entries: readonly AuditEntry[], key: string): string[] => [
  ...new Set(entries.flatMap((entry) => (typeof entry.detail?.[key] === "string" ? [entry.detail[key]] : []))),
];

/** The table behind each kind of record the Bin holds. */
const CONTENT_TABLES = {
  media: "media_files",
  event: "events",
  testimonial: "testimonials",
  video: "youtube_videos",
  "volunteer-role": "volunteer_opportunities",
} as const;
type ContentKind = keyof typeof CONTENT_TABLES;

/** The kind:id pairs of media files, events and the rest that entries name (Bin moves and media edits). */
function contentIds(entries: readonly AuditEntry[]): Map<ContentKind, string[]> {
  const found = new Map<ContentKind, Set<string>>();
  for (const entry of entries) {
    const kind = entry.action === "media.updated" ? "media" : entry.action.startsWith("bin.") ? entry.detail?.kind : undefined;
    const id = entry.detail?.id;
    if (typeof kind !== "string" || !Object.hasOwn(CONTENT_TABLES, kind) || typeof id !== "string") continue;
    const ids = found.get(kind as ContentKind) ?? new Set<string>();
    found.set(kind as ContentKind, ids.add(id));
  }
  return new Map([...found].map(([kind, ids]) => [kind, [...ids]]));
}

/** Whether each named record can still be opened, or waits in the Bin; one lookup by key per kind named. */
async function contentStates(database: Database, entries: readonly AuditEntry[]): Promise<AuditRecords["content"]> {
  const lookups = [...contentIds(entries)].map(async ([kind, ids]) => {
    const rows = await database.db.selectFrom(CONTENT_TABLES[kind]).select(["id", "deleted_at"]).where("id", "in", ids).execute();
    return rows.map((row) => [`${kind}:${row.id}`, row.deleted_at ? "binned" : "live"] as const);
  });
  return Object.fromEntries((await Promise.all(lookups)).flat());
}

/**
 * What a page of the log points at, in lookups by primary key: the
 * staff's names, and which applications, questions, registrations, media
 * files, events and other records still exist (with the names the
 * sentences use; never a child's).
 */
export async function auditRecords(database: Database, entries: readonly AuditEntry[]): Promise<AuditRecords> {
  const userIds = [...new Set(entries.flatMap((entry) => (entry.actorId ? [entry.actorId] : [])))];
  const applicationIds = idsOf(entries, "applicationId");
  const messageIds = idsOf(entries, "messageId");
  const registrationIds = idsOf(entries, "registrationId");
  const { db } = database;
  const [users, applications, messages, registrations, content] = await Promise.all([
    userIds.length ? db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", userIds).execute() : [],
    applicationIds.length ? db.selectFrom("volunteer_applications").select(["id", "name"]).where("id", "in", applicationIds).execute() : [],
    messageIds.length ? db.selectFrom("messages").select(["id", "name", "status"]).where("id", "in", messageIds).execute() : [],
    registrationIds.length ? db.selectFrom("registrations").select(["id"]).where("id", "in", registrationIds).execute() : [],
    contentStates(database, entries),
  ]);
  return {
    // An account made without a name is named after its address's first part: the address itself says more.
    people: Object.fromEntries(users.filter((user) => user.name.trim() && user.name !== user.email.split("@")[0]).map((user) => [user.id, user.name.trim()])),
    applications: Object.fromEntries(applications.map((row) => [row.id, { name: row.name }])),
    messages: Object.fromEntries(messages.map((row) => [row.id, { name: row.name, status: row.status }])),
    registrations: Object.fromEntries(registrations.map((row) => [row.id, true as const])),
    content,
  };
}

/** Entries that say nothing happened to a record: signing in and out, opening a list or a registration. */
const NOT_ACTIVITY = [
  "sign-in.success",
  "sign-in.failure",
  "sign-in.refused",
  "sign-in.two-factor-required",
  "sign-in.two-factor-failure",
  "sign-in.confirmed",
  "sign-out",
  "registration.viewed",
  "registrations.listed",
];

/**
 * What staff did lately, newest first, each entry with its sentence (the
 * dashboard's "Recent activity"). One query on the log's created_at index
 * and the four lookups by key of auditRecords.
 */
export async function recentActivity(database: Database, limit = 8): Promise<(Pick<AuditEntry, "id" | "createdAt"> & { sentence: SentencePart[] })[]> {
  const rows = await database.db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "not in", NOT_ACTIVITY)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    action: row.action,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    ip: row.ip,
    detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
    createdAt: row.created_at,
  }));
  const records = await auditRecords(database, entries);
  return entries.map((entry) => ({ id: entry.id, createdAt: entry.createdAt, sentence: auditSentence(entry, records) }));
}
