/**
 * Trims a stylesheet to what one page can use.
 *
 * A public page carries its stylesheet inline (inline-css.server.ts), and
 * the browser parses all of it on every view: the vocabulary of every
 * public page, most of which a given page never uses. Given the class names
 * a page (and the scripts it runs) can put on an element, a rule whose
 * selector needs a class the page never has cannot match and is dropped;
 * then custom properties nobody reads, `@property` registrations of them and
 * keyframes no animation names go too.
 *
 * It only ever removes what provably cannot apply, so when in doubt it
 * keeps: a class inside `:not()` or an attribute selector is not needed,
 * and `:is()`/`:where()`/`:has()` need only one of their alternatives.
 * The input is our own built CSS (Tailwind's minified output); anything it
 * does not understand (an unknown at-rule, nested rules) is kept as it is.
 */

export type CssNode =
  | { kind: "rule"; selectors: string[]; body: string }
  | { kind: "group"; head: string; children: CssNode[] }
  | { kind: "opaque"; head: string; body: string }
  | { kind: "statement"; text: string };

/** At-rules whose block holds rules (and is pruned inside); every other block is kept whole or dropped whole. */
const GROUPING = new Set(["media", "supports", "layer", "container", "scope", "starting-style", "document"]);

/** Index just past a quoted string starting at `i` (the quote). */
function skipString(css: string, i: number): number {
  const quote = css[i];
  let j = i + 1;
  while (j < css.length && css[j] !== quote) j += css[j] === "\\" ? 2 : 1;
  return j + 1;
}

/** Index of the first of `stops` at the top level (outside strings, comments, brackets) from `i`, or the end. */
function scanTo(css: string, i: number, stops: string): number {
  let depth = 0;
  while (i < css.length) {
    const c = css[i]!;
    if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? css.length : end + 2;
    } else if (c === "\\") i += 2;
    else {
      if (depth === 0 && stops.includes(c)) return i;
      if (c === "(" || c === "[") depth++;
      else if ((c === ")" || c === "]") && depth > 0) depth--;
      i++;
    }
  }
  return i;
}

/** Index of the `}` closing the block whose `{` is at `open`. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < css.length) {
    const c = css[i]!;
    if (c === '"' || c === "'") {
      i = skipString(css, i);
      continue;
    }
    if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? css.length : end + 2;
      continue;
    }
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
    i++;
  }
  return css.length;
}

/** Splits at top-level commas (not inside brackets or strings). */
export function splitTopLevel(text: string, separator = ","): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = scanTo(text, 0, separator); i < text.length; i = scanTo(text, start, separator)) {
    parts.push(text.slice(start, i));
    start = i + 1;
  }
  parts.push(text.slice(start));
  return parts;
}

export function parseCss(css: string, from = 0, to = css.length): CssNode[] {
  const nodes: CssNode[] = [];
  let i = from;
  while (i < to) {
    while (i < to && /\s/.test(css[i]!)) i++;
    if (i >= to) break;
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? to : end + 2;
      continue;
    }
    const stop = Math.min(scanTo(css, i, "{;}"), to);
    const head = css.slice(i, stop).trim();
    if (stop >= to || css[stop] !== "{") {
      // A statement (`@layer a, b;`, `@import`) or a stray token: kept as written.
      if (head) nodes.push({ kind: "statement", text: `${head};` });
      i = stop + 1;
      continue;
    }
    const close = closingBrace(css, stop);
    if (head.startsWith("@")) {
      const name = /^@([\w-]+)/.exec(head)?.[1]?.toLowerCase() ?? "";
      nodes.push(GROUPING.has(name) ? { kind: "group", head, children: parseCss(css, stop + 1, close) } : { kind: "opaque", head, body: css.slice(stop + 1, close) });
    } else {
      const body = css.slice(stop + 1, close);
      // Nested rules inside a style rule: not produced by our build; kept whole rather than half-understood.
      if (body.includes("{")) nodes.push({ kind: "opaque", head, body });
      else nodes.push({ kind: "rule", selectors: splitTopLevel(head).map((s) => s.trim()), body });
    }
    i = close + 1;
  }
  return nodes;
}

/** A CSS identifier's value with its escapes undone (`hover\:bg-x` is the class `hover:bg-x`). */
function unescapeIdent(raw: string): string {
  return raw.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

const IDENT = /^-?(?:[_a-zA-Z\u0080-\uFFFF]|\\[0-9a-fA-F]{1,6}\s?|\\[\s\S])(?:[\w\u0080-\uFFFF-]|\\[0-9a-fA-F]{1,6}\s?|\\[\s\S])*/;

/** Whether a single selector can match on a page whose elements only ever carry classes in `has`. */
export function selectorCanMatch(selector: string, has: ReadonlySet<string>): boolean {
  let i = 0;
  while (i < selector.length) {
    const c = selector[i]!;
    if (c === "\\") {
      i += 2;
    } else if (c === '"' || c === "'") {
      i = skipString(selector, i);
    } else if (c === "[") {
      // Attribute selectors say nothing about the class list we can rely on.
      i = scanTo(selector, i + 1, "]") + 1;
    } else if (c === ".") {
      const ident = IDENT.exec(selector.slice(i + 1))?.[0];
      if (!ident) {
        i++;
        continue;
      }
      if (!has.has(unescapeIdent(ident))) return false;
      i += 1 + ident.length;
    } else if (c === ":") {
      const match = /^::?([\w-]+)\(/.exec(selector.slice(i));
      if (!match) {
        i++;
        continue;
      }
      const open = i + match[0].length - 1;
      const close = scanTo(selector, open + 1, ")");
      const name = match[1]!.toLowerCase();
      if (name === "is" || name === "where" || name === "has" || name === "matches" || name === "-webkit-any") {
        const alternatives = splitTopLevel(selector.slice(open + 1, close));
        if (!alternatives.some((alternative) => selectorCanMatch(alternative, has))) return false;
      }
      // :not(), :nth-child(… of …) and the like never make a class necessary.
      i = close + 1;
    } else {
      i++;
    }
  }
  return true;
}

function pruneRules(nodes: CssNode[], has: ReadonlySet<string>): CssNode[] {
  const kept: CssNode[] = [];
  for (const node of nodes) {
    if (node.kind === "rule") {
      const selectors = node.selectors.filter((selector) => selectorCanMatch(selector, has));
      if (selectors.length) kept.push({ ...node, selectors });
    } else if (node.kind === "group") {
      const children = pruneRules(node.children, has);
      // `@layer x{}` emptied can go: a layer with no rules orders nothing.
      if (children.length) kept.push({ ...node, children });
    } else {
      kept.push(node);
    }
  }
  return kept;
}

/** The declarations of a rule body, split at top-level semicolons. */
function declarations(body: string): string[] {
  return splitTopLevel(body, ";").filter((d) => d.trim());
}

const CUSTOM_PROPERTY_DECLARATION = /^\s*(--[\w-]+)\s*:/;

/** Every `--name` a text mentions other than where it is declared (`--name:` at the start of a declaration). */
function customPropertyReads(text: string, into: Set<string>): void {
  for (const match of text.matchAll(/--[\w-]+/g)) {
    const after = text.slice(match.index + match[0].length).match(/^\s*:/);
    const before = text.slice(Math.max(0, match.index - 1), match.index);
    const declared = after && (before === "" || before === "{" || before === ";" || /\s/.test(before));
    if (!declared) into.add(match[0]);
  }
}

function walk(nodes: CssNode[], visit: (node: CssNode) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.kind === "group") walk(node.children, visit);
  }
}

/** The custom properties read anywhere in the kept CSS or in `extraReads` (the page's own inline styles and scripts). */
function readProperties(nodes: CssNode[], declaredKept: (name: string) => boolean, extraReads: Iterable<string>): Set<string> {
  const reads = new Set<string>(extraReads);
  walk(nodes, (node) => {
    if (node.kind === "rule") {
      for (const declaration of declarations(node.body)) {
        const name = CUSTOM_PROPERTY_DECLARATION.exec(declaration)?.[1];
        // A custom property's value only counts as read if that property itself is kept.
        if (name && !declaredKept(name)) continue;
        customPropertyReads(declaration.slice(name ? declaration.indexOf(":") + 1 : 0), reads);
      }
    } else if (node.kind === "opaque" && !/^@property\b/i.test(node.head)) {
      customPropertyReads(`${node.head}{${node.body}}`, reads);
    } else if (node.kind === "group") {
      customPropertyReads(node.head, reads);
    }
  });
  return reads;
}

function pruneProperties(nodes: CssNode[], reads: ReadonlySet<string>, animations: ReadonlySet<string>): CssNode[] {
  const kept: CssNode[] = [];
  for (const node of nodes) {
    if (node.kind === "rule") {
      const body = declarations(node.body)
        .filter((declaration) => {
          const name = CUSTOM_PROPERTY_DECLARATION.exec(declaration)?.[1];
          return !name || reads.has(name);
        })
        .join(";");
      if (body.trim()) kept.push({ ...node, body });
    } else if (node.kind === "group") {
      const children = pruneProperties(node.children, reads, animations);
      if (children.length) kept.push({ ...node, children });
    } else if (node.kind === "opaque") {
      const property = /^@property\s+(--[\w-]+)/i.exec(node.head)?.[1];
      const keyframes = /^@(?:-webkit-)?keyframes\s+([\w-]+)/i.exec(node.head)?.[1];
      if (property && !reads.has(property)) continue;
      if (keyframes && !animations.has(keyframes)) continue;
      kept.push(node);
    } else {
      kept.push(node);
    }
  }
  return kept;
}

/** Names that animation declarations of the kept rules could refer to. */
function animationNames(nodes: CssNode[]): Set<string> {
  const names = new Set<string>();
  walk(nodes, (node) => {
    if (node.kind !== "rule") return;
    for (const declaration of declarations(node.body)) {
      // A custom property's value may be an animation used through var(): its words count too.
      if (/^\s*(?:animation(?:-name)?|--[\w-]+)\s*:/i.test(declaration)) {
        for (const word of declaration.slice(declaration.indexOf(":") + 1).matchAll(/[A-Za-z_][\w-]*/g)) names.add(word[0]);
      }
    }
  });
  return names;
}

export function serializeCss(nodes: CssNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "rule") out += `${node.selectors.join(",")}{${node.body}}`;
    else if (node.kind === "group") out += `${node.head}{${serializeCss(node.children)}}`;
    else if (node.kind === "opaque") out += `${node.head}{${node.body}}`;
    else out += node.text;
  }
  return out;
}

export interface PageUse {
  /** Every class name an element of the page can carry, now or once its scripts run. */
  classes: ReadonlySet<string>;
  /** Custom properties the page reads or sets outside the stylesheet (inline styles, scripts). */
  customProperties?: Iterable<string>;
}

/** The stylesheet with what the page cannot use taken out; `nodes` come from parseCss and are not changed. */
export function pruneCss(nodes: CssNode[], use: PageUse): string {
  const rules = pruneRules(nodes, use.classes);
  // A custom property is read if a kept declaration reads it; dropping one can free others, so settle first.
  let keptNames: Set<string> | null = null;
  let reads = new Set<string>();
  for (let round = 0; round < 10; round++) {
    const current: Set<string> | null = keptNames;
    reads = readProperties(rules, (name) => current === null || current.has(name), use.customProperties ?? []);
    if (current && reads.size === current.size) break;
    keptNames = reads;
  }
  return serializeCss(pruneProperties(rules, reads, animationNames(rules)));
}
