import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { CONTENT_TEXTAREA_ROWS } from "#app/content/site";
import { LIMITS } from "#app/features/pages/page-content.schema";
import type { EditorValues } from "#app/features/pages/editor-values";
import type { FieldErrors } from "#app/web/parse-form";

type TextKey = "heroTitle" | "heroSubtitle" | "mainTitle" | "content";

/** The Content sub-tab: the page's titles and words, each emptied field falling back to the built-in copy. */
export function ContentFields({
  id,
  values,
  builtIn,
  errors,
  set,
}: {
  id: string;
  values: EditorValues;
  builtIn: Pick<EditorValues, "heroTitle" | "heroSubtitle" | "mainTitle">;
  errors: FieldErrors;
  set: (key: TextKey, value: string) => void;
}) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">Leave a field empty to show the site's built-in text for it.</p>
      <TextField
        id={`${id}-heroTitle`}
        name="heroTitle"
        label="Hero Title"
        value={values.heroTitle}
        max={LIMITS.heroTitle}
        fallback={builtIn.heroTitle}
        errors={errors.heroTitle}
        onChange={(v) => set("heroTitle", v)}
      />
      <TextField
        id={`${id}-heroSubtitle`}
        name="heroSubtitle"
        label="Hero Subtitle"
        value={values.heroSubtitle}
        max={LIMITS.heroSubtitle}
        fallback={builtIn.heroSubtitle}
        errors={errors.heroSubtitle}
        onChange={(v) => set("heroSubtitle", v)}
      />
      <TextField
        id={`${id}-mainTitle`}
        name="mainTitle"
        label="Main Title"
        value={values.mainTitle}
        max={LIMITS.mainTitle}
        fallback={builtIn.mainTitle}
        errors={errors.mainTitle}
        onChange={(v) => set("mainTitle", v)}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-content`}>Main Content</Label>
        <Textarea
          id={`${id}-content`}
          name="content"
          rows={CONTENT_TEXTAREA_ROWS}
          value={values.content}
          maxLength={LIMITS.content}
          onChange={(e) => set("content", e.target.value)}
          aria-describedby={`${id}-content-hint${errors.content ? ` ${id}-content-error` : ""}`}
          aria-invalid={errors.content ? true : undefined}
          className="font-mono text-sm"
        />
        <p id={`${id}-content-hint`} className="text-sm text-muted-foreground">
          Separate paragraphs with a blank line. Start a line with "## " for a heading or "- " for a list item; **bold**, *italic*
          and [link text](/contact) work too.
        </p>
        <FieldError id={`${id}-content-error`} errors={errors.content} />
      </div>
    </div>
  );
}

function TextField({
  id,
  name,
  label,
  value,
  max,
  fallback,
  errors,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  max: number;
  fallback: string;
  errors?: string[];
  onChange: (value: string) => void;
}) {
  const describedBy = [fallback ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        value={value}
        maxLength={max}
        placeholder={fallback}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
        aria-invalid={errors?.length ? true : undefined}
      />
      {fallback ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Built-in text: {fallback}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
