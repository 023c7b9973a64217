import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter._index";
import { NewsletterForm, type NewsletterActionData } from "#app/features/newsletter/site/newsletter-form";
import { getDatabase } from "#app/platform/db/db.server";
import { checkRateLimit, clientIpFrom, isHoneypotFilled } from "#app/features/public-forms/abuse-guard.server";
import { logger } from "#app/platform/log/logger.server";
import { newsletterSignUpSchema } from "#app/features/newsletter/newsletter.schema";
import { requestSubscription } from "#app/features/newsletter/subscribers.server";
import { safeRedirect } from "#app/web/safe-redirect";
import { NEWSLETTER_CONSENT_TEXT, WORDING_FIELDS, type NewsletterWording } from "#app/features/newsletter/newsletter-consent";
import { publishedFormWording } from "#app/features/blocks/form-wording.server";

/** Five sign-ups per address per ten minutes is plenty for a household, and useless to a bot. */
const LIMIT = { limit: 5, windowMs: 10 * 60_000 };


export function meta() {
  return [{ title: "Join Our Newsletter" }, { name: "description", content: "News, events and ways to help, by email. Unsubscribe at any time." }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // The page the visitor signed up on, as a normal path on this site (never "//evil.example", however it was spelt).
  const redirectTo = safeRedirect(form.get("redirectTo"), "/").split("#")[0]!;
  const values = { email: String(form.get("email") ?? "").slice(0, 300), consent: form.get("consent") === "yes" };
  // Success always goes back where the visitor was, with the thanks shown there (?newsletter=check-email).
  const done = () => {
    const url = new URL(redirectTo, "http://site");
    url.searchParams.set("newsletter", "check-email");
    // Checked again as written, query and all: what passes the check is exactly what the browser is sent.
    return redirect(safeRedirect(`${url.pathname}${url.search}#newsletter`, "/?newsletter=check-email#newsletter"));
  };
  if (isHoneypotFilled(form)) return done();

  const database = await getDatabase();
  const limit = await checkRateLimit(database, { form: "newsletter", ip: clientIpFrom(context), ...LIMIT });
  // A form block's own words, read from the live page it names: what the visitor was shown, stored with their consent.
  const from = { page: String(form.get(WORDING_FIELDS.page) ?? ""), block: String(form.get(WORDING_FIELDS.block) ?? "") };
  const blockWording = from.page && from.block ? await publishedFormWording(database, from, "newsletter") : null;
  const wording: NewsletterWording | undefined = blockWording ? { ...blockWording, ...from } : undefined;
  if (!limit.allowed) {
    return data<NewsletterActionData>(
      { ok: false, formError: "Too many attempts from your connection. Please wait a few minutes and try again.", values, wording },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  const parsed = newsletterSignUpSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: NewsletterActionData["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as "email" | "consent";
      fieldErrors[key] ??= issue.message;
    }
    return data<NewsletterActionData>({ ok: false, fieldErrors, values, wording }, { status: 400 });
  }
  const outcome = await requestSubscription(database, {
    email: parsed.data.email,
    source: `website form (${redirectTo})`,
    consentText: wording?.consent ?? NEWSLETTER_CONSENT_TEXT,
  });
  logger.info({ requestId: context?.requestId, outcome }, "newsletter subscription requested");
  return done();
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="mb-3 text-3xl font-bold">Join Our Newsletter</h1>
      <p className="mb-6 text-muted-foreground">
        News from our sessions, events and ways to help, by email. We send a link to confirm your address first, and every email has a
        one-click unsubscribe.
      </p>
      <NewsletterForm initial={actionData} />
    </div>
  );
}
