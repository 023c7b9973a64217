import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button";

/**
 * Plain POST controls for the Volunteers, Messages and Registrations areas:
 * they work without JavaScript, and no GET ever changes data.
 */

export function PostButton({
  intent,
  id,
  children,
  label,
  variant = "outline",
  action,
  fields = {},
}: {
  intent: string;
  id?: string;
  children: ReactNode;
  /** Accessible name when the visible text is not enough; it starts with the visible words (WCAG 2.5.3). */
  label?: string;
  variant?: "default" | "outline" | "secondary" | "ghost" | "destructive";
  action?: string;
  /** More hidden fields, e.g. how the record stood when the page was drawn, so a stale press is refused. */
  fields?: Record<string, string>;
}) {
  return (
    <Form method="post" action={action} className="inline">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} size="sm" aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}

/** Delete behind a disclosure: one click to open, a second, clearly worded one to delete. */
export function DeleteDisclosure({
  id,
  what,
  intent = "delete",
  warning = "This cannot be undone.",
  action,
}: {
  id: string;
  /** e.g. "the role Sports Coach Volunteer" */
  what: string;
  intent?: string;
  warning?: string;
  action?: string;
}) {
  return (
    <details className="group inline-block">
      <summary className="inline-flex min-h-9 cursor-pointer list-none items-center rounded-md border border-border px-3 text-sm font-medium text-destructive hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        Delete<span className="sr-only"> {what}</span>…
      </summary>
      <div className="mt-2 rounded-md border border-destructive bg-background p-3 text-sm">
        <p className="mb-2">
          Delete {what}? {warning}
        </p>
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <Button type="submit" variant="destructive" size="sm">
            Yes, delete<span className="sr-only"> {what}</span>
          </Button>
        </Form>
      </div>
    </details>
  );
}

/** Status filter links with counts, e.g. Pending (3) · Approved (5). */
export function StatusFilter<S extends string>({
  label,
  current,
  options,
  href = (value) => `?status=${value}`,
}: {
  label: string;
  current: S;
  options: { value: S; label: string; count: number }[];
  /** Where each option leads, when the list is not simply `?status=`. */
  href?: (value: S) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2 text-sm">
      {options.map((option) => (
        <Link
          key={option.value}
          to={href(option.value)}
          aria-current={current === option.value ? "page" : undefined}
          className="inline-flex min-h-11 items-center rounded-md border border-border px-3 aria-[current=page]:bg-muted aria-[current=page]:font-semibold"
        >
          {option.label} ({option.count})
        </Link>
      ))}
    </nav>
  );
}
