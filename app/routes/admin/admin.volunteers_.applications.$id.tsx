import type { ReactNode } from "react";
import { data, Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.volunteers_.applications.$id";
import { DeleteDisclosure, PostButton } from "#app/features/admin/record-actions";
import { formatDateTime } from "#app/web/dates";
import { VolunteerDecisionForm } from "#app/features/volunteers/admin/volunteer-decision-form";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { Badge } from "#app/components/ui/badge";
import { isRecordId, refuseAdminRequest, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { mailDelivery } from "#app/platform/mail/mailer.server";
import { logger } from "#app/platform/log/logger.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { parseForm } from "#app/web/parse-form";
import { APPLICATION_STATUS_LABELS, decisionSchema, hoursSchema, type ApplicationStatus } from "#app/features/volunteers/volunteer.schema";
import { redirectWithToast } from "#app/web/toast.server";
import { availabilityLabel, getApplication } from "#app/features/volunteers/volunteer-applications.server";
import {
  decideApplication,
  decisionTemplate,
  deleteApplication,
  parseSeenStatus,
  setApplicationStatus,
  setVolunteerHours,
} from "#app/features/volunteers/volunteer-decisions.server";

export const meta: Route.MetaFunction = () => [{ title: "Volunteer application · Admin Dashboard" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "volunteer-applications");
  const application = await getApplication(await getDatabase(), params.id);
  if (!application) throw new Response("Application not found", { status: 404 });
  const [approve, reject, delivery] = await Promise.all([decisionTemplate(application, "approved"), decisionTemplate(application, "rejected"), mailDelivery()]);
  return { application: { ...application, availability: application.availability.map(availabilityLabel) }, templates: { approve, reject }, delivery };
}

/**
 * After a refused action the page's data is not reloaded (React Router's
 * default for 4xx/5xx), except after a 409: the application was decided,
 * moved or marked as spam meanwhile, so the page shows it as it now is and
 * its forms carry that status, for a deliberate decision from there.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

const DECISION_FAILED = "Failed to save the decision.";
const CHANGED_VERB = { pending: "moved back to Pending", approved: "approved", rejected: "rejected", spam: "marked as spam" } as const;
const NOT_FOUND = { title: "Application not found", description: "It may have been deleted already." };

/** Spam that did not pass the application form's checks stays spam (setApplicationStatus). */
const UNCHECKED = {
  title: "This application cannot be moved out of spam",
  description:
    "It did not pass the application form's checks (its name, email address, phone number, roles or times are not ones the form accepts, or the box agreeing that we may keep their details was not ticked), so it was kept as spam, exactly as it was sent. Nothing was changed. If it is a real person, ask them to apply again through the volunteer page.",
};

/** What happened to the application since the admin's page was loaded, for a refusal that says who and when. */
function changedSince(current: { status: keyof typeof CHANGED_VERB; decidedBy: string | null; decidedAt: string | null; updatedAt: string }, you: string): string {
  const who = current.decidedBy === null ? "Someone" : current.decidedBy === you ? "You" : current.decidedBy;
  const when = formatDateTime(current.decidedAt ?? current.updatedAt);
  return current.status === "pending" ? `This application was moved back to Pending at ${when}` : `${who} already ${CHANGED_VERB[current.status]} this application at ${when}`;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "volunteer-applications");
  const database = await getDatabase();
  const actor = { id: user.id, email: user.email, ip: clientIpFrom(context) };
  const form = await request.formData();
  const here = `/admin/volunteers/applications/${params.id}`;
  const intent = String(form.get("intent") ?? "");
  if (!["decide", "hours", "pending", "not-spam", "spam", "delete"].includes(intent)) return refuseUnknownAction();
  const application = isRecordId(params.id) ? await getApplication(database, params.id) : undefined;
  if (!application) return refuseMissingRecord(params.id, NOT_FOUND);
  switch (intent) {
    case "decide": {
      const parsed = parseForm(decisionSchema, form);
      const typed = { subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? "") };
      if (!parsed.ok) return data({ intent: "decide" as const, decision: parsed.values.decision, errors: parsed.errors, typed }, { status: 400 });
      /** Refused in place, like the 503 below: what was written goes back into the form. */
      const refuseDecision = (status: 400 | 409 | 503, description: string) =>
        data({ intent: "decide" as const, decision: parsed.data.decision, errors: {}, typed, refusal: { title: DECISION_FAILED, description, status } }, { status });
      // The status this admin's page showed: the decision is only made if it is still that one.
      const seenStatus = parseSeenStatus(form.get("seenStatus"));
      if (!seenStatus) return refuseDecision(400, "The page did not say which status you saw, so nothing was changed and no email was sent. Reload the page, check the application and send it again.");
      let result: Awaited<ReturnType<typeof decideApplication>>;
      try {
        const seenUpdatedAt = String(form.get("seenUpdatedAt") ?? "") || undefined;
        result = await decideApplication(database, params.id, { ...parsed.data, seenStatus, seenUpdatedAt, actor });
      } catch (error) {
        // The decision, its e-mail and audit entry are one transaction: none of them happened. What was written goes back into the form.
        logger.error({ err: error instanceof Error ? error.message : String(error), applicationId: params.id }, "volunteer decision failed");
        return refuseDecision(503, "Nothing was changed and no email was sent. The email as you wrote it is still in the form: send it again in a moment.");
      }
      if (!result.ok && result.reason === "changed") {
        // Another admin (or this one, in another tab) decided or moved it after this page was loaded: the applicant is not mailed twice.
        return refuseDecision(409, `${changedSince(result, user.email)}, so nothing was changed and no email was sent. The email as you wrote it is still in the form.`);
      }
      if (!result.ok && result.reason === "not-found") return refuseMissingRecord(params.id, NOT_FOUND);
      if (!result.ok) return refuseAdminRequest(409, { title: "Not changed", description: "Spam cannot be approved or rejected. Mark it as not spam first." });
      const verb = parsed.data.decision === "approved" ? "approved" : "rejected";
      const mail = result.mail.status === "failed" ? "but the email could not be sent (see the Outbox)" : result.mail.status === "outbox" ? "and the email waits in the Outbox, not sent (no mail server is set up)" : "and the email was sent";
      return redirectWithToast(here, { title: `Application ${verb}`, description: `${application.name}'s application was ${verb}, ${mail}.` });
    }
    case "hours": {
      const parsed = parseForm(hoursSchema, form);
      if (!parsed.ok) return data({ intent: "hours" as const, errors: parsed.errors, values: parsed.values }, { status: 400 });
      const saved = await setVolunteerHours(database, params.id, parsed.data.hours);
      if (!saved.ok && saved.reason === "not-found") return refuseMissingRecord(params.id, NOT_FOUND);
      // 409: the page reloads and shows the application as it is now.
      if (!saved.ok)
        return refuseAdminRequest(409, {
          title: "Hours not saved",
          description: `Hours can only be recorded for an approved volunteer, and this application is ${saved.status === "spam" ? "marked as spam" : APPLICATION_STATUS_LABELS[saved.status]}. Nothing was changed.`,
        });
      return redirectWithToast(here, { title: "Hours saved", description: `${application.name}: ${parsed.data.hours} hours.` });
    }
    case "pending":
    case "not-spam":
    case "spam": {
      const status = intent === "spam" ? "spam" : "pending";
      const notMoved = status === "spam" ? "Not marked as spam" : "Not moved to Pending";
      // The status this admin's page showed: the move is only made if it is still that one, so nobody's decision is silently replaced.
      const seenStatus = parseSeenStatus(form.get("seenStatus"));
      if (!seenStatus) return refuseAdminRequest(400, { title: notMoved, description: "The page did not say which status you saw, so nothing was changed. Reload the page, check the application and try again." });
      const seenUpdatedAt = String(form.get("seenUpdatedAt") ?? "") || undefined;
      const moved = await setApplicationStatus(database, params.id, { status, seenStatus, seenUpdatedAt, actor });
      if (!moved.ok && moved.reason === "not-found") return refuseMissingRecord(params.id, NOT_FOUND);
      // 409: the page reloads and shows the application as it is now.
      if (!moved.ok && moved.reason === "unchecked") return refuseAdminRequest(409, UNCHECKED);
      if (!moved.ok) return refuseAdminRequest(409, { title: notMoved, description: `${changedSince(moved, user.email)}, so nothing was changed. The page now shows the application as it is.` });
      return redirectWithToast(here, { title: status === "spam" ? "Marked as spam" : "Moved to Pending" });
    }
    case "delete":
      await deleteApplication(database, params.id, actor);
      return redirectWithToast("/admin/volunteers", { title: "Application deleted", description: `The application from ${application.name} was deleted.` });
    default:
      return refuseUnknownAction();
  }
}

export default function ApplicationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a, templates, delivery } = loaderData;
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  const decideErrors = answer?.intent === "decide" ? answer.errors : undefined;
  const failedDecision = answer?.intent === "decide" ? answer.decision : undefined;
  const typed = answer?.intent === "decide" ? answer.typed : undefined;
  const hoursErrors = answer?.intent === "hours" ? answer.errors : undefined;
  return (
    <div className="space-y-8">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <p>
        <Link to={`/admin/volunteers?status=${a.status}`} className="text-sm font-medium text-primary underline underline-offset-4">
          Back to Volunteers
        </Link>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold">Application from {a.name}</h2>
        <Badge variant={a.status === "approved" ? "success" : a.status === "pending" ? "outline" : "destructive"}>{APPLICATION_STATUS_LABELS[a.status]}</Badge>
      </header>
      <dl className="grid max-w-3xl grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-border bg-card p-4 [overflow-wrap:anywhere] sm:grid-cols-[12rem_1fr] [&>dd]:min-w-0">
        <dt className="font-medium">Email</dt>
        <dd>
          <a href={`mailto:${a.email}`} className="text-primary underline underline-offset-4">{a.email}</a>
        </dd>
        <dt className="font-medium">Phone</dt>
        <dd>{a.phone || "Not given"}</dd>
        <dt className="font-medium">Roles of interest</dt>
        <dd>{a.roles.join(", ")}</dd>
        <dt className="font-medium">Availability</dt>
        <dd>{a.availability.join(", ")}</dd>
        <dt className="font-medium">About them</dt>
        <dd className="whitespace-pre-wrap">{a.message || "Nothing added"}</dd>
        <dt className="font-medium">Received</dt>
        <dd>{formatDateTime(a.createdAt)}</dd>
        <dt className="font-medium">Consent to store</dt>
        <dd>{a.consentAt ? `Given ${formatDateTime(a.consentAt)}` : "Not given"}</dd>
        {a.decidedAt ? (
          <>
            <dt className="font-medium">{APPLICATION_STATUS_LABELS[a.status]} by</dt>
            <dd>
              {a.decidedBy} on {formatDateTime(a.decidedAt)}
            </dd>
          </>
        ) : null}
      </dl>

      {a.status === "spam" ? (
        <section aria-labelledby="spam-heading" className="space-y-3">
          <h3 id="spam-heading" className="text-xl font-semibold">Caught as spam</h3>
          {a.passesChecks ? (
            <>
              <p className="text-muted-foreground">The form's hidden spam trap was filled in. If this is a real person, move it to Pending to deal with it.</p>
              <StatusMoveButton intent="not-spam" seen={a}>Not spam: move to Pending</StatusMoveButton>
            </>
          ) : (
            <p className="text-muted-foreground">
              The form&apos;s hidden spam trap was filled in, and it did not pass the application form&apos;s checks (see the details above), so it cannot be
              moved out of spam. If it is a real person, ask them to apply again through the volunteer page.
            </p>
          )}
        </section>
      ) : (
        <section aria-labelledby="decision-heading" className="max-w-3xl space-y-3">
          <h3 id="decision-heading" className="text-xl font-semibold">Decision</h3>
          {a.status !== "pending" ? (
            <p className="text-muted-foreground">
              Already {APPLICATION_STATUS_LABELS[a.status].toLowerCase()}. You can change the decision; a new email {delivery === "outbox" ? "is written to the Outbox for" : "goes to"} the applicant.
            </p>
          ) : null}
          <VolunteerDecisionForm decision="approved" seenStatus={a.status} seenUpdatedAt={a.updatedAt} subject={(failedDecision === "approved" && typed?.subject) || templates.approve.subject} body={(failedDecision === "approved" && typed?.body) || templates.approve.body} errors={failedDecision === "approved" ? decideErrors : undefined} open={failedDecision === "approved"} delivery={delivery} />
          <VolunteerDecisionForm decision="rejected" seenStatus={a.status} seenUpdatedAt={a.updatedAt} subject={(failedDecision === "rejected" && typed?.subject) || templates.reject.subject} body={(failedDecision === "rejected" && typed?.body) || templates.reject.body} errors={failedDecision === "rejected" ? decideErrors : undefined} open={failedDecision === "rejected"} delivery={delivery} />
          {a.status !== "pending" ? <StatusMoveButton intent="pending" seen={a}>Move back to Pending (no email)</StatusMoveButton> : null}
        </section>
      )}

      {a.status === "approved" ? (
        <section aria-labelledby="hours-heading" className="max-w-3xl space-y-3">
          <h3 id="hours-heading" className="text-xl font-semibold">Hours volunteered</h3>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="hours" />
            <div className="grid gap-2">
              <label htmlFor="hours" className="text-sm font-medium">Total hours</label>
              <Input
                id="hours"
                name="hours"
                inputMode="decimal"
                className="w-40"
                defaultValue={(answer?.intent === "hours" ? answer.values.hours : undefined) ?? String(a.hours)}
                aria-invalid={hoursErrors?.hours ? true : undefined}
                aria-describedby={hoursErrors?.hours ? "hours-error" : undefined}
              />
            </div>
            <Button type="submit" variant="outline">Save hours</Button>
          </Form>
          <FieldError id="hours-error" errors={hoursErrors?.hours} />
        </section>
      ) : null}

      <section aria-labelledby="manage-heading" className="space-y-3">
        <h3 id="manage-heading" className="text-xl font-semibold">Manage</h3>
        <div className="flex flex-wrap items-start gap-2">
          {a.status !== "spam" ? <StatusMoveButton intent="spam" seen={a}>Mark as spam</StatusMoveButton> : null}
          <DeleteDisclosure id={a.id} what={`the application from ${a.name}`} />
        </div>
      </section>
    </div>
  );
}

/**
 * A move between Pending and Spam (no e-mail). Like the decision forms, it
 * carries the status the page showed and when it last changed, so it is
 * refused, not applied over it, if another admin has decided or moved the
 * application since.
 */
function StatusMoveButton({ intent, seen, children }: { intent: "pending" | "not-spam" | "spam"; seen: { status: ApplicationStatus; updatedAt: string }; children: ReactNode }) {
  return (
    <PostButton intent={intent} fields={{ seenStatus: seen.status, seenUpdatedAt: seen.updatedAt }}>
      {children}
    </PostButton>
  );
}
