import { useId, useRef, useState, type ReactNode } from "react";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { GripVertical } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { Badge } from "#app/components/ui/badge";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { BLOCK_LABELS, type BlockType, type FormKind } from "#app/features/blocks/block-schema";
import { BLOCK_FIELDS, blockSummary, type Option } from "./block-fields";
import { duplicateBlock, moveBlock, newBlock, newBlockId, removeBlock, setAt, setHidden, type DraftBlock } from "./block-list";
import { FieldInput, WordingInput, type FieldContext } from "./field-inputs";
import { STANDARD_FORM_WORDING } from "#app/features/blocks/form-wording";

/**
 * The page's blocks as staff edit them: an ordered list where each block
 * opens into its form, with Move up / Move down, drag and drop (pointer or
 * keyboard: Space to pick up, arrows to move, Space to drop), Duplicate,
 * Hide and Remove, and "Add block" at the end. The whole list travels in one
 * hidden field as JSON, so the save action validates the page as one
 * document; every move is announced for screen-reader users.
 */
export interface BlockEditorProps {
  /** The hidden field's name. */
  name: string;
  blocks: DraftBlock[];
  onChange: (blocks: DraftBlock[]) => void;
  /** Messages from the last save by path: "3.cards.1.title" is block 4's second card's title. */
  errors?: Readonly<Record<string, string>>;
  pages: readonly { title: string; path: string }[];
  videoPages: readonly Option[];
  renderRichText?: FieldContext["renderRichText"];
  /**
   * Fields another tab edits, by block id, with where: the Pages tab's
   * Content and Layout sub-tabs own the main hero's and text's words, so the
   * two places never disagree about them.
   */
  lockedFields?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const ADDABLE: BlockType[] = Object.keys(BLOCK_LABELS) as BlockType[];

function errorsFor(errors: Readonly<Record<string, string>>, index: number): Record<string, string> {
  const prefix = `${index}.`;
  return Object.fromEntries(Object.entries(errors).flatMap(([path, message]) => (path.startsWith(prefix) ? [[path.slice(prefix.length), message]] : [])));
}

function SortableBlock({ id, children }: { id: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style = transform ? { transform: `translate3d(0, ${Math.round(transform.y)}px, 0)`, transition } : { transition };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      className="inline-flex size-11 cursor-grab items-center justify-center rounded-md border border-input bg-background hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <GripVertical aria-hidden="true" className="size-4" />
      <span className="sr-only">Drag to reorder</span>
    </button>
  );
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? "relative z-10 opacity-80" : undefined}>
      {children(handle)}
    </li>
  );
}

export function BlockEditor({ name, blocks, onChange, errors = {}, pages, videoPages, renderRichText, lockedFields = {} }: BlockEditorProps) {
  const baseId = useId();
  const [announcement, setAnnouncement] = useState("");
  const [adding, setAdding] = useState<BlockType>("text");
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(Object.keys(errors).map((p) => blocks[Number(p.split(".")[0])]?.id ?? "")));
  const listRef = useRef<HTMLOListElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const label = (b: DraftBlock, i: number) => `Block ${i + 1}: ${BLOCK_LABELS[b.type]}`;

  const change = (next: DraftBlock[], message: string, focusId?: string) => {
    onChange(next);
    setAnnouncement(message);
    if (focusId) {
      // After a move the block's own button keeps the focus, so keyboard users keep their place.
      requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focusId)}"]`)?.focus());
    }
  };
  const move = (from: number, to: number, focus: string) => {
    const block = blocks[from]!;
    const next = moveBlock(blocks, from, to);
    change(next, `${BLOCK_LABELS[block.type]} moved to place ${next.indexOf(block) + 1} of ${next.length}.`, focus);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = blocks.findIndex((b) => b.id === active.id);
    const to = blocks.findIndex((b) => b.id === over.id);
    if (from >= 0 && to >= 0) move(from, to, "");
  };
  const toggle = (id: string, isOpen: boolean) => setOpen((s) => (isOpen ? new Set([...s, id]) : new Set([...s].filter((x) => x !== id))));
  const pagesListId = `${baseId}-pages`;

  return (
    <div className="grid gap-4">
      <input type="hidden" name={name} value={JSON.stringify(blocks)} />
      <datalist id={pagesListId}>
        {pages.map((p) => (
          <option key={p.path} value={p.path}>
            {p.title}
          </option>
        ))}
      </datalist>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {blocks.length === 0 ? <p className="text-muted-foreground">This page has no blocks yet. Add the first one below.</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: "To move a block, press Space to pick it up, the arrow keys to move it, Space again to drop it, or Escape to cancel." },
          announcements: {
            onDragStart: ({ active }) => `Picked up ${labelOf(blocks, active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${labelOf(blocks, active.id)} is over place ${blocks.findIndex((b) => b.id === over.id) + 1}.` : undefined),
            onDragEnd: ({ active, over }) => (over ? `${labelOf(blocks, active.id)} dropped at place ${blocks.findIndex((b) => b.id === over.id) + 1}.` : `${labelOf(blocks, active.id)} dropped.`),
            onDragCancel: ({ active }) => `Moving ${labelOf(blocks, active.id)} cancelled.`,
          },
        }}
      >
        <SortableContext items={blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
          <ol ref={listRef} className="grid gap-3" aria-label="Blocks of this page">
            {blocks.map((block, i) => {
              const blockErrors = errorsFor(errors, i);
              const hasErrors = Object.keys(blockErrors).length > 0;
              const ctx: FieldContext = { idPrefix: `${baseId}-b${i}`, errors: blockErrors, videoPages, pagesListId, renderRichText };
              const isOpen = open.has(block.id);
              const summary = blockSummary(block);
              return (
                <SortableBlock key={block.id} id={block.id}>
                  {(handle) => (
                    <section aria-label={label(block, i)} className={`rounded-lg border bg-card p-3 text-card-foreground ${hasErrors ? "border-destructive" : "border-border"}`}>
                      <div className="flex flex-wrap items-center gap-2">
                        {handle}
                        <Button
                          type="button"
                          variant="ghost"
                          // w-0: the long label is cut short (truncate) rather than widening the editor on a phone.
                          className="w-0 min-w-0 flex-1 justify-start text-left"
                          aria-expanded={isOpen}
                          data-focus={`open-${block.id}`}
                          onClick={() => toggle(block.id, !isOpen)}
                        >
                          <span className="truncate">
                            {label(block, i)}
                            {summary ? <span className="font-normal text-muted-foreground"> — {summary}</span> : null}
                          </span>
                        </Button>
                        {block.hidden ? <Badge variant="outline">Hidden</Badge> : null}
                        {hasErrors ? <Badge variant="destructive">Needs attention</Badge> : null}
                        <div className="flex flex-wrap gap-1">
                          <Button type="button" size="sm" variant="outline" data-focus={`up-${block.id}`} disabled={i === 0} aria-label={`Move ${label(block, i)} up`} onClick={() => move(i, i - 1, `up-${block.id}`)}>
                            Up
                          </Button>
                          <Button type="button" size="sm" variant="outline" data-focus={`down-${block.id}`} disabled={i === blocks.length - 1} aria-label={`Move ${label(block, i)} down`} onClick={() => move(i, i + 1, `down-${block.id}`)}>
                            Down
                          </Button>
                          <Button type="button" size="sm" variant="outline" aria-label={`Duplicate ${label(block, i)}`} onClick={() => change(duplicateBlock(blocks, i), `${BLOCK_LABELS[block.type]} duplicated as block ${i + 2}.`)}>
                            Duplicate
                          </Button>
                          <Button type="button" size="sm" variant="outline" aria-label={`${block.hidden ? "Show" : "Hide"} ${label(block, i)}`} onClick={() => change(setHidden(blocks, i, !block.hidden), `${label(block, i)} ${block.hidden ? "shown" : "hidden"}.`)}>
                            {block.hidden ? "Show" : "Hide"}
                          </Button>
                          <Button type="button" size="sm" variant="outline" aria-label={`Remove ${label(block, i)}`} onClick={() => change(removeBlock(blocks, i), `${label(block, i)} removed. Discard the draft's changes to bring it back.`)}>
                            Remove
                          </Button>
                        </div>
                      </div>
                      {isOpen ? (
                        <div className="mt-3 grid gap-4 border-t border-border pt-3">
                          {BLOCK_FIELDS[block.type].map((field) => {
                            const elsewhere = lockedFields[block.id]?.[field.key];
                            if (elsewhere) {
                              return (
                                <p key={field.key} className="text-sm text-muted-foreground">
                                  <span className="font-semibold text-foreground">{field.label}</span> is edited in the {elsewhere} tab.
                                </p>
                              );
                            }
                            if (field.kind === "wording") {
                              const form = block.form as FormKind;
                              // A form without such words (the question form has no consent box) shows no field for them.
                              if (!(form in STANDARD_FORM_WORDING) || STANDARD_FORM_WORDING[form][field.key] === null) return null;
                              return (
                                <WordingInput
                                  key={`${field.key}-${form}`}
                                  ctx={ctx}
                                  path={[field.key]}
                                  label={field.label}
                                  form={form}
                                  field={field.key}
                                  value={String(block[field.key] ?? "")}
                                  onChange={(value) => onChange(blocks.map((b, j) => (j === i ? setAt(b, [field.key], value) : b)))}
                                />
                              );
                            }
                            return <FieldInput key={field.key} ctx={ctx} path={[field.key]} spec={field} value={block[field.key]} onChange={(value) => onChange(blocks.map((b, j) => (j === i ? setAt(b, [field.key], value) : b)))} />;
                          })}
                        </div>
                      ) : null}
                    </section>
                  )}
                </SortableBlock>
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${baseId}-add`}>Block type</Label>
          <NativeSelect id={`${baseId}-add`} value={adding} onChange={(e) => setAdding(e.target.value as BlockType)}>
            {ADDABLE.map((type) => (
              <option key={type} value={type}>
                {BLOCK_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          type="button"
          onClick={() => {
            const block = newBlock(adding, newBlockId(adding, blocks.map((b) => b.id)));
            setOpen((s) => new Set([...s, block.id]));
            change([...blocks, block], `${BLOCK_LABELS[adding]} added as block ${blocks.length + 1}.`, `open-${block.id}`);
          }}
        >
          Add block
        </Button>
      </div>
    </div>
  );
}

function labelOf(blocks: readonly DraftBlock[], id: string | number): string {
  const i = blocks.findIndex((b) => b.id === id);
  return i >= 0 ? `Block ${i + 1}: ${BLOCK_LABELS[blocks[i]!.type]}` : "the block";
}
