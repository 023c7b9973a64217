/**
 * What one version of a page holds — its title, its search and sharing
 * fields and its ordered blocks — as stored in a page record's published
 * version, its draft and each revision. The page's place in the site (path,
 * parent, menu) belongs to the record, not to a version.
 */
import { z } from "zod";
import { MAX_BLOCKS, blockSchema, imageRefSchema } from "#app/features/blocks/block-schema";

export const seoSchema = z.object({
  /** The document title; empty means the page title. */
  title: z.string().trim().max(120, { error: "Search title must be at most 120 characters" }).default(""),
  /** The meta description; empty means one taken from the page's hero or text. */
  description: z.string().trim().max(300, { error: "Description must be at most 300 characters" }).default(""),
  /** The picture link previews show; null means the hero's picture, else the site's. */
  image: imageRefSchema.nullable().default(null),
  /** Asks search engines not to list the page (noindex) and leaves it out of the sitemap. */
  noindex: z.boolean().default(false),
});
export type PageSeo = z.output<typeof seoSchema>;

export const pageDocumentSchema = z
  .object({
    title: z.string().trim().min(1, { error: "Page title is required" }).max(120, { error: "Page title must be at most 120 characters" }),
    seo: seoSchema.default({ title: "", description: "", image: null, noindex: false }),
    blocks: z.array(blockSchema).max(MAX_BLOCKS, { error: `A page holds at most ${MAX_BLOCKS} blocks` }),
  })
  .refine((doc) => new Set(doc.blocks.map((b) => b.id)).size === doc.blocks.length, {
    error: "Two blocks share an id: reload the editor and try again",
  });

export type PageDocument = z.output<typeof pageDocumentSchema>;
