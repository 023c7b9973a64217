import type { PageDocument } from "./page-document";

/**
 * How a content page is drawn: by the plain content layout (its hero and
 * main text, as before pages were blocks) or block by block. Shared by the
 * public route and the editor's preview, so the preview draws a page the
 * way visitors will see it.
 */

/** Whether the page shows any block besides its first hero and first text, which the plain content layout draws. */
export function hasOwnBlocks(doc: PageDocument): boolean {
  const shown = doc.blocks.filter((b) => !b.hidden);
  const hero = shown.find((b) => b.type === "hero");
  const text = shown.find((b) => b.type === "text");
  return shown.some((b) => b !== hero && b !== text);
}

/** The page's video gallery, which the plain layout shows from its assignment, as a block at the end when it has none. */
export function withPageVideos(doc: PageDocument, assignment: string | null): PageDocument {
  if (!assignment || doc.blocks.some((b) => b.type === "videos")) return doc;
  return { ...doc, blocks: [...doc.blocks, { id: "page-videos", type: "videos", hidden: false, title: "", assignment, display: "gallery" }] };
}
