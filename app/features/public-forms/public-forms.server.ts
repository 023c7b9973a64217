import { data, redirect } from "react-router";
import { getDatabase, type Database } from "#app/platform/db/db.server";
import { env } from "#app/platform/env.server";
import { checkRateLimit, clientIpFrom, isHoneypotFilled } from "./abuse-guard.server";
import { logger } from "#app/platform/log/logger.server";
import { parsePublicForm, readPublicForm, type PublicFieldErrors, type RawValues } from "./public-form.schema";
import type { z } from "zod";

/**
 * One path for every public form (apply to volunteer, ask a question,
 * register a child): validate with the shared schema, count the submission
 * against the sender's address, and keep what a bot sends as spam rather
 * than dropping it, so staff can check nothing real was caught.
 */

/** Ten submissions of one form per address per ten minutes: a family registering several children fits; a flood does not. */
export const PUBLIC_FORM_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;

export const RATE_LIMIT_MESSAGE = "You have sent this form several times in a few minutes. Please wait ten minutes and try again, or call us.";

export type SubmitOutcome =
  | { status: "invalid"; errors: PublicFieldErrors; values: RawValues }
  | { status: "limited"; retryAfter: number; values: RawValues }
  | { status: "spam"; id: string }
  | { status: "stored"; id: string }
  /** The database failed while checking the limit or storing: nothing was saved, and the form goes back as typed. */
  | { status: "unavailable"; values: RawValues };

export const SAVE_FAILED_MESSAGE = "Sorry, we could not save this just now. What you typed is still here: please send it again in a few minutes, or call us.";

export interface Submission {
  values: RawValues;
  /** True when the hidden honeypot field came back filled in. */
  honeypot: boolean;
  /** The sender's address, only ever stored as a keyed hash (form-guard). */
  ip: string;
}

/**
 * Runs the shared steps and hands over to `store` with either the parsed
 * data (a real submission) or null (spam: store what can be stored).
 * Invalid forms from people are not counted, so correcting mistakes never
 * locks anyone out.
 */
export async function handleSubmission<S extends z.ZodType>(
  database: Database,
  form: string,
  schema: S,
  submission: Submission,
  store: (parsed: { ok: true; data: z.output<S> } | { ok: false }) => Promise<string>,
  extraCheck?: (data: z.output<S>) => Promise<PublicFieldErrors | null>,
): Promise<SubmitOutcome> {
  const parsed = parsePublicForm(schema, submission.values);
  if (!submission.honeypot && !parsed.ok) return { status: "invalid", errors: parsed.errors, values: submission.values };
  try {
    if (!submission.honeypot && extraCheck) {
      const extra = await extraCheck((parsed as { ok: true; data: z.output<S> }).data);
      if (extra) return { status: "invalid", errors: extra, values: submission.values };
    }
    const limit = await checkRateLimit(database, { form, ip: submission.ip, ...PUBLIC_FORM_LIMIT });
    if (!limit.allowed) return { status: "limited", retryAfter: limit.retryAfter, values: submission.values };
    if (submission.honeypot) return { status: "spam", id: await store(parsed.ok ? parsed : { ok: false }) };
    return { status: "stored", id: await store(parsed as { ok: true; data: z.output<S> }) };
  } catch (error) {
    // A parent who spent ten minutes on a registration gets it back to send again, not an error page that drops it.
    logger.error({ form, err: error instanceof Error ? error.message : String(error) }, "public form could not be saved");
    return { status: "unavailable", values: submission.values };
  }
}

/**
 * Sends the e-mails a stored submission causes (the staff notice, the
 * sender's confirmation). The submission is saved already, so a message that
 * cannot be recorded is logged, not thrown: the sender is told it arrived
 * (it did, and staff see it in the dashboard) rather than shown an error
 * that makes them send it twice.
 */
export async function tellAboutSubmission(form: string, id: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    logger.error({ form, id, err: error instanceof Error ? error.message : String(error) }, "a stored submission's e-mails could not be recorded");
  }
}

/** A raw value as a single clipped string, for storing spam that never validated. */
export function rawText(values: RawValues, key: string, max = 500): string {
  const value = values[key];
  return (Array.isArray(value) ? value.join(", ") : (value ?? "")).slice(0, max);
}

export function rawList(values: RawValues, key: string): string[] {
  const value = values[key];
  return (Array.isArray(value) ? value : value ? [value] : []).map((v) => v.slice(0, 200)).slice(0, 20);
}

/** An absolute link into the admin area, for staff notices. */
export function adminLink(path: string): string {
  return `${env().PUBLIC_URL}${path}`;
}

/**
 * A public form's route action: read, submit, then answer 400 (errors and
 * everything typed, except the honeypot), 429 (too many), or redirect to
 * the confirmation (spam gets the same redirect, so a bot learns nothing).
 */
export async function publicFormAction(
  request: Request,
  context: unknown,
  {
    form,
    lists,
    submit,
    confirmation,
  }: {
    form: string;
    lists: readonly string[];
    submit: (database: Database, submission: Submission) => Promise<SubmitOutcome>;
    confirmation: string;
  },
): Promise<Response | ReturnType<typeof data<PublicFormResponse>>> {
  const formData = await request.formData();
  const values = readPublicForm(formData, lists);
  const database = await getDatabase();
  const outcome = await submit(database, { values, honeypot: isHoneypotFilled(formData), ip: clientIpFrom(context) });
  if (outcome.status === "invalid") return data<PublicFormResponse>({ errors: outcome.errors, values: outcome.values }, { status: 400 });
  if (outcome.status === "unavailable") return data<PublicFormResponse>({ formError: SAVE_FAILED_MESSAGE, values: outcome.values }, { status: 503 });
  if (outcome.status === "limited") {
    return data<PublicFormResponse>(
      { formError: RATE_LIMIT_MESSAGE, values: outcome.values },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfter) } },
    );
  }
  // Ids and outcomes only: never what people typed.
  logger.info({ requestId: (context as { requestId?: string } | undefined)?.requestId, form, outcome: outcome.status, id: outcome.id }, "public form received");
  return redirect(confirmation);
}

export interface PublicFormResponse {
  errors?: PublicFieldErrors;
  formError?: string;
  values?: RawValues;
}
