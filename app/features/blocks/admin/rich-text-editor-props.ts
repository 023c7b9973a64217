import type { RichTextDoc } from "#app/features/blocks/rich-text";

// Shared by the field and the editor it loads lazily, so neither imports the other for its types.
export interface RichTextEditorProps {
  /** The form field's name: the plain box's text, or the hidden field the editor fills. */
  name: string;
  label: string;
  defaultValue: RichTextDoc;
  /** The site's pages, offered by the link picker. */
  pages: { title: string; path: string }[];
  /** Called on every change of the text, with the document as it will be stored. */
  onChange?: (doc: RichTextDoc) => void;
  id?: string;
  /** Ids of the hint and error that describe the field. */
  describedBy?: string;
  invalid?: boolean;
  /**
   * What the editor posts: its JSON (the default) or the same text in the old
   * Markdown dialect, for a form whose server still stores Markdown.
   */
  submitAs?: "json" | "markdown";
  /**
   * Posted while the text is untouched, in place of the editor's own rendering
   * of it: the text exactly as stored, so saving other fields does not rewrite it.
   */
  unchangedValue?: string;
  maxLength?: number;
}
