/**
 * What the editor hands over, made into what the site stores. Tiptap's JSON
 * is close to `richTextSchema` but not the same: its link mark carries
 * target, rel and class, an ordered list carries a `type`, a paragraph may
 * hold an empty text run, and a paste or a future extension could bring a
 * node the site does not show. One function reduces all of that, so the
 * hidden field only ever posts a document the server accepts. Free of the
 * editor's code, so it is tested (and usable) without a browser.
 */
import { safeHref } from "#app/features/pages/markdown";
import {
  RICH_TEXT_MAX_LIST_DEPTH,
  type RichInline,
  type RichList,
  type RichListItem,
  type RichMark,
  type RichNode,
  type RichParagraph,
  type RichTextDoc,
} from "#app/features/blocks/rich-text";

/** The longest text run the schema takes; a longer one (a huge paste) is split, not refused. */
const MAX_TEXT_RUN = 20_000;

type Loose = { type?: unknown; attrs?: unknown; content?: unknown; marks?: unknown; text?: unknown };

const asNodes = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter((n): n is Loose => typeof n === "object" && n !== null) : []);
const attr = (node: Loose, key: string): unknown => (typeof node.attrs === "object" && node.attrs !== null ? (node.attrs as Record<string, unknown>)[key] : undefined);

function storedMarks(value: unknown): RichMark[] {
  const marks: RichMark[] = [];
  for (const mark of asNodes(value)) {
    if (marks.some((m) => m.type === mark.type)) continue;
    if (mark.type === "bold" || mark.type === "italic") marks.push({ type: mark.type });
    else if (mark.type === "link") {
      const href = attr(mark, "href");
      if (typeof href === "string" && href.trim() !== "") marks.push({ type: "link", attrs: { href: href.trim().slice(0, 2000) } });
    }
  }
  // A fixed order (link outermost when written as Markdown last) keeps equal formatting equal.
  const order = { bold: 0, italic: 1, link: 2 } as const;
  return marks.sort((a, b) => order[a.type] - order[b.type]);
}

function sameMarks(a: RichMark[] = [], b: RichMark[] = []): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function storedInline(value: unknown): RichInline[] {
  const out: RichInline[] = [];
  for (const node of asNodes(value)) {
    if (node.type === "hardBreak") {
      out.push({ type: "hardBreak" });
      continue;
    }
    // Anything inline but text (an image, a mention) has no place in the site's text.
    if (node.type !== "text" || typeof node.text !== "string" || node.text === "") continue;
    const marks = storedMarks(node.marks);
    const last = out.at(-1);
    if (last?.type === "text" && sameMarks(last.marks, marks.length ? marks : undefined)) last.text += node.text;
    else out.push({ type: "text", text: node.text, ...(marks.length ? { marks } : {}) });
  }
  return out.flatMap((node) => {
    if (node.type !== "text" || node.text.length <= MAX_TEXT_RUN) return [node];
    const pieces: RichInline[] = [];
    for (let i = 0; i < node.text.length; i += MAX_TEXT_RUN) pieces.push({ ...node, text: node.text.slice(i, i + MAX_TEXT_RUN) });
    return pieces;
  });
}

const paragraph = (content: RichInline[]): RichParagraph => (content.length ? { type: "paragraph", content } : { type: "paragraph" });

/** A heading level the site uses: the page's own title is the only level 1, and 5 and 6 read as 4. */
function headingLevel(value: unknown): 2 | 3 | 4 {
  const level = typeof value === "number" ? Math.round(value) : 2;
  return level <= 2 ? 2 : level >= 4 ? 4 : 3;
}

/** Every textblock inside a node the site does not have (a quote, a table cell), as paragraphs, so no words are lost. */
function flattenToParagraphs(node: Loose): RichParagraph[] {
  if (node.type === "text" || node.type === "hardBreak") return [paragraph(storedInline([node]))];
  const children = asNodes(node.content);
  if (children.length && children.every((c) => c.type === "text" || c.type === "hardBreak")) return [paragraph(storedInline(children))];
  return children.flatMap(flattenToParagraphs);
}

function storedList(node: Loose, depth: number): RichList | null {
  const items: RichListItem[] = [];
  for (const item of asNodes(node.content)) {
    if (item.type !== "listItem") continue;
    const content: (RichParagraph | RichList)[] = [];
    for (const child of asNodes(item.content)) {
      if ((child.type === "bulletList" || child.type === "orderedList") && depth < RICH_TEXT_MAX_LIST_DEPTH) {
        const nested = storedList(child, depth + 1);
        if (nested) content.push(nested);
      } else if (child.type === "paragraph" || child.type === "heading") content.push(paragraph(storedInline(child.content)));
      else content.push(...flattenToParagraphs(child));
    }
    items.push({ type: "listItem", content: content.length ? content : [paragraph([])] });
  }
  if (!items.length) return null;
  if (node.type === "orderedList") {
    const start = attr(node, "start");
    const keep = typeof start === "number" && Number.isInteger(start) && start !== 1 && start >= 0 && start <= 100_000;
    return keep ? { type: "orderedList", attrs: { start }, content: items } : { type: "orderedList", content: items };
  }
  return { type: "bulletList", content: items };
}

function storedBlock(node: Loose): RichNode[] {
  switch (node.type) {
    case "paragraph":
      return [paragraph(storedInline(node.content))];
    case "heading": {
      const content = storedInline(node.content);
      return [content.length ? { type: "heading", attrs: { level: headingLevel(attr(node, "level")) }, content } : { type: "heading", attrs: { level: headingLevel(attr(node, "level")) } }];
    }
    case "bulletList":
    case "orderedList": {
      const list = storedList(node, 1);
      return list ? [list] : [];
    }
    case "horizontalRule":
    case "image":
      return [];
    default:
      return flattenToParagraphs(node);
  }
}

const isEmptyParagraph = (node: RichNode) => node.type === "paragraph" && !node.content?.length;

/**
 * The editor's JSON (`editor.getJSON()`, or anything shaped like it) as a
 * document `richTextSchema` accepts: only its nodes and marks, no empty
 * text, no extra attributes, no blank paragraphs at either end.
 */
export function toStoredRichText(json: unknown): RichTextDoc {
  const root = typeof json === "object" && json !== null ? (json as Loose) : {};
  const content = asNodes(root.content).flatMap(storedBlock);
  while (content.length && isEmptyParagraph(content[0]!)) content.shift();
  while (content.length && isEmptyParagraph(content.at(-1)!)) content.pop();
  return { type: "doc", content };
}

/** What the link picker says about an address staff typed: the address to store, or why it cannot be a link. */
export function checkLinkAddress(input: string): { href: string } | { error: string } {
  const typed = input.trim();
  if (typed === "") return { error: "Enter the address to link to." };
  let href = typed;
  // People type addresses the way they read them; "www.example.org" and an e-mail address both mean one thing.
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(typed)) href = `mailto:${typed}`;
  else if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(typed)) href = `https://${typed}`;
  if (/\s/.test(href)) return { error: "An address cannot contain spaces." };
  const safe = safeHref(href);
  if (!safe || !safe.external) {
    return { error: "Use an address starting with https://, mailto: or tel:. To link to this site, choose \"A page on this site\"." };
  }
  if (/^https?:/i.test(href) && !/^https?:\/\/[^/?#]+\.[^/?#]+/i.test(href)) return { error: "That web address is not complete: it needs a name such as example.org." };
  if (/^(mailto|tel):$/i.test(href)) return { error: "Add the e-mail address or phone number after the colon." };
  return { href };
}
