import { Fragment, type ReactNode } from "react";
import { parseBlocks, parseInline, safeHref, type Inline } from "#app/features/pages/markdown";

/**
 * A deliberately small Markdown renderer for page copy, built-in and
 * staff-edited alike: paragraphs, "## " and "### " headings, "- " lists,
 * **bold**, *italic* and [links](href). It builds React elements, so text is
 * always escaped (a "<script>" in the copy is shown, never run), and a link
 * whose address is not http(s), mailto, tel or relative is shown as plain text.
 */

export interface MarkdownLinkProps {
  href: string;
  /** True for http(s), mailto and tel addresses; false for paths on this site. */
  external: boolean;
  children: ReactNode;
}

export interface MarkdownOptions {
  /**
   * Added to each heading's level so the copy fits the page outline: with 1,
   * "## " becomes <h3> under the page's own <h2>. Levels stop at 6.
   */
  headingOffset?: number;
  /** Renders a safe link, e.g. with the router's <Link> for internal paths. */
  renderLink?: (props: MarkdownLinkProps) => ReactNode;
  /** Class names for the generated elements. */
  classNames?: Partial<Record<"p" | "h2" | "h3" | "ul" | "li" | "a", string>>;
}

const defaultLink = ({ href, external, children }: MarkdownLinkProps) => (
  <a href={href} rel={external ? "noopener noreferrer" : undefined}>
    {children}
  </a>
);

function renderInline(nodes: Inline[], options: MarkdownOptions): ReactNode[] {
  const renderLink = options.renderLink ?? defaultLink;
  return nodes.map((node, i) => {
    switch (node.type) {
      case "text":
        return <Fragment key={i}>{node.text}</Fragment>;
      case "strong":
        return <strong key={i}>{renderInline(node.children, options)}</strong>;
      case "em":
        return <em key={i}>{renderInline(node.children, options)}</em>;
      case "link": {
        const children = renderInline(node.children, options);
        const safe = safeHref(node.href);
        if (!safe) return <Fragment key={i}>{children}</Fragment>;
        return <Fragment key={i}>{renderLink({ href: safe.href, external: safe.external, children })}</Fragment>;
      }
    }
  });
}

/** Renders Markdown source to React elements (see the module comment for what is supported). */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): ReactNode {
  const offset = options.headingOffset ?? 0;
  const cls = options.classNames ?? {};
  return parseBlocks(source).map((block, i) => {
    if (block.type === "heading") {
      const level = Math.min(6, block.depth + offset);
      const Tag = `h${level}` as "h2";
      return (
        <Tag key={i} className={block.depth === 2 ? cls.h2 : cls.h3}>
          {renderInline(parseInline(block.text), options)}
        </Tag>
      );
    }
    if (block.type === "list") {
      return (
        <ul key={i} className={cls.ul}>
          {block.items.map((item, j) => (
            <li key={j} className={cls.li}>
              {renderInline(parseInline(item), options)}
            </li>
          ))}
        </ul>
      );
    }
    return (
      <p key={i} className={cls.p}>
        {renderInline(parseInline(block.text), options)}
      </p>
    );
  });
}

export function Markdown({ source, ...options }: MarkdownOptions & { source: string }) {
  return <>{renderMarkdown(source, options)}</>;
}
