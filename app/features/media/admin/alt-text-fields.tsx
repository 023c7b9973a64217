import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";

/** One chosen file, told apart from another of the same name by its size and date. */
export function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

/** The alt text box of the n-th file (the single box when there is at most one file). */
export function altFieldId(formId: string, index: number, count: number): string {
  return count > 1 ? `${formId}-alt-${Math.max(index, 0)}` : `${formId}-alt`;
}

/** What a file with no alt text is refused with. */
export function missingAltMessage(name: string, count: number): string {
  return count > 1
    ? `Describe what ${name} shows: alt text is read out to people who cannot see it. Nothing was uploaded.`
    : "Describe what the file shows: alt text is read out to people who cannot see it. Nothing was uploaded.";
}

const HINT = "What the picture or video shows, read out to people who cannot see it. It starts as the file's name: say what it shows.";

/**
 * The upload form's alt text: one box for one file (or before any is
 * chosen), and one box per file when several are chosen, each labelled
 * with its file's name, so no description is shared by accident or lost.
 */
export function AltTextFields({
  id,
  files,
  value,
  altFor,
  errors,
  onType,
}: {
  id: string;
  files: File[];
  /** The text typed while no file is chosen. */
  value: string;
  altFor: (file: File) => string;
  errors: Record<string, string>;
  onType: (file: File | null, text: string) => void;
}) {
  if (files.length <= 1) {
    const file = files[0] ?? null;
    const error = file ? errors[fileKey(file)] : undefined;
    return (
      <div className="grid gap-2">
        <Label htmlFor={`${id}-alt`}>Alt text</Label>
        <Input
          id={`${id}-alt`}
          value={file ? altFor(file) : value}
          maxLength={500}
          onChange={(e) => onType(file, e.target.value)}
          aria-describedby={[`${id}-alt-hint`, error ? `${id}-alt-error` : ""].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
        />
        <p id={`${id}-alt-hint`} className="text-sm text-muted-foreground">
          {HINT}
        </p>
        {error ? (
          <p id={`${id}-alt-error`} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Alt text for each file</legend>
      <p id={`${id}-alt-hint`} className="text-sm text-muted-foreground">
        {HINT}
      </p>
      {files.map((file, index) => {
        const fieldId = altFieldId(id, index, files.length);
        const error = errors[fileKey(file)];
        return (
          <div key={fileKey(file)} className="grid gap-2">
            <Label htmlFor={fieldId} className="break-all">
              Alt text for {file.name}
            </Label>
            <Input
              id={fieldId}
              value={altFor(file)}
              maxLength={500}
              onChange={(e) => onType(file, e.target.value)}
              aria-describedby={[`${id}-alt-hint`, error ? `${fieldId}-error` : ""].filter(Boolean).join(" ")}
              aria-invalid={error ? true : undefined}
            />
            {error ? (
              <p id={`${fieldId}-error`} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
