import type { z } from "zod";

/**
 * A refused page document's messages keyed the way the block editor shows
 * them: "3.cards.1.title" for the fourth block's second card's title, and
 * page-level ones ("title", "seo.description") by their own path. The first
 * message for a path wins, as one message beside a field is what staff read.
 */
export function documentErrors(error: z.ZodError): { blocks: Record<string, string>; page: Record<string, string> } {
  const blocks: Record<string, string> = {};
  const page: Record<string, string> = {};
  for (const issue of error.issues) {
    const [head, ...rest] = issue.path.map(String);
    if (head === "blocks" && rest.length > 0) {
      const key = rest.join(".");
      blocks[key] ??= issue.message;
    } else {
      const key = issue.path.map(String).join(".") || "page";
      page[key] ??= issue.message;
    }
  }
  return { blocks, page };
}
