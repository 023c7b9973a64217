import type { Database } from "#app/platform/db/db.server";
import type { AuditEntry } from "./audit.server";
import type { AuditRecords } from "./audit-sentences";

const idsOf = (entries: readonly AuditEntry[], key: string): string[] => [
  ...new Set(entries.flatMap((entry) => (typeof entry.detail?.[key] === "string" ? [entry.detail[key]] : []))),
];

/**
 * What a page of the log points at, in four lookups by primary key: the
 * staff's names, and which applications, questions and registrations still
 * exist (with the names the sentences use; never a child's).
 */
export async function auditRecords(database: Database, entries: readonly AuditEntry[]): Promise<AuditRecords> {
  const userIds = [...new Set(entries.flatMap((entry) => (entry.actorId ? [entry.actorId] : [])))];
  const applicationIds = idsOf(entries, "applicationId");
  const messageIds = idsOf(entries, "messageId");
  const registrationIds = idsOf(entries, "registrationId");
  const { db } = database;
  const [users, applications, messages, registrations] = await Promise.all([
    userIds.length ? db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", userIds).execute() : [],
    applicationIds.length ? db.selectFrom("volunteer_applications").select(["id", "name"]).where("id", "in", applicationIds).execute() : [],
    messageIds.length ? db.selectFrom("messages").select(["id", "name", "status"]).where("id", "in", messageIds).execute() : [],
    registrationIds.length ? db.selectFrom("registrations").select(["id"]).where("id", "in", registrationIds).execute() : [],
  ]);
  return {
    // An account made without a name is named after its address's first part: the address itself says more.
    people: Object.fromEntries(users.filter((user) => user.name.trim() && user.name !== user.email.split("@")[0]).map((user) => [user.id, user.name.trim()])),
    applications: Object.fromEntries(applications.map((row) => [row.id, { name: row.name }])),
    messages: Object.fromEntries(messages.map((row) => [row.id, { name: row.name, status: row.status }])),
    registrations: Object.fromEntries(registrations.map((row) => [row.id, true as const])),
  };
}
