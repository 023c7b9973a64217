// What counts as one "visible block" of a public page, and how the blocks of
// two renders of the same page are paired, for `npm run bench editable-share`.
//
// The rule (also in docs/editable-content.md), applied to a page rendered in
// Chromium at 1280 × 800, light theme, without JavaScript (the server's HTML
// as a visitor first sees it), with the header's drop-down lists shown as
// hovering shows them:
// - Only elements inside <header>, <main> or <footer> count; an element
//   belongs to the innermost of them that holds it (a <header> inside <main>
//   is main).
// - Elements that are not rendered are skipped: the `hidden` attribute,
//   display:none, visibility:hidden, opacity 0 (on it or an ancestor), a box
//   of 1 px or less or one wholly off the page to the left or top, anything
//   inside `.sr-only` (the skip link included), and text hidden from
//   assistive technology (aria-hidden="true") that a picture beside it
//   covers: the "Loading..." placeholder under every picture. Other
//   aria-hidden text is seen (the home page's counting figures) and counts.
//   Scripts, styles, templates and SVG drawings are never blocks.
// - A block is an element that is not an inline phrasing element (span,
//   strong, em, b, i, small, code, abbr, time, sup, sub, mark, u, s, br, wbr,
//   q, cite, data, bdi, bdo, kbd, var, dfn) and has text of its own: its
//   direct text plus the text of the inline elements inside it, not crossing
//   into a nested block. Links, buttons and labels are blocks of their own
//   even though HTML calls them inline. So a list item holding only a link is
//   one block (the link); a paragraph with a link in its middle is two.
// - An <img> with a non-empty alt is a block (its alt and src compared);
//   decorative pictures (alt="") and icons are not.
// - Form fields' own values, placeholders and <option>s are not blocks; their
//   labels are.

/** Runs in the page (passed to page.evaluate): every visible block, in document order. */
export function collectVisibleBlocks() {
  const INLINE = new Set(["SPAN", "STRONG", "EM", "B", "I", "SMALL", "CODE", "ABBR", "TIME", "SUP", "SUB", "MARK", "U", "S", "BR", "WBR", "Q", "CITE", "DATA", "BDI", "BDO", "KBD", "VAR", "DFN"]);
  const NEVER = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "svg", "SVG", "OPTION", "SELECT", "TEXTAREA", "INPUT", "IFRAME"]);
  const collapse = (text) => text.replace(/\s+/g, " ").trim();

  function regionOf(el) {
    const region = el.closest("main, header, footer");
    if (!region) return null;
    if (el.closest("main")) return "main";
    return region.tagName === "FOOTER" ? "footer" : "header";
  }

  function shown(el) {
    if (el.closest("[hidden], .sr-only") || underPicture(el)) return false;
    if (typeof el.checkVisibility === "function" && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    for (let node = el; node && node !== document.documentElement; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === "none" || style.visibility === "hidden" || Number(style.opacity) === 0) return false;
    }
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && box.right + window.scrollX > 0 && box.bottom + window.scrollY > 0;
  }

  /** True inside an aria-hidden box that a picture next to it fills: a placeholder shown until the picture arrives. */
  function underPicture(el) {
    const placeholder = el.closest('[aria-hidden="true"]');
    if (!placeholder?.parentElement) return false;
    const box = placeholder.getBoundingClientRect();
    return [...placeholder.parentElement.querySelectorAll("img")].some((img) => {
      const pic = img.getBoundingClientRect();
      return pic.left <= box.left + 1 && pic.top <= box.top + 1 && pic.right >= box.right - 1 && pic.bottom >= box.bottom - 1;
    });
  }

  /** The element's own words: direct text and visible inline children, not nested blocks. */
  function ownText(el) {
    let text = "";
    for (const child of el.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
      else if (child.nodeType === Node.ELEMENT_NODE && INLINE.has(child.tagName) && shown(child)) text += ` ${ownText(child)} `;
    }
    return collapse(text);
  }

  /** Where the block sits, by tag names only (no positions), so a block added earlier on the page does not rename every later one. */
  function shape(el, region) {
    const tags = [];
    for (let node = el; node && node.tagName !== region.toUpperCase(); node = node.parentElement) {
      tags.unshift(node.tagName.toLowerCase());
    }
    return `${region}>${tags.join(">")}`;
  }

  const blocks = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (NEVER.has(el.tagName) || el.closest("svg, script, style, template, noscript")) continue;
    const isBlockTag = !INLINE.has(el.tagName);
    if (!isBlockTag) continue;
    const region = regionOf(el);
    if (!region) continue;
    if (el.tagName === "IMG") {
      const alt = collapse(el.getAttribute("alt") ?? "");
      if (alt && shown(el)) blocks.push({ region, shape: shape(el, region), tag: "img", text: "", alt, src: el.getAttribute("src") ?? "" });
      continue;
    }
    const text = ownText(el);
    if (!text || !shown(el)) continue;
    blocks.push({ region, shape: shape(el, region), tag: el.tagName.toLowerCase(), text, alt: "", src: "" });
  }
  return blocks;
}

/** Opens the header's drop-down lists as hovering does, so their links count as seen. */
export const OPEN_MENUS_CSS = ".site-menu li > ul { visibility: visible !important; opacity: 1 !important; transition: none !important; }";

/**
 * Pairs the blocks of the seed render with those of the marked render: the
 * longest common run of block shapes (region, tag path, tag), so a block one
 * render has and the other lacks shifts nothing else. Returns, per seed
 * block, its partner in the marked render or null.
 */
export function pairBlocks(seed, marked) {
  const n = seed.length;
  const m = marked.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i][j] = seed[i].shape === marked[j].shape ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
  }
  const partners = new Array(n).fill(null);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (seed[i].shape === marked[j].shape) {
      partners[i] = marked[j];
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return partners;
}

/** Markers written into rich-text bodies start with this; every other marked field with MARK_FIELD. */
export const MARK_RICH = "ZR";
export const MARK_FIELD = "ZQ";

/**
 * Sorts each seed block by what the marked render showed in its place:
 * "code" (the same words, alt and picture), "editable" (changed), "rich" (changed, and
 * only rich-text markers appear in it: words of a rich-text body) or "gone" (no
 * partner: what staff set replaced it, e.g. a placeholder shown until a
 * setting is filled in; counted as editable).
 */
export function classifyBlocks(seed, marked) {
  const partners = pairBlocks(seed, marked);
  return seed.map((block, index) => {
    const partner = partners[index];
    if (!partner) return { ...block, kind: "gone", now: null };
    const same = partner.text === block.text && partner.alt === block.alt && partner.src === block.src;
    if (same) return { ...block, kind: "code", now: partner };
    const shown = `${partner.text} ${partner.alt}`;
    const rich = shown.includes(MARK_RICH) && !shown.includes(MARK_FIELD);
    return { ...block, kind: rich ? "rich" : "editable", now: partner };
  });
}
