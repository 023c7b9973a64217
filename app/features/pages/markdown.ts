/**
 * The small Markdown dialect of page copy, read into blocks and inline runs
 * (site/markdown.tsx renders them): paragraphs, "## " and "### " headings,
 * "- " lists, **bold**, *italic* and [links](href). Kept free of React so the
 * server can turn copy into plain text (feeds, descriptions) without UI code.
 */

export type Block =
  | { type: "heading"; depth: 2 | 3; text: string }
  | { type: "list"; items: string[] }
  | { type: "paragraph"; text: string };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", text: paragraph.join(" ") });
    if (list) blocks.push({ type: "list", items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (line === "") {
      flush();
      continue;
    }
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: "heading", depth: heading[1].length as 2 | 3, text: heading[2] });
      continue;
    }
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (item) {
      if (paragraph.length) flush();
      list ??= [];
      list.push(item[1]);
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;

/**
 * The address to link to, or null when it is not safe. Control characters
 * and spaces are removed first, as browsers ignore them inside a scheme
 * ("java\tscript:" is still javascript:).
 */
export function safeHref(href: string): { href: string; external: boolean } | null {
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (compact === "") return null;
  if (SAFE_SCHEME.test(compact)) return { href: href.trim(), external: true };
  // A relative address has no scheme: nothing like "name:" before the first / ? or #.
  if (/^[^/?#]*:/.test(compact)) return null;
  if (compact.startsWith("//")) return null;
  return { href: href.trim(), external: false };
}

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong" | "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

// Link addresses may hold one level of balanced brackets, e.g. "alert(1)", so
// that a hostile address is matched whole and then refused, not half-linked.
const INLINE = /\*\*(.+?)\*\*|\*(?!\s)(.+?)\*|\[([^\]]+)\]\(((?:[^()\n ]|\([^()\n ]*\))*)\)/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push({ type: "text", text: rest });
      break;
    }
    if (match.index > 0) out.push({ type: "text", text: rest.slice(0, match.index) });
    if (match[1] !== undefined) out.push({ type: "strong", children: parseInline(match[1]) });
    else if (match[2] !== undefined) out.push({ type: "em", children: parseInline(match[2]) });
    else out.push({ type: "link", href: match[4], children: parseInline(match[3]) });
    rest = rest.slice(match.index + match[0].length);
  }
  return out;
}

/** The copy as plain text (for descriptions and previews): Markdown marks removed. */
export function markdownToText(source: string): string {
  const flatten = (nodes: Inline[]): string =>
    nodes.map((n) => (n.type === "text" ? n.text : flatten(n.children))).join("");
  return parseBlocks(source)
    .map((b) => (b.type === "list" ? b.items.map((t) => flatten(parseInline(t))).join("; ") : flatten(parseInline(b.text))))
    .join(" ");
}
