import { renderMarkdown } from "#app/features/pages/site/markdown";
import { parseBlocks, parseInline, safeHref } from "#app/features/pages/markdown";

/**
 * A newsletter as recipients see it. The same component renders the e-mail's
 * HTML part on the server (renderToStaticMarkup) and the live preview in the
 * Newsletter tab, so the preview cannot drift from what is sent. Styles are
 * inline attributes because many mail programs drop <style> blocks.
 */

export interface NewsletterEmailProps {
  subject: string;
  content: string;
  charityName: string;
  /** Absolute origin of the site, so links written as /donate work from a mailbox. */
  siteUrl: string;
  unsubscribeUrl: string;
  postalAddress?: string;
}

const styles = {
  body: { margin: 0, padding: "24px 12px", backgroundColor: "#f4f4f5", fontFamily: "Arial, Helvetica, sans-serif", color: "#18181b" },
  card: { maxWidth: 600, margin: "0 auto", backgroundColor: "#ffffff", borderRadius: 8, padding: "24px 28px", lineHeight: 1.6, fontSize: 16 },
  brand: { margin: "0 0 16px", fontSize: 14, fontWeight: 700, color: "#1d4ed8", textTransform: "uppercase" as const, letterSpacing: "0.05em" },
  title: { margin: "0 0 16px", fontSize: 24, lineHeight: 1.25 },
  footer: { maxWidth: 600, margin: "16px auto 0", fontSize: 13, color: "#52525b", lineHeight: 1.5, textAlign: "center" as const },
  link: { color: "#1d4ed8", textDecoration: "underline" },
};

export function absoluteHref(href: string, siteUrl: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) ? href : new URL(href, `${siteUrl}/`).toString();
}

export function NewsletterEmail({ subject, content, charityName, siteUrl, unsubscribeUrl, postalAddress }: NewsletterEmailProps) {
  return (
    <div style={styles.body}>
      <div style={styles.card}>
        <p style={styles.brand}>{charityName}</p>
        <h1 style={styles.title}>{subject}</h1>
        {renderMarkdown(content, {
          renderLink: ({ href, children }) => (
            <a href={absoluteHref(href, siteUrl)} style={styles.link}>
              {children}
            </a>
          ),
        })}
      </div>
      <div style={styles.footer}>
        <p style={{ margin: "0 0 8px" }}>
          You are receiving this because you subscribed to news from {charityName} on our website.
        </p>
        <p style={{ margin: "0 0 8px" }}>
          <a href={unsubscribeUrl} style={styles.link}>
            Unsubscribe
          </a>{" "}
          with one click, at any time.
        </p>
        {postalAddress ? <p style={{ margin: 0, whiteSpace: "pre-line" }}>{postalAddress}</p> : null}
      </div>
    </div>
  );
}

type Inline = ReturnType<typeof parseInline>[number];

function inlineText(nodes: Inline[], siteUrl: string): string {
  return nodes
    .map((node) => {
      if (node.type === "text") return node.text;
      const inner = inlineText(node.children, siteUrl);
      if (node.type !== "link") return inner;
      const safe = safeHref(node.href);
      if (!safe) return inner;
      const href = absoluteHref(safe.href, siteUrl).replace(/^mailto:/, "");
      return inner === href ? href : `${inner} (${href})`;
    })
    .join("");
}

/** The plain-text part: the same content with Markdown marks turned into readable text. */
export function newsletterText({ subject, content, charityName, siteUrl, unsubscribeUrl, postalAddress }: NewsletterEmailProps): string {
  const body = parseBlocks(content)
    .map((block) => {
      if (block.type === "list") return block.items.map((item) => `- ${inlineText(parseInline(item), siteUrl)}`).join("\n");
      const text = inlineText(parseInline(block.text), siteUrl);
      return block.type === "heading" ? `${text}\n${"-".repeat(Math.min(text.length, 60))}` : text;
    })
    .join("\n\n");
  return [
    charityName,
    "",
    subject,
    "=".repeat(Math.min(subject.length, 60)),
    "",
    body,
    "",
    "--",
    `You are receiving this because you subscribed to news from ${charityName} on our website.`,
    `Unsubscribe with one click, at any time: ${unsubscribeUrl}`,
    ...(postalAddress ? ["", postalAddress] : []),
    "",
  ].join("\n");
}
