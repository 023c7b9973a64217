import { Link } from "react-router";
import type { PageGroup } from "#app/features/pages/page-groups";
import { pagesTabHref } from "./page-groups";

const groupId = (label: string) => `content-group-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/**
 * The Content tab: every page by the Pages tab's groups, each a link that
 * opens it in the Pages tab on its Content sub-tab. One editor, reachable
 * by either name.
 */
export function ContentShortcuts({ groups }: { groups: PageGroup[] }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {groups.map((group) => (
        // An id without spaces: aria-labelledby reads spaces as a list of ids, which left "What We Offer" without its name.
        <section key={group.label} aria-labelledby={groupId(group.label)} className="grid content-start gap-2">
          <h3 id={groupId(group.label)} className="font-semibold">
            {group.label}
          </h3>
          <ul className="grid gap-1">
            {group.pages.map((page) => (
              <li key={page.id}>
                <Link to={pagesTabHref(page.id)} className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline">
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
