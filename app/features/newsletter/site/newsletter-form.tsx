import { useId } from "react";
import { useLocation } from "react-router";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_PRIVACY_TEXT, WORDING_FIELDS, type NewsletterWording } from "#app/features/newsletter/newsletter-consent";

/** Shown whatever happened (new, pending or known address), so the form reveals nothing. */
export const NEWSLETTER_THANKS =
  "Thank you! Please check your inbox: we have sent a link to confirm your subscription. If it does not arrive, check your spam folder.";

export interface NewsletterActionData {
  ok: boolean;
  message?: string;
  formError?: string;
  fieldErrors?: { email?: string; consent?: string };
  values?: { email: string; consent: boolean };
  /** The block wording the form was sent from, so the form shown again with its errors reads the same. */
  wording?: NewsletterWording;
}

/**
 * 'Join Our Newsletter': e-mail and consent. A plain form (public pages are
 * not hydrated, decision 010) that posts to /newsletter: a sign-up comes
 * back to this page with ?newsletter=check-email (so that page is never a
 * cached copy) and the thanks shown here; a mistake shows /newsletter with
 * the messages and what was typed. A form block may reword the consent box
 * and the privacy note (`wording`); the footer's form keeps the standard words.
 */
export function NewsletterForm({ initial, wording: given }: { initial?: NewsletterActionData; wording?: NewsletterWording }) {
  const location = useLocation();
  const id = useId();

  const result = initial;
  const cameBack = new URLSearchParams(location.search).get("newsletter") === "check-email";
  const success = result?.ok ? (result.message ?? NEWSLETTER_THANKS) : !result && cameBack ? NEWSLETTER_THANKS : null;
  const here = location.pathname;
  const emailError = result?.fieldErrors?.email;
  const consentError = result?.fieldErrors?.consent;
  const wording = result?.wording ?? given;

  return (
    <div className="space-y-3">
      <div role="status" aria-live="polite">
        {success ? <p className="rounded-md border border-success bg-background p-3 text-sm font-medium text-success">{success}</p> : null}
      </div>
      {result?.formError ? (
        <p role="alert" className="rounded-md border border-destructive bg-background p-3 text-sm font-medium text-destructive">
          {result.formError}
        </p>
      ) : null}
      <form method="post" action="/newsletter" className="space-y-3" noValidate>
        <input type="hidden" name="redirectTo" value={here} />
        {wording ? (
          <>
            <input type="hidden" name={WORDING_FIELDS.page} value={wording.page} />
            <input type="hidden" name={WORDING_FIELDS.block} value={wording.block} />
          </>
        ) : null}
        {/* Hidden from people; bots that fill every field give themselves away. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
          <label htmlFor={`${id}-website`}>Leave this empty</label>
          <input id={`${id}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-email`}>Email address</Label>
          <Input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={result?.ok ? "" : (result?.values?.email ?? "")}
            key={result?.ok ? "done" : "editing"}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
          />
          <FieldError id={`${id}-email-error`} errors={emailError} />
        </div>
        <div className="space-y-1.5">
          <div className="flex items-start gap-3">
            <input
              id={`${id}-consent`}
              type="checkbox"
              name="consent"
              value="yes"
              required
              defaultChecked={result?.ok ? false : (result?.values?.consent ?? false)}
              key={result?.ok ? "done" : "editing"}
              className="mt-0.5 size-6 shrink-0 accent-primary"
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${id}-consent-error` : undefined}
            />
            <Label htmlFor={`${id}-consent`} className="text-sm font-normal leading-snug">
              {wording?.consent || NEWSLETTER_CONSENT_TEXT}
            </Label>
          </div>
          <FieldError id={`${id}-consent-error`} errors={consentError} />
        </div>
        <Button type="submit" data-busy-label="Subscribing...">
          Subscribe
        </Button>
        <p className="text-xs text-muted-foreground">
          {wording?.privacy || NEWSLETTER_PRIVACY_TEXT} Read our{" "}
          <a href="/privacy-policy" className="underline">
            privacy policy
          </a>
          .
        </p>
      </form>
    </div>
  );
}
