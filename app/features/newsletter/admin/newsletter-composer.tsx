import { useState } from "react";
import { Form } from "react-router";
import { NEWSLETTER_TEMPLATES, CONTENT_TEXTAREA_ROWS } from "#app/content/site";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { NewsletterEmail } from "./newsletter-email";
import { NEWSLETTER_TEMPLATE_STARTERS } from "./newsletter-templates";
import type { NewsletterTemplate } from "#app/features/newsletter/campaign.schema";
import { UnsavedChangesDialog, useUnsavedChangesGuard } from "#app/features/admin/unsaved-changes-guard";
import type { FieldErrors } from "#app/web/parse-form";

export interface ComposerValues {
  /** The campaign's id: a saved draft's, or the one a new campaign will be saved under. */
  id?: string;
  /** The draft's updated_at when the form was drawn; none for a campaign not saved yet. */
  version?: string;
  template: string;
  subject: string;
  content: string;
  testTo: string;
}


/**
 * Compose a campaign: choose a template, write, see it as recipients will
 * (the same component renders the e-mail), send a test, then send to every
 * confirmed subscriber after an explicit confirmation. Works without
 * JavaScript: the preview then shows the last saved draft, and "Send…"
 * asks for confirmation through the action instead of in place.
 */
export function NewsletterComposer({
  initial,
  newId,
  saved,
  errors,
  formError,
  confirmSend,
  confirmedCount,
  busyIntent,
  email,
  delivery = "smtp",
}: {
  initial?: ComposerValues;
  /** The id a new campaign is saved under, fixed before anything is sent, so sending one form twice makes one campaign. */
  newId: string;
  /** The draft as stored, when one is open: what "unsaved" is measured against. */
  saved?: Pick<ComposerValues, "template" | "subject" | "content">;
  errors?: FieldErrors;
  formError?: string;
  confirmSend?: boolean;
  confirmedCount: number;
  busyIntent?: string;
  email: { charityName: string; postalAddress: string; siteUrl: string };
  /** outbox: no mail server is set up, so the buttons say the e-mails wait in the Outbox instead of claiming to send. */
  delivery?: "smtp" | "outbox";
}) {
  const kept = delivery === "outbox";
  const start = initial ?? { id: newId, template: "monthly-update", ...NEWSLETTER_TEMPLATE_STARTERS["monthly-update"], testTo: "" };
  const [template, setTemplate] = useState(start.template);
  const [subject, setSubject] = useState(start.subject);
  const [content, setContent] = useState(start.content);
  const [confirming, setConfirming] = useState(Boolean(confirmSend));

  const isStarter = (t: string) => {
    const starter = NEWSLETTER_TEMPLATE_STARTERS[t as NewsletterTemplate];
    return starter && ((subject === starter.subject && content === starter.content) || (subject === "" && content === ""));
  };

  // Unsaved: different from the stored draft, or for a new campaign, anything but a template's starting text.
  const dirty = saved ? template !== saved.template || subject !== saved.subject || content !== saved.content : !isStarter(template);
  // A new campaign's composer stays as it is through the page's other forms
  // (cancelling a send, deleting another draft); a saved draft's is drawn
  // again for the address they return to.
  const { blocker, markSubmitting } = useUnsavedChangesGuard(dirty, { sameAddressLoses: Boolean(saved) });

  const chooseTemplate = (next: string) => {
    const starter = NEWSLETTER_TEMPLATE_STARTERS[next as NewsletterTemplate];
    if (starter && (isStarter(template) || window.confirm("Replace the subject and content with this template's starting text?"))) {
      setSubject(starter.subject);
      setContent(starter.content);
    }
    setTemplate(next);
  };

  return (
    <div className="grid gap-8 xl:grid-cols-2 [&>*]:min-w-0">
      <Form method="post" id="composer-form" className="space-y-4" noValidate onSubmit={markSubmitting}>
        {start.id ? <input type="hidden" name="id" value={start.id} /> : null}
        {start.version ? <input type="hidden" name="version" value={start.version} /> : null}
        {formError ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
            {formError}
          </p>
        ) : null}
        <div className="space-y-1.5">
          <Label htmlFor="newsletter-template">Template</Label>
          <NativeSelect id="newsletter-template" name="template" value={template} onChange={(e) => chooseTemplate(e.currentTarget.value)}>
            {NEWSLETTER_TEMPLATES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="newsletter-template-error" errors={errors?.template} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="newsletter-subject">Subject</Label>
          <Input
            id="newsletter-subject"
            name="subject"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            required
            maxLength={200}
            aria-invalid={errors?.subject ? true : undefined}
            aria-describedby={errors?.subject ? "newsletter-subject-error" : undefined}
          />
          <FieldError id="newsletter-subject-error" errors={errors?.subject} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="newsletter-content">Content</Label>
          <Textarea
            id="newsletter-content"
            name="content"
            rows={CONTENT_TEXTAREA_ROWS}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
            required
            aria-invalid={errors?.content ? true : undefined}
            aria-describedby={`newsletter-content-help${errors?.content ? " newsletter-content-error" : ""}`}
          />
          <p id="newsletter-content-help" className="text-xs text-muted-foreground">
            Blank lines separate paragraphs. &quot;## &quot; starts a heading, &quot;- &quot; a list item; **bold**, *italic* and [link text](https://…) work
            too. Replace the [square-bracketed] prompts.
          </p>
          <FieldError id="newsletter-content-error" errors={errors?.content} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="save" variant="outline" disabled={Boolean(busyIntent)}>
            {busyIntent === "save" ? "Saving..." : "Save draft"}
          </Button>
        </div>

        <fieldset className="space-y-2 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold">Send a test</legend>
          <Label htmlFor="newsletter-test-to">Test address</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="newsletter-test-to"
              name="testTo"
              type="email"
              autoComplete="email"
              defaultValue={start.testTo}
              className="max-w-xs"
              aria-invalid={errors?.testTo ? true : undefined}
              aria-describedby={errors?.testTo ? "newsletter-test-to-error" : undefined}
            />
            <Button type="submit" name="intent" value="send-test" variant="secondary" className="whitespace-normal" disabled={Boolean(busyIntent)}>
              {busyIntent === "send-test" ? (kept ? "Writing test..." : "Sending test...") : kept ? "Keep test in Outbox (not sent)" : "Send test"}
            </Button>
          </div>
          <FieldError id="newsletter-test-to-error" errors={errors?.testTo} />
        </fieldset>

        <div className="space-y-3 rounded-lg border border-border p-4">
          {confirming ? (
            <div role="alertdialog" aria-labelledby="confirm-send-title" aria-describedby="confirm-send-text" className="space-y-3">
              <p id="confirm-send-title" className="font-semibold">
                Send &quot;{subject || "(no subject)"}&quot; now?
              </p>
              <p id="confirm-send-text" className="text-sm">
                {kept
                  ? `No mail server is set up, so ${confirmedCount} e-mail${confirmedCount === 1 ? " waits" : "s wait"} in the Outbox and nobody receives ${confirmedCount === 1 ? "it" : "them"} until ${confirmedCount === 1 ? "it is" : "they are"} sent from there.`
                  : `It goes to all ${confirmedCount} confirmed subscriber${confirmedCount === 1 ? "" : "s"}. You can cancel while it is sending, but messages already sent cannot be recalled.`}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="send" className="whitespace-normal" disabled={Boolean(busyIntent)}>
                  {busyIntent === "send"
                    ? "Starting..."
                    : kept
                      ? `Put ${confirmedCount} e-mail${confirmedCount === 1 ? "" : "s"} in the Outbox (not sent)`
                      : `Send to ${confirmedCount} subscriber${confirmedCount === 1 ? "" : "s"}`}
                </Button>
                <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                  Not yet
                </Button>
              </div>
            </div>
          ) : (
            <Button
              type="submit"
              name="intent"
              value="confirm-send"
              // The words that say nothing is sent are long: on a phone they wrap rather than widen the page.
              className="whitespace-normal"
              disabled={Boolean(busyIntent) || confirmedCount === 0}
              onClick={(event) => {
                if (subject.trim() && content.trim()) {
                  event.preventDefault();
                  setConfirming(true);
                }
              }}
            >
              {kept ? "Put in the Outbox for all confirmed subscribers (not sent)…" : "Send to all confirmed subscribers…"}
            </Button>
          )}
          {confirmedCount === 0 ? <p className="text-sm text-muted-foreground">Nobody has confirmed a subscription yet.</p> : null}
        </div>
      </Form>

      <section aria-labelledby="preview-heading">
        <h4 id="preview-heading" className="mb-2 text-lg font-semibold">
          Preview
        </h4>
        <p className="mb-2 text-sm text-muted-foreground">As subscribers will see it. The unsubscribe link in the preview goes nowhere.</p>
        <div className="overflow-hidden rounded-lg border border-border" data-testid="newsletter-preview">
          <NewsletterEmail
            subject={subject || "(no subject)"}
            content={content}
            charityName={email.charityName}
            siteUrl={email.siteUrl}
            unsubscribeUrl="#"
            postalAddress={email.postalAddress || undefined}
          />
        </div>
      </section>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
