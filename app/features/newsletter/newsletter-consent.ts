/**
 * The words of the sign-up form's consent box, in a plain module: the form
 * shows them, and the server stores them with each consent record without
 * importing the form's React component.
 */

/** The words a subscriber agrees to; stored with their consent record. */
export const NEWSLETTER_CONSENT_TEXT = "Yes, please e-mail me news, events and ways to help. I can unsubscribe at any time.";
