import crypto from "node:crypto";
import type { Database } from "#app/platform/db/db.server";
import { toNum } from "#app/platform/db/db.server";

/**
 * Entries are listed newest first by time; two written in the same
 * millisecond would come back in either order, so within a process each
 * entry is stamped at least a millisecond after the one before.
 */
let lastAuditMs = 0;
function auditTimestamp(): string {
  lastAuditMs = Math.max(Date.now(), lastAuditMs + 1);
  return new Date(lastAuditMs).toISOString();
}

/**
 * Who did what, when, from where: sign-ins (both outcomes), sign-outs,
 * admin creation and password resets, and whatever later features add.
 */
export interface AuditEntry {
  id: string;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
}


export interface AuditInput {
  action: string;
  actorId?: string | null;
  actorEmail?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown> | null;
}

export async function recordAudit(database: Database, input: AuditInput): Promise<void> {
  await database.db
    .insertInto("audit_log")
    .values({
      id: crypto.randomUUID(),
      action: input.action,
      actor_id: input.actorId ?? null,
      actor_email: input.actorEmail ?? null,
      ip: input.ip ?? null,
      detail: input.detail ? JSON.stringify(input.detail) : null,
      created_at: auditTimestamp(),
    })
    .execute();
}

/** Newest first. */
export async function listAudit(
  database: Database,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    database.db
      .selectFrom("audit_log")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    database.db.selectFrom("audit_log").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: toNum(count.n),
    entries: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      ip: row.ip,
      detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
      createdAt: row.created_at,
    })),
  };
}
