import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import type { FieldErrors } from "#app/web/parse-form";

/** Brings a message that just appeared into view and gives it focus, so a refused save is seen (and heard) where the Save button left off. */
function useFocusWhenShown<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!shown || !ref.current) return;
    ref.current.scrollIntoView({ block: "start" });
    ref.current.focus({ preventScroll: true });
  }, [shown]);
  return ref;
}

/** Moves to a field named in the summary: its box gets focus, not just the page's scroll position (the link still works without JavaScript). */
function goToField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.scrollIntoView({ block: "center" });
  field.focus({ preventScroll: true });
}

/**
 * A refused save's summary at the top of the form: what was wrong with
 * each field, each a link to the field. It takes focus and scrolls into
 * view as it appears, since the Save button that caused it is a long way
 * below. `labels` names the fields as their labels do.
 */
export function SaveErrorSummary({ errors, labels }: { errors: FieldErrors | undefined; labels: Record<string, string> }) {
  const entries = Object.entries(errors ?? {}).filter(([, messages]) => messages && messages.length > 0);
  const ref = useFocusWhenShown<HTMLDivElement>(entries.length > 0 ? errors : null);
  if (entries.length === 0) return null;
  return (
    <div ref={ref} role="alert" tabIndex={-1} aria-labelledby="save-error-summary-title" className="scroll-mt-24 rounded-lg border border-destructive bg-background px-4 py-3 text-sm text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <h3 id="save-error-summary-title" className="font-semibold">
        Nothing was saved: correct {entries.length === 1 ? "this field" : `these ${entries.length} fields`}, then save again
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {entries.map(([name, messages]) => (
          <li key={name}>
            <a href={`#${name}`} onClick={(event) => goToField(event, name)} className="font-medium underline underline-offset-4">
              {labels[name] ?? name}: {messages![0]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Wraps a refusal that is not about one field (a failed write, a colleague's newer save): shown in view and focused the same way. */
export function InViewWhenShown({ shown, children }: { shown: unknown; children: ReactNode }) {
  const ref = useFocusWhenShown<HTMLDivElement>(shown);
  return (
    <div ref={ref} tabIndex={-1} className="scroll-mt-24 focus:outline-none">
      {children}
    </div>
  );
}
