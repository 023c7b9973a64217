import { Link, useRouteLoaderData } from "react-router";
import { CircleCheck } from "lucide-react";
import { attentionItems, tabAttention, type AttentionCounts, type AttentionLinks } from "../attention";

type ShellData = { attention?: AttentionCounts; attentionLinks?: AttentionLinks } | undefined;

/** The counts the admin shell's loader made for this request (none outside the shell). */
export function useAttentionCounts(): AttentionCounts {
  return (useRouteLoaderData("routes/admin/admin") as ShellData)?.attention ?? {};
}

/** The shell's more exact links for some counts (a single scheduled page). */
function useAttentionLinks(): AttentionLinks {
  return (useRouteLoaderData("routes/admin/admin") as ShellData)?.attentionLinks ?? {};
}

/**
 * A tab's count, as a small pill after its name. Screen readers hear
 * "Volunteers, 3 need attention" rather than "Volunteers 3".
 */
export function TabBadge({ path, counts }: { path: string; counts: AttentionCounts }) {
  const n = tabAttention(path, counts);
  if (n === 0) return null;
  // Relative: the screen-reader text is positioned absolutely, and inside the tabs' scrolling row it must
  // stay within the row rather than widen the page.
  return (
    <span className="relative">
      <span aria-hidden="true" className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold leading-5 text-primary-foreground">
        {n}
      </span>
      <span className="sr-only">{`, ${n} need${n === 1 ? "s" : ""} attention`}</span>
    </span>
  );
}

/**
 * "Needs attention": one compact row of links, only the non-zero counts, so
 * on a phone it takes a line or two above the page editor rather than a screen.
 */
export function AttentionSummary() {
  const items = attentionItems(useAttentionCounts(), useAttentionLinks());
  return (
    <section aria-labelledby="attention-heading" className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <h2 id="attention-heading" className="font-semibold">
        Needs attention
      </h2>
      {items.length === 0 ? (
        <p className="inline-flex items-center gap-1.5 text-muted-foreground">
          <CircleCheck className="size-4" aria-hidden="true" />
          Nothing needs attention
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item.area}>
              <Link
                to={item.href}
                className="inline-flex min-h-11 items-center rounded-full border border-border bg-background px-3 font-medium text-foreground underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {item.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
