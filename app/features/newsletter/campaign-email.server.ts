import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Database } from "#app/platform/db/db.server";
import { sendMail } from "#app/platform/mail/mailer.server";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { NewsletterEmail, newsletterText, type NewsletterEmailProps } from "#app/features/newsletter/admin/newsletter-email";
import { siteUrl, unsubscribeUrl } from "./newsletter-tokens.server";

/**
 * A campaign's e-mail, rendered on the server from the same React component
 * the composer previews with. The only server module that imports that
 * component, so no other server code pulls in UI.
 */

async function emailProps(subscriberId: string | null, input: { subject: string; content: string }): Promise<NewsletterEmailProps> {
  const settings = await getSiteSettings();
  return {
    subject: input.subject,
    content: input.content,
    charityName: settings.charityName,
    siteUrl: siteUrl(),
    unsubscribeUrl: subscriberId ? unsubscribeUrl(subscriberId) : `${siteUrl()}/newsletter/unsubscribe`,
    postalAddress: settings.postalAddress || undefined,
  };
}

/** The e-mail exactly as a recipient gets it: subject, plain text and HTML from one component. */
export async function renderCampaignEmail(subscriberId: string | null, input: { subject: string; content: string }) {
  const props = await emailProps(subscriberId, input);
  return {
    subject: input.subject,
    text: newsletterText(props),
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeTitle(input.subject)}</title></head><body style="margin:0">${renderToStaticMarkup(createElement(NewsletterEmail, props))}</body></html>`,
  };
}

function escapeTitle(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/** A test send: the same e-mail, marked as a test, to one address; no subscriber is involved. */
export async function sendTestEmail(database: Database, input: { subject: string; content: string }, to: string) {
  const email = await renderCampaignEmail(null, input);
  return sendMail(database, { to, subject: `[Test] ${email.subject}`, text: email.text, html: email.html, kind: "newsletter" });
}
