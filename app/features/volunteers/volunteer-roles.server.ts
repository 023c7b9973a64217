import crypto from "node:crypto";
import type { Actor } from "#app/features/audit/actor";
import { moveToBin } from "#app/features/bin/bin-mark.server";
import type { Selectable } from "kysely";
import { VOLUNTEER_TYPES, type VolunteerType } from "#app/content/site";
import type { VolunteerOpportunitiesTable } from "#app/platform/db/schema";
import { nowIso, toBool, toNum, type Database } from "#app/platform/db/db.server";
import { parseForm, type FormResult } from "#app/web/parse-form";
import { editConflict, editVersion, type EditResult } from "#app/web/stale-edit.server";
import { opportunitySchema } from "./volunteer.schema";

// The volunteer roles (opportunities) staff offer, as /volunteer/vacancies and the application form list them.

export interface Opportunity {
  id: string;
  title: string;
  type: VolunteerType;
  timeCommitment: string;
  skills: string[];
  description: string;
  isOpen: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** A stored JSON list of strings (a role's skills, an application's roles and availability); anything unreadable is an empty list. */
export function parseJsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

const TYPE_VALUES: readonly string[] = VOLUNTEER_TYPES.map((t) => t.value);

function toOpportunity(row: Selectable<VolunteerOpportunitiesTable>): Opportunity {
  return {
    id: row.id,
    title: row.title,
    type: (TYPE_VALUES.includes(row.type) ? row.type : "events") as VolunteerType,
    timeCommitment: row.time_commitment,
    skills: parseJsonList(row.skills),
    description: row.description,
    isOpen: toBool(row.is_open),
    sortOrder: toNum(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listOpportunities(database: Database, { openOnly = false }: { openOnly?: boolean } = {}): Promise<Opportunity[]> {
  const rows = await database.db
    .selectFrom("volunteer_opportunities").where("deleted_at", "is", null)
    .selectAll()
    .$if(openOnly, (q) => q.where("is_open", "=", 1))
    .orderBy("sort_order")
    .orderBy("created_at")
    .execute();
  return rows.map(toOpportunity);
}

export async function getOpportunity(database: Database, id: string): Promise<Opportunity | undefined> {
  const row = await database.db.selectFrom("volunteer_opportunities").where("deleted_at", "is", null).selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toOpportunity(row) : undefined;
}

type Values = Record<string, unknown> | FormData;


export async function createOpportunity(database: Database, values: Values): Promise<FormResult<Opportunity>> {
  const parsed = parseForm(opportunitySchema, values);
  if (!parsed.ok) return parsed;
  // The insert and the read back are one transaction: if either fails, no role was added.
  return database.db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom("volunteer_opportunities").select((eb) => eb.fn.max("sort_order").as("max")).executeTakeFirst();
    const now = nowIso();
    const id = crypto.randomUUID();
    await trx
      .insertInto("volunteer_opportunities")
      .values({
        id,
        title: parsed.data.title,
        type: parsed.data.type,
        time_commitment: parsed.data.timeCommitment,
        skills: JSON.stringify(parsed.data.skills),
        description: parsed.data.description,
        is_open: 1,
        sort_order: toNum(last?.max) + 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { ok: true as const, data: (await getOpportunity({ ...database, db: trx }, id))! };
  });
}

/** The edit version of what the role form edits (see edit-version.server.ts); open or closed, and its place, do not count. */
export function opportunityVersion(o: Pick<Opportunity, "title" | "type" | "timeCommitment" | "skills" | "description">): string {
  return editVersion({ title: o.title, type: o.type, timeCommitment: o.timeCommitment, skills: o.skills, description: o.description });
}

/**
 * Edits a role. With `baseVersion` (opportunityVersion of the role as the
 * form showed it) nothing is changed if someone has edited it since, and the
 * conflict is reported; the admin form always sends it.
 */
export async function updateOpportunity(
  database: Database,
  id: string,
  values: Values,
  { baseVersion }: { baseVersion?: string } = {},
): Promise<EditResult<Opportunity> | undefined> {
  // Read, check, change and read back in one transaction: if any of it fails, nothing was changed.
  return database.db.transaction().execute(async (trx): Promise<EditResult<Opportunity> | undefined> => {
    const row = await trx
      .selectFrom("volunteer_opportunities").where("deleted_at", "is", null)
      .selectAll()
      .where("id", "=", id)
      .$if(database.engine === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) return undefined;
    // Said before any field errors: fixing those would not make this form's save possible.
    if (baseVersion !== undefined && opportunityVersion(toOpportunity(row)) !== baseVersion) {
      return editConflict(row.updated_at, values);
    }
    const parsed = parseForm(opportunitySchema, values);
    if (!parsed.ok) return parsed;
    await trx
      .updateTable("volunteer_opportunities").where("deleted_at", "is", null)
      .set({
        title: parsed.data.title,
        type: parsed.data.type,
        time_commitment: parsed.data.timeCommitment,
        skills: JSON.stringify(parsed.data.skills),
        description: parsed.data.description,
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .execute();
    const data = await getOpportunity({ ...database, db: trx }, id);
    return data ? { ok: true, data } : undefined;
  });
}

/** Closing hides a role from /volunteer/vacancies and the application form; applications keep its title. */
export async function setOpportunityOpen(database: Database, id: string, open: boolean): Promise<boolean> {
  const result = await database.db
    .updateTable("volunteer_opportunities").where("deleted_at", "is", null)
    .set({ is_open: open ? 1 : 0, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return toNum(result.numUpdatedRows) > 0;
}

/** Moves a role to the bin: it leaves the site at once and can be restored for 30 days; applications keep its title. */
export async function deleteOpportunity(database: Database, id: string, actor: Actor): Promise<boolean> {
  const role = await getOpportunity(database, id);
  if (!role) return false;
  return moveToBin(database, "volunteer_opportunities", id, actor, { kind: "volunteer-role", name: role.title });
}
