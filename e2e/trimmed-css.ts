import { parseCss, type CssNode } from "../app/platform/render/css-prune.server";

/**
 * Whether `inline` is `built` with things taken out and nothing added or
 * changed: every rule it keeps (under the same at-rules) is in the built
 * file with that selector, and holds only declarations the built rule has;
 * every other block (@property, @keyframes) is in the built file as written.
 * That a trimmed page still looks the same is shown by e2e/inline-css.spec.ts.
 */
export function trimmedFrom(inline: string, built: string): boolean {
  const known = new Map<string, Set<string>>();
  const blocks = new Set<string>();
  flatten(parseCss(built), "", (key, declarations) => {
    const set = known.get(key) ?? new Set<string>();
    for (const d of declarations) set.add(d);
    known.set(key, set);
  }, blocks);
  let ok = true;
  const inlineBlocks = new Set<string>();
  flatten(parseCss(inline), "", (key, declarations) => {
    const set = known.get(key);
    if (!set || declarations.some((d) => !set.has(d))) ok = false;
  }, inlineBlocks);
  for (const block of inlineBlocks) if (!blocks.has(block)) ok = false;
  return ok;
}

function flatten(nodes: CssNode[], context: string, rule: (key: string, declarations: string[]) => void, blocks: Set<string>): void {
  for (const node of nodes) {
    if (node.kind === "rule") {
      const declarations = node.body.split(";").map((d) => d.trim()).filter(Boolean);
      for (const selector of node.selectors) rule(`${context}|${selector}`, declarations);
    } else if (node.kind === "group") {
      flatten(node.children, `${context}|${node.head}`, rule, blocks);
    } else if (node.kind === "opaque") {
      blocks.add(`${context}|${node.head}{${node.body}}`);
    } else {
      blocks.add(`${context}|${node.text}`);
    }
  }
}
