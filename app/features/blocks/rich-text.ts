/**
 * Rich text as the editor stores it: the JSON document of Tiptap (the
 * ProseMirror shape), limited to what the site's text needs — paragraphs,
 * headings (levels 2 to 4), bulleted and numbered lists, line breaks, bold,
 * italic and links. Anything else a browser or a paste could produce is
 * refused by the schema, so a stored document only ever holds these nodes.
 * Free of React and of the editor, so the server, the migration and the
 * plain-text helpers (descriptions, feeds) can all read it.
 */
import { z } from "zod";
import { parseBlocks, parseInline, safeHref, type Inline } from "#app/features/pages/markdown";

export type RichMark = { type: "bold" } | { type: "italic" } | { type: "link"; attrs: { href: string } };

export type RichInline = { type: "text"; text: string; marks?: RichMark[] } | { type: "hardBreak" };

export interface RichParagraph {
  type: "paragraph";
  content?: RichInline[];
}

export interface RichHeading {
  type: "heading";
  attrs: { level: 2 | 3 | 4 };
  content?: RichInline[];
}

export interface RichListItem {
  type: "listItem";
  content: (RichParagraph | RichList)[];
}

export type RichList = { type: "bulletList"; content: RichListItem[] } | { type: "orderedList"; attrs?: { start?: number }; content: RichListItem[] };

export type RichNode = RichParagraph | RichHeading | RichList;

export interface RichTextDoc {
  type: "doc";
  content: RichNode[];
}

/** The longest stored document, in characters of JSON: far beyond any page, short of abuse. */
export const RICH_TEXT_MAX_JSON = 200_000;
/** Lists nest at most this deep (a list in a list in a list). */
export const RICH_TEXT_MAX_LIST_DEPTH = 3;

const markSchema: z.ZodType<RichMark> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bold") }).strip(),
  z.object({ type: z.literal("italic") }).strip(),
  // The address is checked when shown, not here, so a doubtful link typed in
  // the editor is kept (and warned about) rather than silently dropped.
  z.object({ type: z.literal("link"), attrs: z.object({ href: z.string().max(2000) }).strip() }).strip(),
]);

const inlineSchema: z.ZodType<RichInline> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().min(1).max(20_000), marks: z.array(markSchema).max(3).optional() }).strip(),
  z.object({ type: z.literal("hardBreak") }).strip(),
]);

const paragraphSchema = z.object({ type: z.literal("paragraph"), content: z.array(inlineSchema).optional() }).strip();

function listSchema(depth: number): z.ZodType<RichList> {
  const itemContent: z.ZodType<RichParagraph | RichList> =
    depth < RICH_TEXT_MAX_LIST_DEPTH ? z.union([paragraphSchema, z.lazy(() => listSchema(depth + 1))]) : paragraphSchema;
  const item = z.object({ type: z.literal("listItem"), content: z.array(itemContent).min(1) }).strip();
  return z.discriminatedUnion("type", [
    z.object({ type: z.literal("bulletList"), content: z.array(item).min(1) }).strip(),
    z
      .object({
        type: z.literal("orderedList"),
        attrs: z.object({ start: z.number().int().min(0).max(100_000).optional() }).strip().optional(),
        content: z.array(item).min(1),
      })
      .strip(),
  ]) as z.ZodType<RichList>;
}

const nodeSchema: z.ZodType<RichNode> = z.union([
  paragraphSchema,
  z
    .object({
      type: z.literal("heading"),
      attrs: z.object({ level: z.union([z.literal(2), z.literal(3), z.literal(4)]) }).strip(),
      content: z.array(inlineSchema).optional(),
    })
    .strip(),
  listSchema(1),
]);

/** A stored rich-text document; too long a document is refused with words a person can act on. */
export const richTextSchema: z.ZodType<RichTextDoc> = z
  .object({ type: z.literal("doc"), content: z.array(nodeSchema) })
  .strip()
  .refine((doc) => JSON.stringify(doc).length <= RICH_TEXT_MAX_JSON, {
    message: "This text is too long to save: split it into several text blocks.",
  });

export const EMPTY_RICH_TEXT: RichTextDoc = { type: "doc", content: [] };

function inlineFromMarkdown(nodes: Inline[], marks: RichMark[] = []): RichInline[] {
  return nodes.flatMap((node): RichInline[] => {
    switch (node.type) {
      case "text":
        return node.text ? [{ type: "text", text: node.text, ...(marks.length ? { marks } : {}) }] : [];
      case "strong":
        return inlineFromMarkdown(node.children, [...marks, { type: "bold" }]);
      case "em":
        return inlineFromMarkdown(node.children, [...marks, { type: "italic" }]);
      case "link":
        return inlineFromMarkdown(node.children, [...marks, { type: "link", attrs: { href: node.href } }]);
    }
  });
}

/**
 * The site's old Markdown dialect (paragraphs, "## "/"### " headings, "- "
 * lists, **bold**, *italic*, [links](href)) as a rich-text document, so copy
 * written before the editor keeps its formatting.
 */
export function markdownToRichText(source: string): RichTextDoc {
  const content = parseBlocks(source).map((block): RichNode => {
    if (block.type === "heading") return { type: "heading", attrs: { level: block.depth }, content: inlineFromMarkdown(parseInline(block.text)) };
    if (block.type === "list") {
      return {
        type: "bulletList",
        content: block.items.map((item) => ({ type: "listItem", content: [{ type: "paragraph", content: inlineFromMarkdown(parseInline(item)) }] })),
      };
    }
    return { type: "paragraph", content: inlineFromMarkdown(parseInline(block.text)) };
  });
  return { type: "doc", content };
}

function inlineToMarkdown(nodes: readonly RichInline[] = []): string {
  return nodes
    .map((node) => {
      if (node.type === "hardBreak") return " ";
      let text = node.text;
      for (const mark of node.marks ?? []) {
        if (mark.type === "bold") text = `**${text}**`;
        else if (mark.type === "italic") text = `*${text}*`;
        else text = `[${text}](${mark.attrs.href})`;
      }
      return text;
    })
    .join("");
}

/** The document in the old Markdown dialect, for the plain-text field the Content tab still offers without JavaScript. */
export function richTextToMarkdown(doc: RichTextDoc): string {
  const listLines = (list: RichList, indent: string): string[] =>
    list.content.flatMap((item, i) =>
      item.content.flatMap((child, j) =>
        child.type === "paragraph"
          ? [`${indent}${j === 0 ? (list.type === "orderedList" ? `${(list.attrs?.start ?? 1) + i}.` : "-") : " "} ${inlineToMarkdown(child.content)}`]
          : listLines(child, `${indent}  `),
      ),
    );
  return doc.content
    .map((node) => {
      if (node.type === "heading") return `${"#".repeat(Math.min(3, node.attrs.level))} ${inlineToMarkdown(node.content)}`;
      if (node.type === "paragraph") return inlineToMarkdown(node.content);
      return listLines(node, "").join("\n");
    })
    .filter((text) => text.trim() !== "")
    .join("\n\n");
}

function inlineText(nodes: readonly RichInline[] = []): string {
  return nodes.map((n) => (n.type === "text" ? n.text : " ")).join("");
}

/** Every text run of the document, block by block: for plain-text descriptions, search and guardrails. */
export function richTextBlocksAsText(doc: RichTextDoc): string[] {
  const out: string[] = [];
  const walkList = (list: RichList) => {
    for (const item of list.content) {
      for (const child of item.content) {
        if (child.type === "paragraph") out.push(inlineText(child.content));
        else walkList(child);
      }
    }
  };
  for (const node of doc.content) {
    if (node.type === "bulletList" || node.type === "orderedList") walkList(node);
    else out.push(inlineText(node.content));
  }
  return out.filter((t) => t.trim() !== "");
}

/** The document as one line of plain text. */
export function richTextToPlain(doc: RichTextDoc): string {
  return richTextBlocksAsText(doc).join(" ");
}

/** Every link of the document with its visible text, in order, and whether the address is one the site will link. */
export function richTextLinks(doc: RichTextDoc): { text: string; href: string; safe: boolean }[] {
  const links: { text: string; href: string; safe: boolean }[] = [];
  const visitInline = (nodes: readonly RichInline[] = []) => {
    // Adjacent runs of one link (say, half of it bold) are one link to the reader.
    let current: { text: string; href: string; safe: boolean } | null = null;
    for (const node of nodes) {
      const link = node.type === "text" ? node.marks?.find((m) => m.type === "link") : undefined;
      if (node.type !== "text" || !link || link.type !== "link") {
        current = null;
        continue;
      }
      if (current && current.href === link.attrs.href) current.text += node.text;
      else {
        current = { text: node.text, href: link.attrs.href, safe: safeHref(link.attrs.href) !== null };
        links.push(current);
      }
    }
  };
  const walk = (nodes: readonly (RichNode | RichListItem)[]) => {
    for (const node of nodes) {
      if (node.type === "paragraph" || node.type === "heading") visitInline(node.content);
      else walk(node.content);
    }
  };
  walk(doc.content);
  return links;
}

/**
 * A rich-text form field as posted: the editor's JSON when JavaScript ran,
 * otherwise the plain text of the fallback box, read as the old Markdown
 * dialect. Returns the document, or the message to show beside the field.
 */
export function parseRichTextField(value: string): { doc: RichTextDoc } | { error: string } {
  const trimmed = value.trim();
  if (trimmed.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      return { error: "The formatted text could not be read: reload the page and try again." };
    }
    const parsed = richTextSchema.safeParse(json);
    return parsed.success ? { doc: parsed.data } : { error: parsed.error.issues[0]?.message ?? "The formatted text could not be read." };
  }
  const doc = markdownToRichText(trimmed);
  const checked = richTextSchema.safeParse(doc);
  return checked.success ? { doc: checked.data } : { error: checked.error.issues[0]?.message ?? "The text could not be read." };
}
