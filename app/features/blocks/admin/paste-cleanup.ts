/**
 * Clipboard HTML from Word and Google Docs, rewritten before the editor
 * reads it. The editor's schema already drops what it has no node for
 * (fonts, colours, spans, pictures); what it cannot do alone is recognise
 * Word's lists, which are paragraphs with a typed bullet and an `mso-list`
 * style rather than <ul>/<ol>, see past Google Docs' whole-document <b>
 * wrapper, keep a table's cells as separate paragraphs, or read a level 1,
 * 5 or 6 heading as one of the levels the site uses. Runs in the browser
 * (it needs DOMParser), on paste only.
 */

const DROPPED = "style, meta, link, script, title, xml, img, picture, svg, video, audio, iframe, object, embed, canvas, input, button, select, textarea";

function unwrap(element: Element) {
  element.replaceWith(...element.childNodes);
}

function rename(element: Element, tag: string): Element {
  const replacement = element.ownerDocument.createElement(tag);
  // The style is kept: Google Docs marks bold and italic there (font-weight:700, font-style:italic).
  const style = element.getAttribute("style");
  if (style) replacement.setAttribute("style", style);
  replacement.append(...element.childNodes);
  element.replaceWith(replacement);
  return replacement;
}

/** Word writes a list item's bullet or number as text between `<![if !supportLists]>` and `<![endif]>`, or in an `mso-list:Ignore` span. */
function takeWordMarker(paragraph: Element): string {
  let marker = "";
  const walker = paragraph.ownerDocument.createTreeWalker(paragraph, NodeFilter.SHOW_COMMENT);
  const starts: Comment[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (/if\s+!supportLists/i.test((node as Comment).data)) starts.push(node as Comment);
  for (const start of starts) {
    let next = start.nextSibling;
    while (next && !(next.nodeType === Node.COMMENT_NODE && /endif/i.test((next as Comment).data))) {
      const after = next.nextSibling;
      marker += next.textContent ?? "";
      next.remove();
      next = after;
    }
  }
  for (const span of paragraph.querySelectorAll("[style*='mso-list']")) {
    if (/mso-list:\s*ignore/i.test(span.getAttribute("style") ?? "")) {
      marker += span.textContent ?? "";
      span.remove();
    }
  }
  return marker.replace(/\u00a0/g, " ").trim();
}

function isWordListParagraph(node: Element | null): node is Element {
  if (!node || node.tagName !== "P") return false;
  return /MsoListParagraph/i.test(node.className) || /mso-list:\s*l\d+/i.test(node.getAttribute("style") ?? "");
}

/** Consecutive Word list paragraphs as real (nested) lists, ordered when Word numbered them. */
function rebuildWordLists(body: HTMLElement) {
  const doc = body.ownerDocument;
  for (const first of [...body.querySelectorAll("p")]) {
    if (!first.isConnected || !isWordListParagraph(first) || first.parentElement?.closest("ul, ol")) continue;
    // One list is the paragraphs in a row that Word gave the same list id ("mso-list:l0 …").
    const listId = (p: Element) => /mso-list:\s*(l\d+)/i.exec(p.getAttribute("style") ?? "")?.[1] ?? "";
    const run: Element[] = [];
    for (let node: Element | null = first; isWordListParagraph(node) && listId(node) === listId(first); node = node.nextElementSibling) run.push(node);
    const root = doc.createElement("div");
    // The open lists, outermost first; each holds its level and the item new children go into.
    const stack: { level: number; list: Element; item: Element | null }[] = [];
    for (const paragraph of run) {
      const level = Number(/level(\d+)/i.exec(paragraph.getAttribute("style") ?? "")?.[1] ?? 1);
      const ordered = /^(\d+|[a-z]|[ivxlc]+)[.)]$/i.test(takeWordMarker(paragraph));
      while (stack.length && stack.at(-1)!.level > level) stack.pop();
      if (!stack.length || stack.at(-1)!.level < level) {
        const list = doc.createElement(ordered ? "ol" : "ul");
        (stack.at(-1)?.item ?? root).append(list);
        stack.push({ level, list, item: null });
      }
      const top = stack.at(-1)!;
      const item = doc.createElement("li");
      const p = doc.createElement("p");
      p.append(...paragraph.childNodes);
      item.append(p);
      top.list.append(item);
      top.item = item;
    }
    first.before(...root.childNodes);
    for (const paragraph of run) paragraph.remove();
  }
}

/** Each table cell as paragraphs of its own, so a pasted table reads as text rather than one run-on line. */
function flattenTables(body: HTMLElement) {
  for (const cell of [...body.querySelectorAll("td, th, caption")]) {
    const hasBlocks = cell.querySelector("p, h1, h2, h3, h4, h5, h6, ul, ol, div");
    if (hasBlocks) unwrap(cell);
    else rename(cell, "p");
  }
  for (const part of [...body.querySelectorAll("table, thead, tbody, tfoot, tr, colgroup, col")]) unwrap(part);
}

export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const body = doc.body;
  for (const element of [...body.querySelectorAll(DROPPED)]) element.remove();
  // Google Docs wraps the whole clipboard in one <b style="font-weight:normal" id="docs-internal-guid-…">: not bold.
  for (const wrapper of [...body.querySelectorAll("b[id^='docs-internal-guid']")]) unwrap(wrapper);
  rebuildWordLists(body);
  flattenTables(body);
  for (const heading of [...body.querySelectorAll("h1")]) rename(heading, "h2");
  for (const heading of [...body.querySelectorAll("h5, h6")]) rename(heading, "h4");
  // Word's empty <o:p> markers and leftover conditional comments carry nothing.
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  for (const marker of [...body.getElementsByTagName("o:p")]) unwrap(marker);
  // Word's spacer paragraphs (a lone &nbsp;) and Google Docs' closing <br> are layout, not text.
  for (const p of [...body.querySelectorAll("p")]) if (!p.querySelector("br") && (p.textContent ?? "").replace(/[\s\u00a0]/g, "") === "") p.remove();
  for (const br of [...body.querySelectorAll(":scope > br")]) br.remove();
  return body.innerHTML;
}
