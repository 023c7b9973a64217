/**
 * The words of the sign-up form's consent box, in a plain module: the form
 * shows them, and the server stores them with each consent record without
 * importing the form's React component.
 */

/** The words a subscriber agrees to; stored with their consent record. */
export const NEWSLETTER_CONSENT_TEXT = "Yes, please e-mail me news, events and ways to help. I can unsubscribe at any time.";

/** The note under the form about what the address is used for. */
export const NEWSLETTER_PRIVACY_TEXT = "We will only use your address to send our newsletter.";

/**
 * A sign-up form's own wording, when a page's form block rewords it, and
 * where it came from: the form sends the page and block back, so the server
 * stores the words the subscriber read (from the published block, never
 * from what the browser sends) with their consent.
 */
export interface NewsletterWording {
  consent: string;
  privacy: string;
  /** The path of the page whose block showed the form. */
  page: string;
  block: string;
}

/** The hidden fields naming the block whose wording a sign-up form showed. */
export const WORDING_FIELDS = { page: "wordingPage", block: "wordingBlock" } as const;
