import { useState } from "react";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { RichTextEditor } from "#app/features/blocks/admin/rich-text-editor";
import { markdownToRichText, richTextSchema, richTextToMarkdown, type RichTextDoc } from "#app/features/blocks/rich-text";
import { LIMITS } from "#app/features/pages/page-content.schema";
import type { EditorValues } from "#app/features/pages/editor-values";
import type { FieldErrors } from "#app/web/parse-form";

/** The main text block's document as stored, else the box's text read as Markdown (a kept draft, a refused save). */
function storedBody(values: EditorValues): RichTextDoc {
  const text = values.blocks?.find((b) => b.type === "text" && b.id === "text") ?? values.blocks?.find((b) => b.type === "text");
  const parsed = richTextSchema.safeParse(text?.body);
  // The block holds what was last loaded; once the box has been changed its words are the ones to keep.
  return parsed.success && richTextToMarkdown(parsed.data) === values.content ? parsed.data : markdownToRichText(values.content);
}

type TextKey = "heroTitle" | "heroSubtitle" | "mainTitle" | "content";

/** The Content sub-tab: the page's titles and words, each emptied field falling back to the built-in copy. */
export function ContentFields({
  id,
  values,
  builtIn,
  errors,
  set,
  pages,
}: {
  id: string;
  values: EditorValues;
  builtIn: Pick<EditorValues, "heroTitle" | "heroSubtitle" | "mainTitle">;
  errors: FieldErrors;
  set: (key: TextKey, value: string) => void;
  /** The live pages the link picker offers. */
  pages: { title: string; path: string }[];
}) {
  // The editor holds its own document; it starts afresh only when the text changes from outside
  // (Discard, or a kept draft restored), not when it reports its own typing.
  const [known, setKnown] = useState(values.content);
  const [generation, setGeneration] = useState(0);
  if (values.content !== known) {
    setKnown(values.content);
    setGeneration((g) => g + 1);
  }
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
        <RichTextEditor
          key={generation}
          id={`${id}-content`}
          name="content"
          label="Main Content"
          // The stored document itself, so numbered lists, Heading 4 and line breaks survive a save of another field.
          defaultValue={storedBody(values)}
          pages={pages}
          maxLength={LIMITS.content}
          onChange={(doc) => {
            const text = richTextToMarkdown(doc);
            setKnown(text);
            set("content", text);
          }}
          describedBy={`${id}-content-hint${errors.content ? ` ${id}-content-error` : ""}`}
          invalid={Boolean(errors.content)}
        />
        <p id={`${id}-content-hint`} className="text-sm text-muted-foreground">
          Use the buttons above the text for headings, bold, italic, lists and links (Ctrl+K adds a link). Without the buttons,
          separate paragraphs with a blank line and start a line with "## " for a heading or "- " for a list item; **bold**,
          *italic* and [link text](/contact) work too.
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
