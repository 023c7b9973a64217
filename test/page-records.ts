import { getPageById } from "#app/content/pages";
import type { Layout, PageImage } from "#app/content/types";
import { markdownToRichText } from "#app/features/blocks/rich-text";
import type { Database } from "#app/platform/db/db.server";
import type { Actor } from "#app/features/audit/actor";
import { applyEditorSubmission } from "#app/features/pages/editor-document";
import { editedDocument, getPageRecord, publishPage, saveDraft } from "#app/features/pages/page-records.server";
import { resolvedContent } from "#app/features/pages/published-page.server";

/** Fields of the Pages tab, as a test sets them; unset ones keep what the page has. */
export interface PageFields {
  heroTitle?: string;
  heroSubtitle?: string;
  mainTitle?: string;
  /** Markdown, as the Main Content box takes it. */
  content?: string;
  layout?: Layout;
  images?: PageImage[];
}

/**
 * Saves these fields as a built-in page's draft, as the Pages tab does, and
 * publishes it unless `publish` is false; throws if either is refused.
 */
export async function setPageFields(database: Database, pageId: string, fields: PageFields, actor: Actor, { publish = true } = {}): Promise<void> {
  const record = await getPageRecord(database, pageId);
  const doc = record && editedDocument(record);
  if (!record || !doc) throw new Error(`no page record ${pageId}`);
  const page = getPageById(pageId);
  const current = doc.blocks.find((b) => b.type === "text");
  const hero = doc.blocks.find((b) => b.type === "hero");
  const next = applyEditorSubmission(
    doc,
    {
      heroTitle: fields.heroTitle ?? (hero?.type === "hero" ? hero.title : ""),
      heroSubtitle: fields.heroSubtitle ?? (hero?.type === "hero" ? hero.subtitle : ""),
      mainTitle: fields.mainTitle ?? (current?.type === "text" ? current.title : ""),
      body: fields.content !== undefined ? markdownToRichText(fields.content) : current?.type === "text" ? current.body : markdownToRichText(""),
      layout: fields.layout,
      images: fields.images,
    },
    page,
  );
  const saved = await saveDraft(database, pageId, next, record.version, actor);
  if (!saved.ok) throw new Error(`draft of ${pageId} refused: ${JSON.stringify(saved)}`);
  if (!publish) return;
  const published = await publishPage(database, pageId, actor);
  if (!published.ok) throw new Error(`publish of ${pageId} refused: ${JSON.stringify(published)}`);
}

/** A built-in page as visitors see it now (its published record), with resolved images and section images. */
export async function loadLivePage(database: Database, pageId: string) {
  const record = await getPageRecord(database, pageId);
  if (!record?.published) throw new Error(`${pageId} is not published`);
  return resolvedContent(database, pageId, record.published);
}
