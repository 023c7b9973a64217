import { Form, useNavigation } from "react-router";
import { ChevronDown } from "lucide-react";
import { Button, buttonVariants } from "#app/components/ui/button";
import { cn } from "#app/components/ui/utils";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import type { FieldErrors } from "#app/web/parse-form";
import type { ApplicationStatus } from "#app/features/volunteers/volunteer.schema";

/**
 * Approve or reject with the e-mail the applicant will get, ready to edit.
 * A plain form, so it works without JavaScript. It carries the status the
 * page showed (`seenStatus`, and `seenUpdatedAt`): the server decides only if
 * the application is still as shown, so an admin never mails an applicant
 * someone else has just decided.
 */
export function VolunteerDecisionForm({
  decision,
  seenStatus,
  seenUpdatedAt,
  subject,
  body,
  errors,
  open,
  delivery = "smtp",
}: {
  decision: "approved" | "rejected";
  seenStatus: ApplicationStatus;
  /** The application's updated_at as the page showed it. */
  seenUpdatedAt: string;
  subject: string;
  body: string;
  errors?: FieldErrors;
  open?: boolean;
  /** outbox: no mail server is set up, so the form says the e-mail waits in the Outbox rather than claiming to send it. */
  delivery?: "smtp" | "outbox";
}) {
  const kept = delivery === "outbox";
  const busy = useNavigation().formData?.get("decision") === decision;
  const verb = decision === "approved" ? "Approve" : "Reject";
  const id = (name: string) => `${decision}-${name}`;
  return (
    <details open={open} className="group rounded-lg border border-border bg-card p-4">
      {/* Looks like the button it is (no disclosure triangle); the form opens under it. */}
      <summary
        className={cn(
          buttonVariants({ variant: decision === "approved" ? "default" : "outline" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          decision === "rejected" && "text-destructive",
        )}
      >
        {verb}…
        <ChevronDown aria-hidden="true" className="transition-transform group-open:rotate-180" />
      </summary>
      <Form method="post" className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="decide" />
        <input type="hidden" name="decision" value={decision} />
        <input type="hidden" name="seenStatus" value={seenStatus} />
        <input type="hidden" name="seenUpdatedAt" value={seenUpdatedAt} />
        {kept ? (
          <p className="text-sm font-medium">No mail server is set up, so this email waits in the Outbox and is not sent to the applicant.</p>
        ) : (
          <p className="text-sm text-muted-foreground">The applicant gets this email. Change it as you like before sending.</p>
        )}
        <div className="grid gap-2">
          <label htmlFor={id("subject")} className="text-sm font-medium">
            Email subject
          </label>
          <Input
            id={id("subject")}
            name="subject"
            defaultValue={subject}
            maxLength={200}
            required
            aria-invalid={errors?.subject ? true : undefined}
            aria-describedby={errors?.subject ? `${id("subject")}-error` : undefined}
          />
          <FieldError id={`${id("subject")}-error`} errors={errors?.subject} />
        </div>
        <div className="grid gap-2">
          <label htmlFor={id("body")} className="text-sm font-medium">
            Email message
          </label>
          <Textarea
            id={id("body")}
            name="body"
            rows={10}
            maxLength={5000}
            defaultValue={body}
            required
            aria-invalid={errors?.body ? true : undefined}
            aria-describedby={errors?.body ? `${id("body")}-error` : undefined}
          />
          <FieldError id={`${id("body")}-error`} errors={errors?.body} />
        </div>
        <div>
          <Button type="submit" variant={decision === "approved" ? "default" : "destructive"} disabled={busy}>
            {busy ? (kept ? "Saving..." : "Sending...") : kept ? `${verb} (e-mail waits in Outbox)` : `${verb} and send email`}
          </Button>
        </div>
      </Form>
    </details>
  );
}
