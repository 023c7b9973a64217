import { lazy, Suspense, useId, useState, useSyncExternalStore } from "react";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { markdownToRichText, richTextToMarkdown } from "#app/features/blocks/rich-text";
import type { RichTextEditorProps } from "./rich-text-editor-props";

export type { RichTextEditorProps };

// The editor and its toolbar load only once a page that shows this field has
// rendered in a browser: the admin's first paint and every public page stay
// free of Tiptap's code.
const TiptapField = lazy(() => import("./tiptap-field"));

/** Rows of the plain box shown without JavaScript; the editor is at least this tall too. */
const FALLBACK_ROWS = 12;

const noSubscription = () => () => {};


/**
 * A rich-text field. Rendered on the server (and in a browser without
 * JavaScript) it is a plain box holding the text in the Markdown dialect,
 * which the server reads back with `parseRichTextField`; once the page is
 * running it becomes the Tiptap editor with a toolbar and a link picker, and
 * a hidden field carries what it holds.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { name, label, defaultValue, onChange, describedBy, invalid, maxLength, unchangedValue } = props;
  const ownId = useId();
  const id = props.id ?? ownId;
  const labelId = `${id}-label`;
  // False on the server and while hydrating, so both render the same plain box; true afterwards.
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // Words typed into the plain box before the editor arrived are carried into it.
  const [typed, setTyped] = useState<string | null>(null);

  const plainBox = (
    <Textarea
      id={id}
      name={name}
      rows={FALLBACK_ROWS}
      value={typed ?? unchangedValue ?? richTextToMarkdown(defaultValue)}
      maxLength={maxLength}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange?.(markdownToRichText(event.target.value));
      }}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className="font-mono text-sm"
    />
  );

  return (
    <div className="grid gap-2">
      <Label
        id={labelId}
        htmlFor={id}
        // A label focuses a form control by itself; the editor's editing area is not one, so clicking says where to go.
        onClick={() => {
          const area = document.getElementById(id);
          if (area?.isContentEditable) area.focus();
        }}
      >
        {label}
      </Label>
      {running ? (
        <Suspense fallback={plainBox}>
          <TiptapField
            {...props}
            id={id}
            labelId={labelId}
            initial={typed === null ? defaultValue : markdownToRichText(typed)}
            unchangedValue={typed === null ? unchangedValue : undefined}
          />
        </Suspense>
      ) : (
        plainBox
      )}
    </div>
  );
}
