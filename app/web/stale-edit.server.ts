import crypto from "node:crypto";
import { nowIso } from "#app/platform/db/db.server";
import { textValues, type FieldErrors } from "./parse-form";

/**
 * Edit versions: what keeps a record form opened before a colleague's save
 * from undoing it. The form carries a fingerprint of the fields it edits as
 * they were when it was drawn; the save compares it with the same fields as
 * they are now, read in the save's own transaction (locked on PostgreSQL,
 * where transactions run side by side), and changes nothing when they
 * differ. Only the fields the form writes count, so a change the form
 * cannot undo (a testimonial approved, a role closed, a video moved up)
 * does not refuse it. Events use their updated_at for this instead, since
 * their form writes every column, published included.
 */
export function editVersion(fields: Record<string, unknown>): string {
  const entries = Object.keys(fields)
    .sort()
    .map((key) => [key, fields[key] ?? null]);
  return crypto.createHash("sha256").update(JSON.stringify(entries)).digest("base64url").slice(0, 22);
}

/** A save refused because the record changed after its form was opened (nothing was changed). */
export interface EditConflict {
  /** When the record was last saved. */
  updatedAt: string;
}

/** What a save from an edit form comes to: the record, the form's field errors, or a conflict with what was typed. */
export type EditResult<T> =
  | { ok: true; data: T }
  | { ok: false; errors: FieldErrors; values: Record<string, string> }
  | { ok: false; conflict: EditConflict; errors: FieldErrors; values: Record<string, string> };

export type EditConflictResult = Extract<EditResult<unknown>, { conflict: EditConflict }>;

/** Whether a save was refused as stale. */
export function isEditConflict(result: EditResult<unknown>): result is EditConflictResult {
  return !result.ok && "conflict" in result;
}

/** A save refused as stale: nothing changed, what was submitted kept for the form. */
export function editConflict(updatedAt: string, values: Record<string, unknown> | FormData): EditConflictResult {
  return { ok: false, conflict: { updatedAt }, errors: {}, values: textValues(values) };
}


/**
 * The updated_at to write over `previous`: now, or a millisecond after
 * `previous` when the clock has not moved past it, so every change gives
 * the record a new updated_at and a form opened before it never matches it
 * (events' edit form, a volunteer decision).
 */
export function stampAfter(previous: string | undefined): string {
  const now = nowIso();
  if (previous === undefined || now > previous) return now;
  const time = Date.parse(previous);
  return Number.isNaN(time) ? now : new Date(time + 1).toISOString();
}
