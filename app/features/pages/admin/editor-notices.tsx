import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { Button } from "#app/components/ui/button";
import type { EditorConflict } from "#app/features/pages/editor-values";
import { formatDateTime } from "#app/web/dates";
import type { FieldErrors } from "#app/web/parse-form";

/** Edits of this page left unsaved in this browser, offered back until they are restored or discarded. */
export function DraftNotice({
  changedAt,
  savedSince,
  onRestore,
  onDiscard,
}: {
  changedAt: string;
  /** Someone saved the page after the kept edits began. */
  savedSince: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert>
      <AlertTitle>Unsaved changes kept in this browser</AlertTitle>
      <AlertDescription>
        <p>
          You changed this page at {formatDateTime(changedAt)} and those changes were not saved. Restore them to carry on, or
          discard them.
          {savedSince ? " The page has been saved since then: saving your changes will ask before it replaces the newer version." : ""}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={onRestore}>
            Restore changes
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
            Discard them
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The last save was refused: someone else saved the page after this editor opened it. */
export function ConflictNotice({ conflict }: { conflict: EditorConflict }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>Someone else saved this page after you opened it</AlertTitle>
      <AlertDescription>
        <p>
          {conflict.updatedByEmail ?? "Another editor"} changed it at {formatDateTime(conflict.updatedAt)}. Your changes are
          still below. Save anyway to replace their draft with yours, or Discard changes to see theirs.
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** The last save was refused for what was typed: every message, above the form. */
export function SaveErrors({ errors }: { errors: FieldErrors }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>Nothing was saved</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {Object.entries(errors).flatMap(([field, messages]) => (messages ?? []).map((m) => <li key={`${field}-${m}`}>{m}</li>))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
