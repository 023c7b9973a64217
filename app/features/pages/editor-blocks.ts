/**
 * The Pages tab's Blocks and Search & sharing sub-tabs on the server: the
 * whole block list and the page's search fields travel as two JSON fields
 * beside the Content tab's, are laid over the draft, and what the schema
 * refuses is sent back keyed by block and field, for the block editor to show
 * beside the field.
 */
import type { DraftBlock } from "#app/features/blocks/admin/block-list";
import type { PageDocument, PageSeo } from "./page-document";

function readJson(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The posted block list and search fields, when the form carried them (the schema checks their contents on save). */
export function postedDocumentParts(raw: Record<string, string>): { blocks?: DraftBlock[]; seo?: PageSeo } {
  const blocks = readJson(raw.blocks);
  const seo = readJson(raw.seo);
  return {
    ...(Array.isArray(blocks) && blocks.every((b) => b && typeof b === "object" && !Array.isArray(b)) ? { blocks: blocks as DraftBlock[] } : {}),
    ...(seo && typeof seo === "object" && !Array.isArray(seo) ? { seo: seo as PageSeo } : {}),
  };
}

/** The draft with the posted blocks and search fields in place of its own (the Content tab's fields go over them next). */
export function withPostedParts(doc: PageDocument, parts: ReturnType<typeof postedDocumentParts>): PageDocument {
  return { ...doc, ...(parts.blocks ? { blocks: parts.blocks as unknown as PageDocument["blocks"] } : {}), ...(parts.seo ? { seo: parts.seo } : {}) };
}
