import { useState } from "react";
import { useFetcher } from "react-router";
import { GitCompareArrows, Loader2 } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "#app/components/ui/dialog";
import { formatDateTime } from "#app/web/dates";
import type { BlockDifference, FieldDifference } from "#app/features/blocks/page-differences";
import type { RevisionComparison, RevisionComparisonAnswer } from "#app/features/pages/revision-comparison";

/** Where the comparison of a page's revision is read from (a read-only resource route). */
export const compareAddress = (pageId: string, revision: number) => `/admin/pages/${encodeURIComponent(pageId)}/compare?revision=${revision}`;

/** The version a revision is compared with, in the words the dialog uses. */
export function againstWords(against: RevisionComparison["against"]): { title: string; column: string } {
  return against === "draft" ? { title: "the current draft", column: "Current draft" } : { title: "what is live now", column: "Live now" };
}

/**
 * Compare, beside a revision's Restore: a dialog that shows, block by block,
 * what changed since that revision went live, with the words before and
 * after. It is fetched when opened (and again each time, as the draft may
 * have changed), and closes with Escape or its Close button, focus going back to Compare.
 */
export function CompareRevision({ pageId, revision, wordsOnly = false }: { pageId: string; revision: number; wordsOnly?: boolean }) {
  const fetcher = useFetcher<RevisionComparisonAnswer>();
  const [open, setOpen] = useState(false);
  const loading = fetcher.state !== "idle" || !fetcher.data;
  const answer = loading ? null : fetcher.data;
  const comparison = answer?.ok ? answer.comparison : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void fetcher.load(compareAddress(pageId, revision));
      }}
    >
      <DialogTrigger asChild>
        {/* Named in a label, not in hidden text: the list's "Revision N" is then the only text on the page saying so. */}
        <Button type="button" variant="outline" size="sm" aria-label={`Compare revision ${revision} with the page now`}>
          <GitCompareArrows aria-hidden="true" />
          Compare
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{comparison ? `Revision ${revision} compared with ${againstWords(comparison.against).title}` : `Revision ${revision} compared`}</DialogTitle>
          <DialogDescription>
            {comparison
              ? `What changed since revision ${revision} went live (${formatDateTime(comparison.revision.createdAt)} by ${comparison.revision.createdByEmail ?? "the site"}), block by block: each change shows the words in revision ${revision}, then in ${againstWords(comparison.against).title}. ${wordsOnly ? `Restore here copies only the words of revision ${revision} into the draft.` : `Restore copies revision ${revision} into the draft.`}`
              : "What changed on the page since this revision went live, block by block."}
          </DialogDescription>
        </DialogHeader>
        {loading ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Comparing…
          </p>
        ) : comparison ? (
          <Differences comparison={comparison} />
        ) : (
          <p role="alert" className="text-sm font-medium text-destructive">
            {answer && !answer.ok ? answer.message : "The comparison could not be loaded: try again."}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

const KIND_WORDS: Record<BlockDifference["kind"], string> = {
  added: "added",
  removed: "removed",
  changed: "changed",
  moved: "moved",
};

/** The comparison's changes: the page's own fields, then each block, each under a heading of its own. */
export function Differences({ comparison }: { comparison: RevisionComparison }) {
  const { differences, revision, against } = comparison;
  const words = againstWords(against);
  const columns = { before: `Revision ${revision.number}`, after: words.column };
  if (differences.page.length === 0 && differences.blocks.length === 0) {
    return <p className="text-sm">{`No differences: ${words.title} is the same as revision ${revision.number}.`}</p>;
  }
  return (
    <div className="grid gap-4" data-testid="revision-differences">
      {differences.page.length ? (
        <section className="grid gap-2 border-t border-border pt-3">
          <h3 className="text-base font-semibold">Page</h3>
          <FieldList fields={differences.page} columns={columns} />
        </section>
      ) : null}
      {differences.blocks.map((block, i) => (
        <section key={`${block.blockId}-${block.kind}-${i}`} className="grid gap-2 border-t border-border pt-3">
          <h3 className="text-base font-semibold">
            {block.label} <span className="font-normal text-muted-foreground">{`· ${KIND_WORDS[block.kind]}`}</span>
          </h3>
          <BlockDetail block={block} revision={revision.number} columns={columns} againstTitle={words.title} />
        </section>
      ))}
    </div>
  );
}

function BlockDetail({ block, revision, columns, againstTitle }: { block: BlockDifference; revision: number; columns: { before: string; after: string }; againstTitle: string }) {
  if (block.kind === "added" || block.kind === "removed") {
    return (
      <p className="text-sm">
        {block.kind === "added" ? `Added since revision ${revision}: it is in ${againstTitle}, not in revision ${revision}.` : `Removed since revision ${revision}: it is in revision ${revision}, not in ${againstTitle}.`}
      </p>
    );
  }
  if (block.kind === "moved") return <p className="text-sm">{`Moved from place ${block.from} to place ${block.to}.`}</p>;
  if (block.fields.length === 0) return <p className="text-sm">Only details not shown here changed (such as a picture&apos;s measured size).</p>;
  return <FieldList fields={block.fields} columns={columns} />;
}

/** Each changed field: its name, then the words before and after, labelled for a screen reader as for the eye. */
function FieldList({ fields, columns }: { fields: FieldDifference[]; columns: { before: string; after: string } }) {
  return (
    <ul className="grid gap-3">
      {fields.map((f, i) => (
        <li key={`${f.field}-${i}`} className="grid gap-1">
          <p className="text-sm font-medium">{f.field}</p>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div className="rounded-md border border-border bg-muted/40 p-2">
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{columns.before}</dt>
              <dd className="whitespace-pre-line break-words">{f.before || <span className="italic text-muted-foreground">(empty)</span>}</dd>
            </div>
            <div className="rounded-md border border-border p-2">
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{columns.after}</dt>
              <dd className="whitespace-pre-line break-words">{f.after || <span className="italic text-muted-foreground">(empty)</span>}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
