import { Fragment, type ReactNode } from "react";
import { safeHref } from "#app/features/pages/markdown";
import type { MarkdownOptions } from "#app/features/pages/site/markdown";
import type { RichInline, RichList, RichNode, RichTextDoc } from "#app/features/blocks/rich-text";

/**
 * Rich text rendered on the server to React elements, never through raw
 * HTML: text is always escaped, and a link whose address is not http(s),
 * mailto, tel or a path on this site is shown as its plain text. The options
 * are the Markdown renderer's, so a page can swap one for the other.
 */
export type RichTextOptions = MarkdownOptions & {
  classNames?: MarkdownOptions["classNames"] & Partial<Record<"h4" | "ol", string>>;
};

const defaultLink: NonNullable<MarkdownOptions["renderLink"]> = ({ href, external, children }) => (
  <a href={href} rel={external ? "noopener noreferrer" : undefined}>
    {children}
  </a>
);

function renderInline(nodes: readonly RichInline[] = [], options: RichTextOptions): ReactNode[] {
  const renderLink = options.renderLink ?? defaultLink;
  return nodes.map((node, i) => {
    if (node.type === "hardBreak") return <br key={i} />;
    let out: ReactNode = node.text;
    let link: string | null = null;
    for (const mark of node.marks ?? []) {
      if (mark.type === "bold") out = <strong>{out}</strong>;
      else if (mark.type === "italic") out = <em>{out}</em>;
      else link = mark.attrs.href;
    }
    if (link !== null) {
      const safe = safeHref(link);
      if (safe) out = renderLink({ href: safe.href, external: safe.external, children: out });
    }
    return <Fragment key={i}>{out}</Fragment>;
  });
}

function renderList(list: RichList, options: RichTextOptions, key: number): ReactNode {
  const cls = options.classNames ?? {};
  const items = list.content.map((item, j) => (
    <li key={j} className={cls.li}>
      {item.content.map((child, k) =>
        child.type === "paragraph" ? (
          // A list item's paragraph is its text: no <p> inside, as the Markdown renderer wrote it.
          <Fragment key={k}>{renderInline(child.content, options)}</Fragment>
        ) : (
          renderList(child, options, k)
        ),
      )}
    </li>
  ));
  return list.type === "orderedList" ? (
    <ol key={key} className={cls.ol} start={list.attrs?.start && list.attrs.start !== 1 ? list.attrs.start : undefined}>
      {items}
    </ol>
  ) : (
    <ul key={key} className={cls.ul}>
      {items}
    </ul>
  );
}

function renderNode(node: RichNode, i: number, options: RichTextOptions): ReactNode {
  const cls = options.classNames ?? {};
  if (node.type === "heading") {
    const level = Math.min(6, node.attrs.level + (options.headingOffset ?? 0));
    const Tag = `h${level}` as "h2";
    const className = node.attrs.level === 2 ? cls.h2 : node.attrs.level === 3 ? cls.h3 : (cls.h4 ?? cls.h3);
    return (
      <Tag key={i} className={className}>
        {renderInline(node.content, options)}
      </Tag>
    );
  }
  if (node.type === "paragraph") {
    // An empty paragraph is the editor's blank line: the space between paragraphs already shows it.
    if (!node.content?.length) return null;
    return (
      <p key={i} className={cls.p}>
        {renderInline(node.content, options)}
      </p>
    );
  }
  return renderList(node, options, i);
}

export function renderRichText(doc: RichTextDoc, options: RichTextOptions = {}): ReactNode {
  return doc.content.map((node, i) => renderNode(node, i, options));
}

export function RichTextView({ doc, ...options }: RichTextOptions & { doc: RichTextDoc }) {
  return <>{renderRichText(doc, options)}</>;
}
