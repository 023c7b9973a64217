import { useEffect, useRef, useState } from "react";
import { EditorContent, useEditor, useEditorState, type Editor, type JSONContent } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { richTextToMarkdown, type RichTextDoc } from "#app/features/blocks/rich-text";
import { safeHref } from "#app/features/pages/markdown";
import { toStoredRichText } from "./stored-rich-text";
import { cleanPastedHtml } from "./paste-cleanup";
import { LinkDialog, type LinkDraft } from "./link-dialog";
import { Toolbar } from "./rich-text-toolbar";
import type { RichTextEditorProps } from "./rich-text-editor-props";

type TiptapFieldProps = RichTextEditorProps & { id: string; labelId: string; initial: RichTextDoc };

// Headings, lists and links inside the editing area look as they will on the page, roughly; the area
// is at least as tall as the twelve-row box it replaces.
const AREA_CLASS = [
  "min-h-[19rem] w-full rounded-b-md bg-background px-3 py-2 text-base text-foreground focus-visible:outline-none",
  "[&_h2]:mb-2 [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mb-2 [&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-bold",
  "[&_h4]:mb-1 [&_h4]:mt-3 [&_h4]:text-lg [&_h4]:font-semibold [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6",
  "[&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li_p]:my-0.5 [&_a]:text-primary [&_a]:underline [&_strong]:font-bold",
].join(" ");

function serialise(doc: RichTextDoc, submitAs: RichTextEditorProps["submitAs"]): string {
  return submitAs === "markdown" ? richTextToMarkdown(doc) : JSON.stringify(doc);
}

/** The running editor: toolbar, editing area, link picker and the hidden field the form posts. */
export default function TiptapField({ id, labelId, name, initial, pages, onChange, describedBy, invalid, submitAs = "json", unchangedValue }: TiptapFieldProps) {
  // Null until the text is changed: the form then posts `unchangedValue` when given.
  const [stored, setStored] = useState<RichTextDoc | null>(null);
  const [link, setLink] = useState<LinkDraft | null>(null);
  const onChangeRef = useRef(onChange);
  const openLinkRef = useRef<() => void>(() => {});
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        // Only what the site's text has: paragraphs, headings 2–4, bold, italic, lists, line breaks and links.
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: false,
          linkOnPaste: true,
          defaultProtocol: "https",
          // The addresses the site will show as links, the same rule the public renderer applies.
          isAllowedUri: (url) => safeHref(url) !== null,
          HTMLAttributes: { target: null, rel: null, class: null },
        },
      }),
    ],
    content: initial as JSONContent,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: AREA_CLASS,
      },
      transformPastedHTML: (html) => cleanPastedHtml(html),
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") {
          event.preventDefault();
          openLinkRef.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: changed }) => {
      const doc = toStoredRichText(changed.getJSON());
      setStored(doc);
      onChangeRef.current?.(doc);
    },
  });

  const openLink = () => {
    if (editor.isActive("link")) editor.commands.extendMarkRange("link");
    const { from, to } = editor.state.selection;
    const href = editor.getAttributes("link").href;
    setLink({ from, to, text: editor.state.doc.textBetween(from, to, " "), href: typeof href === "string" ? href : "" });
  };
  useEffect(() => {
    openLinkRef.current = openLink;
  });

  const value = stored === null && unchangedValue !== undefined ? unchangedValue : serialise(stored ?? toStoredRichText(initial), submitAs);

  return (
    <div className="rounded-md border border-input focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 focus-within:ring-offset-background">
      <input type="hidden" name={name} value={value} />
      <EditorToolbar editor={editor} controls={id} onLink={openLink} />
      <EditorContent editor={editor} />
      {link ? (
        <LinkDialog
          draft={link}
          pages={pages}
          onClose={() => {
            setLink(null);
            editor.commands.focus();
          }}
          onApply={(text, href) => {
            applyLink(editor, link, text, href);
            setLink(null);
          }}
          onRemove={
            link.href
              ? () => {
                  editor.chain().focus().setTextSelection({ from: link.from, to: link.to }).unsetLink().run();
                  setLink(null);
                }
              : undefined
          }
        />
      ) : null}
    </div>
  );
}

/** Puts the link in: over the chosen words as they are (keeping their bold or italic), or as new words when the text was changed. */
function applyLink(editor: Editor, draft: LinkDraft, text: string, href: string) {
  if (text === draft.text && draft.from !== draft.to) {
    editor.chain().focus().setTextSelection({ from: draft.from, to: draft.to }).setLink({ href }).setTextSelection(draft.to).run();
    return;
  }
  editor
    .chain()
    .focus()
    .insertContentAt({ from: draft.from, to: draft.to }, { type: "text", text, marks: [{ type: "link", attrs: { href } }] })
    .run();
}

function EditorToolbar({ editor, controls, onLink }: { editor: Editor; controls: string; onLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading2: e.isActive("heading", { level: 2 }),
      heading3: e.isActive("heading", { level: 3 }),
      heading4: e.isActive("heading", { level: 4 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => command(editor.chain().focus()).run();
  return (
    <Toolbar
      controls={controls}
      state={state}
      actions={{
        heading: (level) => run((c) => c.toggleHeading({ level })),
        bold: () => run((c) => c.toggleBold()),
        italic: () => run((c) => c.toggleItalic()),
        bulletList: () => run((c) => c.toggleBulletList()),
        orderedList: () => run((c) => c.toggleOrderedList()),
        link: onLink,
        unlink: () => run((c) => c.extendMarkRange("link").unsetLink()),
        undo: () => run((c) => c.undo()),
        redo: () => run((c) => c.redo()),
      }}
    />
  );
}
