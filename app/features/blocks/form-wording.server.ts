import type { Database } from "#app/platform/db/db.server";
import type { FormKind } from "#app/features/blocks/block-schema";
import { findPublishedPage } from "#app/features/pages/published-page.server";
import { shownWording } from "./form-wording";

/**
 * The consent and privacy words a form block on a live page shows, for the
 * form's route to store with a sending: looked up from the published page
 * by the path and block id the form sent, so a visitor can only ever be
 * recorded as agreeing to words the site showed. Null when that page or
 * block is not live (a page left open while staff removed the block, say):
 * the caller then uses the standard words. A block reworded between the
 * visitor opening the page and sending it records the live words.
 */
export async function publishedFormWording(
  database: Database,
  where: { page: string; block: string },
  form: FormKind,
): Promise<{ consent: string; privacy: string } | null> {
  if (!where.page.startsWith("/") || where.page.length > 2000 || where.block === "" || where.block.length > 64) return null;
  const record = await findPublishedPage(database, where.page);
  const block = record?.published?.blocks.find((b) => b.id === where.block);
  if (!block || block.hidden || block.type !== "form" || block.form !== form) return null;
  return { consent: shownWording(form, "consent", block.consent), privacy: shownWording(form, "privacy", block.privacy) };
}
