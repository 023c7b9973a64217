/**
 * The navigation editor's changes, as pure functions on the menu being
 * edited: the browser runs them at once, and without JavaScript the server
 * runs the same ones on the posted form and sends the menu back unsaved, so
 * both ways behave alike until Save menu.
 */
import type { MenuItem, MenuName } from "./menu-schema";

/** An item while it is edited: both kinds of destination kept, so switching back loses nothing typed. */
export interface EditItem {
  id: string;
  label: string;
  kind: "page" | "address";
  pageId: string;
  href: string;
  children: EditItem[];
}

export const MENU_OPS = ["up", "down", "nest", "unnest", "remove"] as const;
export type MenuOp = (typeof MENU_OPS)[number];

export function toEditItems(items: readonly MenuItem[]): EditItem[] {
  return items.map((item) => ({
    id: item.id,
    label: item.label,
    kind: item.href !== undefined ? "address" : "page",
    pageId: item.pageId ?? "",
    href: item.href ?? "",
    children: toEditItems(item.children ?? []),
  }));
}

/** What is sent to be saved: the chosen destination only. */
export function toSubmission(items: readonly EditItem[], name: MenuName): MenuItem[] {
  return items.map((item) => {
    const base: MenuItem = { id: item.id, label: item.label };
    if (item.kind === "page") {
      if (item.pageId) base.pageId = item.pageId;
    } else if (item.href.trim()) {
      base.href = item.href.trim();
    }
    // The footer has no sub-items; a header item's are sent even when empty, and the store drops an empty list.
    if (name === "header" && item.children.length > 0) base.children = toSubmission(item.children, name);
    return base;
  });
}

/** The form's rows, depth first: what each item posts (site menus have two levels, so depth is 0 or 1). */
export function flattenForForm(items: readonly EditItem[]): Array<{ item: EditItem; depth: 0 | 1; parent: EditItem | null }> {
  return items.flatMap((item) => [{ item, depth: 0 as const, parent: null }, ...item.children.map((child) => ({ item: child, depth: 1 as const, parent: item }))]);
}

const field = (form: FormData, name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));

/**
 * The menu as the form posted it. A row at depth 1 belongs to the top-level
 * row before it, so the shape is two levels whatever is posted.
 */
export function editItemsFromForm(form: FormData): EditItem[] {
  const ids = field(form, "id");
  const depths = field(form, "depth");
  const labels = field(form, "label");
  const targets = field(form, "target");
  const hrefs = field(form, "href");
  const items: EditItem[] = [];
  ids.forEach((id, index) => {
    const target = targets[index] ?? "";
    const item: EditItem = {
      id,
      label: labels[index] ?? "",
      kind: target === "address" ? "address" : "page",
      pageId: target.startsWith("page:") ? target.slice(5) : "",
      href: hrefs[index] ?? "",
      children: [],
    };
    const parent = items.at(-1);
    if (depths[index] === "1" && parent) parent.children.push(item);
    else items.push(item);
  });
  return items;
}

function swap<T>(list: readonly T[], a: number, b: number): T[] {
  const next = [...list];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}

/** Moves the item `from` places to `to` within one list (the drag and drop's change). */
export function moveWithin<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * One change to the menu. Returns the same array when the change does not
 * apply (already at the top, nothing above to nest under): the buttons for
 * those are disabled, and a stale post changes nothing.
 */
export function applyMenuOp(items: readonly EditItem[], op: MenuOp, id: string, name: MenuName): readonly EditItem[] {
  const top = items.findIndex((item) => item.id === id);
  if (top >= 0) {
    const item = items[top]!;
    switch (op) {
      case "up":
        return top > 0 ? swap(items, top, top - 1) : items;
      case "down":
        return top < items.length - 1 ? swap(items, top, top + 1) : items;
      case "remove":
        return items.filter((_, index) => index !== top);
      case "nest": {
        // Only a header item with no sub-items of its own, under the one above: the menu keeps two levels.
        if (name !== "header" || top === 0 || item.children.length > 0) return items;
        const above = items[top - 1]!;
        return items.flatMap((entry, index) => (index === top ? [] : index === top - 1 ? [{ ...above, children: [...above.children, item] }] : [entry]));
      }
      case "unnest":
        return items;
    }
  }
  const parentIndex = items.findIndex((item) => item.children.some((child) => child.id === id));
  if (parentIndex < 0) return items;
  const parent = items[parentIndex]!;
  const at = parent.children.findIndex((child) => child.id === id);
  const withChildren = (children: EditItem[]) => items.map((entry, index) => (index === parentIndex ? { ...parent, children } : entry));
  switch (op) {
    case "up":
      return at > 0 ? withChildren(swap(parent.children, at, at - 1)) : items;
    case "down":
      return at < parent.children.length - 1 ? withChildren(swap(parent.children, at, at + 1)) : items;
    case "remove":
      return withChildren(parent.children.filter((_, index) => index !== at));
    case "unnest": {
      // Out of its parent, to just after it at the top level.
      const child = parent.children[at]!;
      const rest = { ...parent, children: parent.children.filter((_, index) => index !== at) };
      return items.flatMap((entry, index) => (index === parentIndex ? [rest, child] : [entry]));
    }
    case "nest":
      return items;
  }
}

/** Which of the changes apply to an item now (the rest are shown disabled). */
export function availableOps(items: readonly EditItem[], id: string, name: MenuName): Record<MenuOp, boolean> {
  const result = {} as Record<MenuOp, boolean>;
  for (const op of MENU_OPS) result[op] = applyMenuOp(items, op, id, name) !== items;
  return result;
}

/** Adds an item at the end of the menu, or of a top-level item's sub-items. */
export function addItem(items: readonly EditItem[], item: EditItem, parentId: string | null): readonly EditItem[] {
  if (!parentId) return [...items, item];
  return items.map((entry) => (entry.id === parentId ? { ...entry, children: [...entry.children, item] } : entry));
}
