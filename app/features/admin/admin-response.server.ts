import { data } from "react-router";
import type { AdminRefusal, RefusalMessage } from "./refusal";
import { formatDateTime } from "#app/web/dates";
import type { EditConflict } from "#app/web/stale-edit.server";
import { logger } from "#app/platform/log/logger.server";
import { formValues, type FieldErrors } from "#app/web/parse-form";

/**
 * The one way an admin action refuses a request it cannot carry out: an
 * unknown intent, an id that could never name a record, a record that is
 * not there, or (503) a database that failed a change made in one
 * transaction, so nothing is half done. The answer renders the same page
 * with the message shown (AdminRefusalNotice reads it from the action's
 * data), not a redirect, so the status says what happened and nothing was
 * changed.
 * Successful actions keep redirecting with a toast (Post/Redirect/Get).
 */
export function refuseAdminRequest(status: 400 | 404 | 409 | 503, message: RefusalMessage) {
  return data<AdminRefusal>({ refusal: { title: message.title, description: message.description, status } }, { status });
}

export const UNKNOWN_ACTION: RefusalMessage = {
  title: "Unknown action",
  description: "Nothing was changed. Reload the page and try again.",
};

/** An intent this page does not handle. */
export function refuseUnknownAction() {
  return refuseAdminRequest(400, UNKNOWN_ACTION);
}

/** Record ids are UUIDs (crypto.randomUUID()); anything else names nothing. */
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(value: unknown): value is string {
  return typeof value === "string" && RECORD_ID.test(value);
}

/**
 * A record the request names is not there: 404 when the id is well formed
 * (it may have been deleted already), 400 when it could never be an id.
 */
export function refuseMissingRecord(id: unknown, message: RefusalMessage) {
  return refuseAdminRequest(isRecordId(id) ? 404 : 400, message);
}

/** What a refused save says under its title: the form still holds the admin's text. */
export const KEPT_TYPED_TEXT = "Nothing was changed. What you typed is still in the form: save it again in a moment.";

/**
 * The database or file store failed while carrying out a write: 503, nothing
 * was changed, and what the admin typed goes back to the form (`kept`), so
 * it can be sent again without typing it twice, with JavaScript or without.
 */
export function refuseFailedWrite<T extends object>(message: RefusalMessage, kept: T) {
  return data<AdminRefusal & { kept: T }>({ refusal: { title: message.title, description: message.description, status: 503 }, kept }, { status: 503 });
}

/**
 * A record form's save (an event, a video, a testimonial, a role, the
 * settings) that the database refused: logged, then a 503 that gives the
 * form its text back as `values`, the shape a refused validation has, so the
 * same form shows it again under the message. Each of these saves is one
 * statement or one transaction, so nothing was changed. With JavaScript,
 * React Router does not reload the page's data after a 5xx action, so the
 * list around the form stays as it was even when the database cannot be read.
 */
export function refuseFailedSave(title: string, form: FormData, error: unknown, context: Record<string, unknown> = {}) {
  logger.error({ err: error instanceof Error ? error.message : String(error), ...context }, "admin save failed");
  return data<AdminRefusal & { errors: FieldErrors; values: Record<string, string> }>(
    { refusal: { title, description: KEPT_TYPED_TEXT, status: 503 }, errors: {}, values: formValues(form) },
    { status: 503 },
  );
}

/** What a record form sends that belongs to the record it was opened on, not to what was typed. */
const RECORD_FIELDS = ["intent", "id", "version", "updatedAt"];

/**
 * A record form's edit (an event, a video, a testimonial) whose record is no
 * longer there: deleted, by a colleague or in another tab, after the form was
 * opened. 404, nothing changed, and what was typed goes back to the form as
 * `values` (without the deleted record's id and version), with `deleted`, so
 * the page draws it as a new record's form: saving it creates the record
 * again, with JavaScript or without. `afterSave` says more about the new
 * record where it differs from the deleted one (a testimonial waits as Pending).
 */
export function refuseDeletedRecord(title: string, what: string, form: FormData, afterSave = "") {
  const values = formValues(form);
  for (const key of RECORD_FIELDS) delete values[key];
  const description =
    `This ${what} was deleted after you opened it, so nothing was saved. ` +
    `What you typed is still in the form below: save it to add it again as a new ${what}.${afterSave ? ` ${afterSave}` : ""}`;
  return data<AdminRefusal & { errors: FieldErrors; values: Record<string, string>; deleted: true }>(
    { refusal: { title, description, status: 404 }, errors: {}, values, deleted: true },
    { status: 404 },
  );
}

/**
 * A record form's save refused because someone saved the record after the
 * form was opened (see edit-version.server.ts): 409, nothing changed, what
 * was typed back in the form with the version it was opened at, so saving
 * it again cannot overwrite theirs either. Routes that answer it reload
 * their data after a 409 (shouldRevalidate), so the list around the form
 * shows the record as it now is.
 */
export function refuseStaleEdit(title: string, what: string, conflict: EditConflict, values: Record<string, string>) {
  const saved = formatDateTime(conflict.updatedAt);
  // "the settings" are many things; a record is one.
  const description =
    what === "settings"
      ? `Someone else saved the settings at ${saved} after you opened them, so nothing was changed. Your changes are still below: reload the page to see theirs, then make your changes again.`
      : `Someone else saved this ${what} at ${saved} after you opened it, so nothing was changed. Your changes are still below: reload the ${what} to see theirs, then make your changes again.`;
  return data<AdminRefusal & { errors: FieldErrors; values: Record<string, string> }>({ refusal: { title, description, status: 409 }, errors: {}, values }, { status: 409 });
}

