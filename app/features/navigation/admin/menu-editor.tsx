import { useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { GripVertical } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { addItem, applyMenuOp, availableOps, moveWithin, type EditItem, type MenuOp } from "../menu-edit";
import { MAX_LABEL, MENU_TITLES, type MenuErrors, type MenuName } from "../menu-schema";

/** A page an item can link to, as the select lists it. */
export interface PageOption {
  id: string;
  title: string;
  path: string;
}

export interface MenuEditorProps {
  name: MenuName;
  items: EditItem[];
  version: number;
  pages: PageOption[];
  errors?: MenuErrors & { new?: string };
  /** What the new-item fields held when a post without JavaScript came back. */
  newItem?: { label: string; target: string; href: string; parent: string };
}

const OP_WORDS: Record<MenuOp, string> = { up: "Move up", down: "Move down", nest: "Nest under the item above", unnest: "Move out to the top level", remove: "Remove" };

const pageTitle = (pages: readonly PageOption[], id: string) => pages.find((page) => page.id === id)?.title;

/** Where an item leads, in words, for announcements. */
function describe(item: EditItem): string {
  return item.label.trim() || "the unnamed item";
}

/**
 * One menu's editor. Every change works as a form post without JavaScript
 * (the server applies it and sends the menu back unsaved); with it, the
 * same change happens at once in the page, and items can also be dragged,
 * with the mouse or by keyboard (Space to pick up, arrows, Space to drop).
 * Nothing reaches visitors until Save menu.
 */
export function MenuEditor({ name, items: initial, version, pages, errors, newItem }: MenuEditorProps) {
  const [items, setItems] = useState<readonly EditItem[]>(initial);
  const [hydrated, setHydrated] = useState(false);
  const [said, setSaid] = useState("");
  const focusAfter = useRef<string | null>(null);
  const root = useRef<HTMLFormElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!focusAfter.current || !root.current) return;
    const [op, id] = focusAfter.current.split(/:(.*)/s);
    focusAfter.current = null;
    const same = root.current.querySelector<HTMLButtonElement>(`[data-op="${op}"][data-item="${CSS.escape(id ?? "")}"]`);
    const target = same && !same.disabled ? same : root.current.querySelector<HTMLElement>(`[data-item-label="${CSS.escape(id ?? "")}"]`);
    target?.focus();
  });

  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const labelOf = (id: unknown) => describe(items.flatMap((item) => [item, ...item.children]).find((item) => item.id === id) ?? ({ label: "" } as EditItem));
  const positionOf = (id: unknown) => {
    const list = items.some((item) => item.id === id) ? items : (items.find((item) => item.children.some((child) => child.id === id))?.children ?? []);
    return `${list.findIndex((item) => item.id === id) + 1} of ${list.length}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}, position ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${labelOf(active.id)} is over position ${positionOf(over.id)}.` : `${labelOf(active.id)} is not over a place in its list.`),
    onDragEnd: ({ active, over }) => (over ? `${labelOf(active.id)} dropped at position ${positionOf(over.id)}. Save the menu to keep the order.` : `${labelOf(active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled; it is back where it was.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const inTop = (id: unknown) => items.findIndex((item) => item.id === id);
    if (inTop(active.id) >= 0 && inTop(over.id) >= 0) {
      setItems(moveWithin(items, inTop(active.id), inTop(over.id)));
      return;
    }
    // A sub-item moves only among its parent's sub-items.
    setItems(
      items.map((item) => {
        const from = item.children.findIndex((child) => child.id === active.id);
        const to = item.children.findIndex((child) => child.id === over.id);
        return from >= 0 && to >= 0 ? { ...item, children: moveWithin(item.children, from, to) } : item;
      }),
    );
  }

  function run(op: MenuOp, item: EditItem) {
    const next = applyMenuOp(items, op, item.id, name);
    if (next === items) return;
    setItems(next);
    setSaid(`${OP_WORDS[op]}: ${describe(item)}. Save the menu to keep it.`);
    focusAfter.current = `${op}:${item.id}`;
  }

  const update = (id: string, change: Partial<EditItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : { ...item, children: item.children.map((child) => (child.id === id ? { ...child, ...change } : child)) })));

  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold">
        {MENU_TITLES[name]}
      </h3>
      <p className="text-sm text-muted-foreground">
        {name === "header"
          ? "The menu at the top of every page: up to 12 items, each with up to 20 sub-items in its drop-down."
          : "The links under the charity's name at the foot of every page: up to 12."}{" "}
        An item linked to a page follows the page if its address changes, and is left out while the page is hidden.
      </p>
      <Form method="post" ref={root} className="space-y-4" aria-label={MENU_TITLES[name]}>
        <input type="hidden" name="menu" value={name} />
        <input type="hidden" name="version" value={version} />
        {errors?.menu ? <FieldError id={`${name}-menu-error`} errors={errors.menu} className="rounded-md border border-destructive p-3" /> : null}
        <DndContext id={`menu-${name}`} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: "To move an item, press Space, then the up and down arrows, then Space again to drop it, or Escape to cancel." } }}>
          <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-3" aria-label={`${MENU_TITLES[name]} items`}>
              {items.map((item) => (
                <ItemRow key={item.id} item={item} parent={null} name={name} items={items} pages={pages} errors={errors} hydrated={hydrated} run={run} update={update} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
        {items.length === 0 ? <p className="text-sm text-muted-foreground">No items: visitors see no {name === "header" ? "menu" : "extra links"}.</p> : null}
        <NewItemFields
          name={name}
          items={items}
          pages={pages}
          error={errors?.new}
          initial={newItem}
          hydrated={hydrated}
          onAdd={(item, parentId) => {
            setItems(addItem(items, item, parentId));
            setSaid(`Added ${describe(item)}. Save the menu to show it to visitors.`);
            focusAfter.current = `label:${item.id}`;
          }}
        />
        <p role="status" className="sr-only">
          {said}
        </p>
        <Button type="submit" name="op" value="save">
          Save menu
        </Button>
      </Form>
    </section>
  );
}

interface RowProps {
  item: EditItem;
  parent: EditItem | null;
  name: MenuName;
  items: readonly EditItem[];
  pages: PageOption[];
  errors?: MenuErrors;
  hydrated: boolean;
  run: (op: MenuOp, item: EditItem) => void;
  update: (id: string, change: Partial<EditItem>) => void;
}

function ItemRow({ item, parent, name, items, pages, errors, hydrated, run, update }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const base = `${name}-${item.id}`;
  const error = errors?.items[item.id];
  const ops = availableOps(items, item.id, name);
  const shown = (op: MenuOp) => (op === "nest" ? name === "header" && parent === null : op === "unnest" ? parent !== null : true);
  const style = transform ? { transform: `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`, transition } : undefined;
  const title = item.label.trim() || "New item";
  return (
    <li ref={setNodeRef} style={style} className={`rounded-md border border-border bg-card p-3 ${isDragging ? "relative z-10 shadow-lg" : ""}`}>
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="depth" value={parent ? 1 : 0} />
      {/* Named after the item, so each row's fields and buttons are told apart. */}
      <div role="group" aria-label={parent ? `${title} (under ${parent.label.trim() || "the unnamed item"})` : title}>
      <div className="flex items-start gap-2">
        {hydrated ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag to reorder: ${title}`}
            className="inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md border border-border hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <GripVertical aria-hidden="true" className="size-5" />
          </button>
        ) : null}
        <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-3">
          <div className="space-y-1">
            <Label htmlFor={`${base}-label`}>Label</Label>
            <Input
              id={`${base}-label`}
              name="label"
              data-item-label={item.id}
              value={item.label}
              maxLength={MAX_LABEL + 20}
              onChange={(event) => update(item.id, { label: event.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${base}-error` : undefined}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${base}-target`}>Links to</Label>
            <NativeSelect
              id={`${base}-target`}
              name="target"
              value={item.kind === "address" ? "address" : `page:${item.pageId}`}
              onChange={(event) => {
                const value = event.target.value;
                update(item.id, value === "address" ? { kind: "address" } : { kind: "page", pageId: value.slice(5) });
              }}
            >
              <PageOptions pages={pages} current={item.kind === "page" ? item.pageId : ""} />
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${base}-href`}>Address (when it links to an address)</Label>
            <Input
              id={`${base}-href`}
              name="href"
              value={item.href}
              placeholder="/donate or https://…"
              onChange={(event) => update(item.id, { href: event.target.value, kind: "address" })}
            />
          </div>
        </div>
      </div>
      <FieldError id={`${base}-error`} errors={error} className="mt-2" />
      <div className="mt-3 flex flex-wrap gap-2">
        {(Object.keys(OP_WORDS) as MenuOp[]).filter(shown).map((op) => (
          <Button
            key={op}
            type="submit"
            name="op"
            value={`${op}:${item.id}`}
            variant={op === "remove" ? "outline" : "secondary"}
            size="sm"
            // The words shown, then which item: every row has the same buttons.
            aria-label={`${OP_WORDS[op]}: ${title}`}
            data-op={op}
            data-item={item.id}
            disabled={!ops[op]}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              run(op, item);
            }}
          >
            {OP_WORDS[op]}
          </Button>
        ))}
      </div>
      </div>
      {item.children.length > 0 ? (
        <SortableContext items={item.children.map((child) => child.id)} strategy={verticalListSortingStrategy}>
          <ol className="mt-3 space-y-3 border-l-2 border-border pl-3 sm:pl-6" aria-label={`Sub-items of ${title}`}>
            {item.children.map((child) => (
              <ItemRow key={child.id} item={child} parent={item} name={name} items={items} pages={pages} errors={errors} hydrated={hydrated} run={run} update={update} />
            ))}
          </ol>
        </SortableContext>
      ) : null}
    </li>
  );
}

/** The select's choices: every page, a page no longer listed (so the item still shows what it had), and an address. */
function PageOptions({ pages, current }: { pages: PageOption[]; current: string }) {
  return (
    <>
      <option value="page:">Choose a page…</option>
      {current && !pageTitle(pages, current) ? <option value={`page:${current}`}>A page no longer on the site</option> : null}
      {pages.map((page) => (
        <option key={page.id} value={`page:${page.id}`}>
          {page.title} ({page.path})
        </option>
      ))}
      <option value="address">An address (type it beside)</option>
    </>
  );
}

interface NewItemProps {
  name: MenuName;
  items: readonly EditItem[];
  pages: PageOption[];
  error?: string;
  initial?: { label: string; target: string; href: string; parent: string };
  hydrated: boolean;
  onAdd: (item: EditItem, parentId: string | null) => void;
}

/** The fields for a new item; Add item puts it in the menu above (still unsaved). */
function NewItemFields({ name, items, pages, error: serverError, initial, hydrated, onAdd }: NewItemProps) {
  const [label, setLabel] = useState(initial?.label ?? "");
  const [target, setTarget] = useState(initial?.target ?? "page:");
  const [href, setHref] = useState(initial?.href ?? "");
  const [parent, setParent] = useState(initial?.parent ?? "");
  const [error, setError] = useState(serverError);
  const base = `${name}-new`;
  return (
    <fieldset className="space-y-3 rounded-md border border-dashed border-border p-3">
      <legend className="px-1 text-sm font-semibold">Add an item</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${base}-label`}>New item's label</Label>
          <Input id={`${base}-label`} name="newLabel" value={label} onChange={(event) => setLabel(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${base}-error` : undefined} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${base}-target`}>New item links to</Label>
          <NativeSelect id={`${base}-target`} name="newTarget" value={target} onChange={(event) => setTarget(event.target.value)}>
            <PageOptions pages={pages} current="" />
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${base}-href`}>New item's address (when it links to an address)</Label>
          <Input id={`${base}-href`} name="newHref" value={href} placeholder="/donate or https://…" onChange={(event) => { setHref(event.target.value); setTarget("address"); }} />
        </div>
        {name === "header" ? (
          <div className="space-y-1">
            <Label htmlFor={`${base}-parent`}>Where</Label>
            <NativeSelect id={`${base}-parent`} name="newParent" value={parent} onChange={(event) => setParent(event.target.value)}>
              <option value="">At the top level</option>
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  Under {item.label.trim() || "the unnamed item"}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
      </div>
      <FieldError id={`${base}-error`} errors={error} />
      <Button
        type="submit"
        name="op"
        value="add"
        variant="secondary"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          const made = newEditItem(label, target, href);
          if (typeof made === "string") {
            setError(made);
            return;
          }
          setError(undefined);
          onAdd(made, items.some((item) => item.id === parent) ? parent : null);
          setLabel("");
          setHref("");
          setTarget("page:");
        }}
      >
        Add item
      </Button>
    </fieldset>
  );
}

/** A new item from the add fields, or what is missing, in words (the server asks the same). */
export function newEditItem(label: string, target: string, href: string): EditItem | string {
  if (!label.trim()) return "Give the new item a label.";
  if (target === "address" ? !href.trim() : target === "page:" || !target.startsWith("page:")) return "Choose a page for the new item, or type its address.";
  const id = globalThis.crypto.randomUUID();
  return target === "address"
    ? { id, label: label.trim(), kind: "address", pageId: "", href: href.trim(), children: [] }
    : { id, label: label.trim(), kind: "page", pageId: target.slice(5), href: "", children: [] };
}
