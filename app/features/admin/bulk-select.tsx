import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A list's bulk actions, without JavaScript: the bar is one form, and each
 * row's checkbox belongs to it through the `form` attribute (rows hold their
 * own forms, which cannot nest). "Select all on this page" sends the page's
 * ids itself, so it works without a script; with one it also ticks the rows,
 * so what will change is visible.
 */
export function BulkBar({ formId, label, pageIds, children }: { formId: string; label: string; pageIds: readonly string[]; children: ReactNode }) {
  return (
    <Form method="post" id={formId} aria-label={label} className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-muted/40 p-3">
      {pageIds.map((id) => (
        <input key={id} type="hidden" name="pageIds" value={id} />
      ))}
      <label className="inline-flex min-h-11 items-center gap-2 pr-2 text-sm font-medium">
        <input
          type="checkbox"
          name="all"
          value="1"
          className="size-5"
          onChange={(event) => {
            for (const box of document.querySelectorAll<HTMLInputElement>(`input[form="${formId}"][name="ids"]`)) box.checked = event.currentTarget.checked;
          }}
        />
        Select all on this page
      </label>
      {children}
    </Form>
  );
}

/** One row's checkbox, named after the row for screen readers ("Select the testimonial from Amira"). */
export function RowCheckbox({ formId, id, label }: { formId: string; id: string; label: string }) {
  return (
    <label className="inline-flex min-h-11 min-w-11 items-center justify-center">
      <input type="checkbox" name="ids" value={id} form={formId} className="size-5" aria-label={label} />
    </label>
  );
}
