import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderMarkdown, type MarkdownOptions } from "./markdown";
import { markdownToText, safeHref } from "#app/features/pages/markdown";

const html = (source: string, options?: MarkdownOptions) => renderToStaticMarkup(<>{renderMarkdown(source, options)}</>);

describe("renderMarkdown", () => {
  it("renders paragraphs separated by blank lines, joining wrapped lines", () => {
    expect(html("First line\nstill first.\n\nSecond.")).toBe("<p>First line still first.</p><p>Second.</p>");
  });

  it("renders ## and ### headings, shifted by the heading offset", () => {
    expect(html("## Title\n\n### Sub")).toBe("<h2>Title</h2><h3>Sub</h3>");
    expect(html("## Title\n\n### Sub", { headingOffset: 1 })).toBe("<h3>Title</h3><h4>Sub</h4>");
    expect(html("### Deep", { headingOffset: 5 })).toBe("<h6>Deep</h6>");
  });

  it("renders - lists, and a list straight after a paragraph line", () => {
    expect(html("- one\n- **two**")).toBe("<ul><li>one</li><li><strong>two</strong></li></ul>");
    expect(html("Intro:\n- a\n- b\nAfter")).toBe("<p>Intro:</p><ul><li>a</li><li>b</li></ul><p>After</p>");
  });

  it("renders bold, italic and nested emphasis inside links", () => {
    expect(html("a **b** *c* [**d**](/about)")).toBe('<p>a <strong>b</strong> <em>c</em> <a href="/about"><strong>d</strong></a></p>');
  });

  it("links http(s), mailto, tel and relative addresses; external ones get rel", () => {
    expect(html("[x](https://example.org/a)")).toBe('<p><a href="https://example.org/a" rel="noopener noreferrer">x</a></p>');
    expect(html("[x](mailto:info@example.org)")).toContain('href="mailto:info@example.org"');
    expect(html("[x](tel:+441234)")).toContain('href="tel:+441234"');
    expect(html("[x](#faq)")).toBe('<p><a href="#faq">x</a></p>');
    expect(html("[x](contact)")).toBe('<p><a href="contact">x</a></p>');
  });

  it("shows a <script> in the copy as text, never as an element", () => {
    const out = html('Hello <script>alert("x")</script> <img src=x onerror=alert(1)>');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;script&gt;");
  });

  it("renders javascript:, data: and protocol-relative links as plain text", () => {
    for (const href of ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "vbscript:x", "//evil.example/"]) {
      const out = html(`[click](${href})`);
      expect(out, href).toBe("<p>click</p>");
    }
  });

  it("passes safe links to a custom renderer", () => {
    const out = html("[a](/x) [b](https://y.example)", {
      renderLink: ({ href, external, children }) => (
        <a href={href} data-external={String(external)}>
          {children}
        </a>
      ),
    });
    expect(out).toBe('<p><a href="/x" data-external="false">a</a> <a href="https://y.example" data-external="true">b</a></p>');
  });
});

describe("safeHref", () => {
  it("accepts what is safe and rejects the rest", () => {
    expect(safeHref("/about")).toEqual({ href: "/about", external: false });
    expect(safeHref("https://x.example")).toEqual({ href: "https://x.example", external: true });
    expect(safeHref(" javascript:alert(1)")).toBeNull();
    expect(safeHref("")).toBeNull();
  });
});

describe("markdownToText", () => {
  it("strips the marks", () => {
    expect(markdownToText("## Hi\n\n**Bold** and [link](/a)\n\n- one\n- two")).toBe("Hi Bold and link one; two");
  });
});
