import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, redirect } from "react-router";
import { Button } from "#app/components/ui/button";

/** Far past any list this site will hold; keeps a typed-in page number from becoming a huge OFFSET. */
const MAX_PAGE = 100_000;

/** The 1-based page a list's address asks for (`name`, "page" unless the list uses that for a filter); anything else is page 1. */
export function requestedPage(params: URLSearchParams, name = "page"): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The list's address for `page`, keeping its other parameters (filters); page 1 carries none of its own. */
export function pageHref(pathname: string, params: URLSearchParams, page: number, name = "page"): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(name, String(page));
  else next.delete(name);
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * For loaders: a page past the end (the list shrank after an action, or an
 * old link) goes to the last page that has entries instead of an empty one.
 */
export function redirectPastEnd(url: URL, page: number, pages: number, name = "page"): void {
  if (page > pages) throw redirect(pageHref(url.pathname, url.searchParams, pages, name));
}

/** Newer/older links under a list that spans more than one page, with where the visitor is. */
export function Pager({
  label,
  page,
  pages,
  href,
  previous = "Newer",
  next = "Older",
  summary,
}: {
  /** The navigation landmark's name, e.g. "Messages pages". */
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  previous?: string;
  next?: string;
  /** Shown after "Page 2 of 3", e.g. "120 emails". */
  summary?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={href(page - 1)}>
            <ChevronLeft aria-hidden="true" /> {previous}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{`Page ${page} of ${pages}${summary ? ` (${summary})` : ""}`}</span>
      {page < pages ? (
        <Button asChild variant="outline">
          <Link to={href(page + 1)}>
            {next} <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
