/**
 * A refused page document's messages keyed the way the editor shows them:
 * block ones by their place inside the block list ("3.cards.1.title" for the
 * fourth block's second card's title), page-level ones by their own path
 * ("title", "seo.description"). The first message for a path wins, as one
 * message beside a field is what staff read.
 */
export function documentErrors(issues: readonly { path: string; message: string }[]): { blocks: Record<string, string>; page: Record<string, string> } {
  const blocks: Record<string, string> = {};
  const page: Record<string, string> = {};
  for (const { path, message } of issues) {
    if (path.startsWith("blocks.")) blocks[path.slice("blocks.".length)] ??= message;
    else page[path || "page"] ??= message;
  }
  return { blocks, page };
}
