import type { ReactNode } from "react";
import { NAVIGATION } from "#app/content/navigation";
import type { NavItem } from "#app/content/types";

export type ButtonVariant = "primary" | "secondary" | "outline";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground hover:bg-primary/90",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/90",
  outline: "border-2 border-primary bg-background text-foreground hover:bg-muted",
};

export const buttonClass = (variant: ButtonVariant = "primary", extra = "") =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2 text-base font-semibold no-underline ${VARIANTS[variant]} ${extra}`;

/** Labels that say nothing out of context (WCAG 2.4.4; Lighthouse's "Links do not have descriptive text"). */
const VAGUE_LABELS = new Set(["learn more", "read more", "find out more", "see more", "more", "more info", "more information", "click here", "here"]);

const menuNames = new Map<string, string>();
const collect = (items: readonly NavItem[]) =>
  items.forEach((item) => {
    menuNames.set(item.href, item.name);
    if (item.subItems) collect(item.subItems);
  });
collect(NAVIGATION);

/**
 * What a vague label such as "Learn More" leads to, for screen readers and
 * search engines: the menu's name for the page ("The Difference We Make").
 * None for a descriptive label, or for a page the menu does not name.
 */
export function linkDestinationHint(label: ReactNode, href: string): string | undefined {
  if (typeof label !== "string" || !VAGUE_LABELS.has(label.trim().toLowerCase())) return undefined;
  return menuNames.get(href.split(/[?#]/)[0]!);
}

/**
 * A link that looks like a button: a plain link (public pages are not
 * hydrated, decision 010); links to other sites carry rel="noopener noreferrer".
 * A vague label keeps its visible words and gets "about" and the destination's
 * name after them, visually hidden (as InfoCardGrid does with its cards'
 * titles): "Learn More about The Difference We Make" makes sense on its own.
 */
export function ButtonLink({
  href,
  children,
  variant = "primary",
  className = "",
}: {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  className?: string;
}) {
  const cls = buttonClass(variant, className);
  const hint = linkDestinationHint(children, href);
  const content = hint ? (
    <>
      {children}
      <span className="sr-only"> about {hint}</span>
    </>
  ) : (
    children
  );
  if (/^(https?:|mailto:|tel:)/i.test(href)) {
    return (
      <a href={href} className={cls} rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  return (
    <a href={href} className={cls}>
      {content}
    </a>
  );
}
