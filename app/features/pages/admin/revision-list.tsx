import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Loader2 } from "lucide-react";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { formatDateTime } from "#app/web/dates";
import type { RevisionItem } from "#app/features/pages/editor-values";
import { CompareRevision } from "./revision-compare";

/** Every version that went live, newest first, each to compare with the page now and restore into the draft with one click. */
export function RevisionList({
  pageId,
  revisions,
  current,
  version,
  dirty = false,
  headingLevel = "h3",
  wordsOnly = false,
  builtInText = true,
}: {
  pageId: string;
  revisions: RevisionItem[];
  /** The revision visitors see now (null: the page is not on the site). */
  current: number | null;
  /** The page's version as the editor opened it: a change made since makes a restore ask first. */
  version: number;
  dirty?: boolean;
  headingLevel?: "h2" | "h3";
  /** Restoring here brings back a version's words only (its route's action restores them so). */
  wordsOnly?: boolean;
  /** The page shipped with the site, so it has built-in text to go back to (a page staff made has none). */
  builtInText?: boolean;
}) {
  const id = useId();
  const Heading = headingLevel;
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting" && navigation.formData?.get("intent") === "restore" ? Number(navigation.formData.get("revision")) : null;
  const describe = (r: RevisionItem) =>
    r.action === "seed"
      ? " (the site's original copy)"
      : r.action === "scheduled"
        ? " (published on schedule)"
        : r.restoredFrom === null
          ? ""
          : r.restoredFrom === 0
            ? " (restored the built-in text)"
            : ` (restored revision ${r.restoredFrom})`;
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <Heading id={`${id}-heading`} className="text-lg font-semibold">
        Revisions
      </Heading>
      <p className="text-sm text-muted-foreground">
        Every version that went live is kept. Compare shows what changed since; restoring one copies it into the draft: publish it to put it back on the site.
        {wordsOnly ? " Here a restore brings back the words only: the page's images and layout stay as they are (the Pages tab restores them too)." : null}
      </p>
      {dirty ? <p className="text-sm font-medium">Save or discard your changes before restoring an earlier version.</p> : null}
      <ol className="grid gap-2">
        {revisions.map((r) => (
          <li key={r.revision} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm">
            <div>
              <span className="font-semibold">{`Revision ${r.revision}`}</span>
              {r.revision === current ? (
                <Badge variant="success" className="ml-2">
                  Current
                </Badge>
              ) : null}
              <p className="text-muted-foreground">
                {`${formatDateTime(r.createdAt)} by ${r.createdByEmail ?? (r.action === "seed" ? "the site" : "unknown")}${describe(r)}${r.heroTitle ? ` · “${r.heroTitle}”` : ""}`}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <CompareRevision pageId={pageId} revision={r.revision} wordsOnly={wordsOnly} />
              {r.revision === current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="pageId" value={pageId} />
                  <input type="hidden" name="revision" value={r.revision} />
                  {/* The version this list was drawn from: a save made since makes the restore ask first. */}
                  <input type="hidden" name="baseRevision" value={version} />
                  <Button type="submit" variant="outline" size="sm" disabled={dirty || restoring !== null}>
                    {restoring === r.revision ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                    Restore<span className="sr-only"> revision {r.revision}</span>
                  </Button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ol>
      {/* The site's original copy of this page, whatever happened since (also after the history of a moved site). */}
      {builtInText ? (
        <Form method="post" className="justify-self-start">
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="pageId" value={pageId} />
          <input type="hidden" name="revision" value={0} />
          <input type="hidden" name="baseRevision" value={version} />
          <Button type="submit" variant="outline" size="sm" disabled={dirty || restoring !== null}>
            {restoring === 0 ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Restore the built-in text
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
