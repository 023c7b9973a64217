import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";
import { VOLUNTEER_VACANCIES } from "#app/content/site";

/**
 * What the public forms collect: volunteer roles (staff-managed, seeded with
 * the five built-in vacancies), volunteer applications, questions from the
 * contact page, and child registrations. Registrations hold only what staff
 * need to welcome a young person safely (docs/decisions/007-personal-data.md);
 * `last_contact_at` drives their automatic deletion.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const bool = engine === "postgres" ? "boolean" : "integer";

  await db.schema
    .createTable("volunteer_opportunities")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("time_commitment", "text", (c) => c.notNull())
    /** JSON array of strings. */
    .addColumn("skills", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("is_open", bool, (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("volunteer_applications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    /** JSON array of role titles as they were when the person applied (roles may be renamed or deleted later). */
    .addColumn("roles", "text", (c) => c.notNull())
    /** JSON array of availability values. */
    .addColumn("availability", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    /** When the applicant agreed to us storing the form; null only for spam. */
    .addColumn("consent_at", "text")
    /** pending, approved, rejected, spam. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .addColumn("hours", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("volunteer_applications_status").on("volunteer_applications").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    /** new, answered, spam. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("answered_by", "text")
    .addColumn("answered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("messages_status").on("messages").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("registrations")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** parent (a parent or carer filled it in) or self (a young person of 13 or over). */
    .addColumn("registrant", "text", (c) => c.notNull())
    .addColumn("child_name", "text", (c) => c.notNull())
    /** YYYY-MM-DD. */
    .addColumn("child_dob", "text", (c) => c.notNull())
    /** JSON array of programme values. */
    .addColumn("programmes", "text", (c) => c.notNull())
    .addColumn("parent_name", "text", (c) => c.notNull())
    .addColumn("parent_phone", "text", (c) => c.notNull())
    .addColumn("parent_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("emergency_name", "text", (c) => c.notNull())
    .addColumn("emergency_phone", "text", (c) => c.notNull())
    .addColumn("needs", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("photo_consent", bool, (c) => c.notNull())
    /** When the declaration was ticked; null only for spam. */
    .addColumn("declared_at", "text")
    /** new or spam. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("last_contact_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("registrations_last_contact").on("registrations").column("last_contact_at").execute();

  const started = Date.now();
  const at = (i: number) => new Date(started + i).toISOString();
  const seed = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  if (VOLUNTEER_VACANCIES.length > 0) {
    await seed
      .insertInto("volunteer_opportunities")
      .values(
        VOLUNTEER_VACANCIES.map((role, i) => ({
          id: crypto.randomUUID(),
          title: role.title,
          type: role.type,
          time_commitment: role.timeCommitment,
          skills: JSON.stringify(role.skills),
          description: role.description,
          is_open: 1,
          sort_order: i + 1,
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("registrations").execute();
  await db.schema.dropTable("messages").execute();
  await db.schema.dropTable("volunteer_applications").execute();
  await db.schema.dropTable("volunteer_opportunities").execute();
}
