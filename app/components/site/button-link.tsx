import type { ReactNode } from "react";

export type ButtonVariant = "primary" | "secondary" | "outline";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground hover:bg-primary/90",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/90",
  outline: "border-2 border-primary bg-background text-foreground hover:bg-muted",
};

export const buttonClass = (variant: ButtonVariant = "primary", extra = "") =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2 text-base font-semibold no-underline ${VARIANTS[variant]} ${extra}`;

/**
 * A link that looks like a button: a plain link (public pages are not
 * hydrated, decision 010); links to other sites carry rel="noopener noreferrer".
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
  if (/^(https?:|mailto:|tel:)/i.test(href)) {
    return (
      <a href={href} className={cls} rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <a href={href} className={cls}>
      {children}
    </a>
  );
}
