import { Link } from "react-router";
import { formatAgo, formatDateTime } from "#app/web/dates";
import type { SentencePart } from "../audit-sentences";
import { AuditSentence } from "./audit-sentence";

export interface ActivityItem {
  id: string;
  createdAt: string;
  sentence: SentencePart[];
}

/** The last things staff did, in words, with the full log one link away. */
export function RecentActivity({ items, now }: { items: readonly ActivityItem[]; now: string }) {
  return (
    <section aria-labelledby="recent-activity" className="mt-6 rounded-lg border border-border bg-card p-4 text-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-activity" className="text-lg font-semibold">
          Recent activity
        </h2>
        <Link to="/admin/audit" className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
          Full audit log
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="mt-2 text-muted-foreground">Nothing has been done yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {items.map((item) => (
            <li key={item.id} className="py-2">
              <AuditSentence parts={item.sentence} />,{" "}
              <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)} className="text-muted-foreground">
                {formatAgo(item.createdAt, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
