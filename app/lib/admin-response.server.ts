import { data } from "react-router";
import type { AdminRefusal, RefusalMessage } from "#app/components/admin/admin-refusal";

/**
 * The one way an admin action refuses a request it cannot carry out: an
 * unknown intent, an id that could never name a record, or a record that is
 * not there. The answer is a 4xx that renders the same page with the
 * message shown (AdminRefusalNotice reads it from the action's data), not a
 * redirect, so the status says what happened and nothing was changed.
 * Successful actions keep redirecting with a toast (Post/Redirect/Get).
 */
export function refuseAdminRequest(status: 400 | 404 | 409, message: RefusalMessage) {
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

/**
 * The database or file store failed while carrying out a write: 503, nothing
 * was changed, and what the admin typed goes back to the form (`kept`), so
 * it can be sent again without typing it twice, with JavaScript or without.
 */
export function refuseFailedWrite<T extends object>(message: RefusalMessage, kept: T) {
  return data<AdminRefusal & { kept: T }>({ refusal: { title: message.title, description: message.description, status: 503 }, kept }, { status: 503 });
}
