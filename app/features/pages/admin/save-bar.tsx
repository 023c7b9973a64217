import { useNavigation, useRevalidator } from "react-router";
import { Eye, Loader2, Save } from "lucide-react";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import type { EditorValues } from "#app/features/pages/editor-values";

/**
 * The foot of the editor's form, kept in view: whether anything is unsaved,
 * Discard changes, Preview and Save Changes, and Save anyway when `conflict`
 * (the last save was refused because someone else saved first).
 */
export function SaveBar({ id, dirty, conflict, onDiscard }: { id: string; dirty: boolean; conflict: boolean; onDiscard: () => void }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const revalidator = useRevalidator();
  return (
    <div className="sticky bottom-0 z-10 -mx-6 flex flex-wrap items-center justify-between gap-3 border-t border-border bg-card px-6 py-4">
      <div aria-live="polite">{dirty ? <Badge variant="destructive">Unsaved Changes</Badge> : <span className="text-sm text-muted-foreground">All changes saved</span>}</div>
      <div className="flex flex-wrap gap-2">
        {/* After a refused save, also with nothing unsaved: it is how to see the colleague's version. */}
        {dirty || conflict ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              onDiscard();
              // After a refused save the page has a newer version than this editor was opened at: load it.
              if (conflict) void revalidator.revalidate();
            }}
          >
            Discard changes
          </Button>
        ) : null}
        <Button type="submit" form={`${id}-preview`} variant="outline">
          <Eye aria-hidden="true" /> Preview<span className="sr-only"> (opens in a new tab)</span>
        </Button>
        {/* Save Changes comes first: Enter in a field presses the form's first button, and it must never be Save anyway. */}
        <Button type="submit" disabled={!dirty || saving}>
          {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {saving ? "Saving..." : "Save Changes"}
        </Button>
        {/* Only while there is something of one's own to save: with nothing unsaved it would put back the version as opened. */}
        {conflict && dirty ? (
          <Button type="submit" name="force" value="1" variant="destructive" disabled={saving}>
            Save anyway
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Preview posts the unsaved edits to a page of their own, in a new tab; nothing is stored. */
export function PreviewForm({ id, pageId, values }: { id: string; pageId: string; values: EditorValues }) {
  return (
    <form id={`${id}-preview`} method="post" action="/admin/preview" target="_blank" hidden>
      <input type="hidden" name="pageId" value={pageId} />
      <input type="hidden" name="heroTitle" value={values.heroTitle} />
      <input type="hidden" name="heroSubtitle" value={values.heroSubtitle} />
      <input type="hidden" name="mainTitle" value={values.mainTitle} />
      <input type="hidden" name="content" value={values.content} />
      <input type="hidden" name="layout" value={values.layout} />
      <input type="hidden" name="images" value={JSON.stringify(values.images)} />
      {/* The Blocks and Search & sharing tabs' edits too, so the preview is the page as Publish would make it. */}
      {values.blocks ? <input type="hidden" name="blocks" value={JSON.stringify(values.blocks)} /> : null}
      {values.seo ? <input type="hidden" name="seo" value={JSON.stringify(values.seo)} /> : null}
    </form>
  );
}
