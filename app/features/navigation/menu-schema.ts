/**
 * The two menus staff edit: the header's (two levels) and the footer's links
 * (one level). An item links either to a page, by the page's id, so it
 * follows the page when its address changes, or to an address typed in.
 *
 * The tree cannot hold a loop: it is JSON nested by value, never items that
 * point at other items, and a sub-item's schema has no `children` at all (a
 * strict object refuses one), so the header has two levels by construction.
 */
import { z } from "zod";
import { safeHref } from "#app/features/pages/markdown";

export const MENU_NAMES = ["header", "footer"] as const;
export type MenuName = (typeof MENU_NAMES)[number];

export const MENU_TITLES: Record<MenuName, string> = { header: "Header menu", footer: "Footer links" };

export const MAX_LABEL = 60;
export const MAX_TOP_LEVEL = 12;
export const MAX_CHILDREN = 20;

export interface MenuLink {
  id: string;
  label: string;
  pageId?: string;
  href?: string;
}

export interface MenuItem extends MenuLink {
  children?: MenuLink[];
}

/** An address staff may type: a path on this site, or a secure web, e-mail or phone address. */
export function isAllowedAddress(href: string): boolean {
  if (!/^(\/(?!\/)|https:\/\/|mailto:|tel:)/i.test(href)) return false;
  const safe = safeHref(href);
  return safe !== null && safe.href === href;
}

const linkFields = {
  // Seeded items have readable ids ("header-2-1"); new ones a UUID.
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "This item has no valid id: reload the page." }),
  label: z
    .string({ error: "Give the item a label." })
    .trim()
    .min(1, { error: "Give the item a label." })
    .max(MAX_LABEL, { error: `Keep the label to ${MAX_LABEL} characters or fewer.` }),
  pageId: z.string().trim().min(1).max(100).optional(),
  href: z.string().trim().max(2000, { error: "That address is too long." }).optional(),
};

/** Exactly one destination, and a typed address only of the kinds above. */
function checkDestination(item: { pageId?: string; href?: string }, ctx: z.RefinementCtx) {
  if (item.pageId && item.href) {
    ctx.addIssue({ code: "custom", path: ["href"], message: "Choose a page or type an address, not both." });
  } else if (!item.pageId && !item.href) {
    ctx.addIssue({ code: "custom", path: ["href"], message: "Choose a page for this item, or type an address." });
  } else if (item.href !== undefined && !isAllowedAddress(item.href)) {
    ctx.addIssue({
      code: "custom",
      path: ["href"],
      message: "Type an address on this site starting with / (such as /donate), or one starting with https://, mailto: or tel:.",
    });
  }
}

export const menuLinkSchema = z.strictObject(linkFields).superRefine(checkDestination);

/**
 * Two items in one list going to the same place are refused: a visitor would
 * see two entries for one page, and in the editor it is nearly always the
 * same page added twice by mistake. The same page under different parents
 * (Contact, and Contact Us under it) is fine.
 */
function noRepeats(items: readonly MenuLink[], ctx: z.RefinementCtx) {
  const seen = new Map<string, string>();
  items.forEach((item, index) => {
    const to = item.pageId ? `page:${item.pageId}` : item.href ? `href:${item.href}` : null;
    if (!to) return;
    const first = seen.get(to);
    if (first !== undefined) {
      ctx.addIssue({ code: "custom", path: [index, item.pageId ? "pageId" : "href"], message: `"${first}" in this list already links there.` });
    } else {
      seen.set(to, item.label);
    }
  });
}

const childrenSchema = z
  .array(menuLinkSchema)
  .max(MAX_CHILDREN, { error: `An item can hold at most ${MAX_CHILDREN} sub-items.` })
  .superRefine(noRepeats);

export const headerItemSchema = z.strictObject({ ...linkFields, children: childrenSchema.optional() }).superRefine(checkDestination);

function uniqueIds(items: readonly MenuItem[], ctx: z.RefinementCtx) {
  const ids = new Set<string>();
  for (const item of items.flatMap((top) => [top, ...(top.children ?? [])])) {
    if (ids.has(item.id)) ctx.addIssue({ code: "custom", message: "Two items share one id: reload the page and make the change again." });
    ids.add(item.id);
  }
}

export const headerMenuSchema = z
  .array(headerItemSchema)
  .max(MAX_TOP_LEVEL, { error: `The header menu can hold at most ${MAX_TOP_LEVEL} top-level items: nest some under another item.` })
  .superRefine(noRepeats)
  .superRefine(uniqueIds);

export const footerMenuSchema = z
  .array(menuLinkSchema)
  .max(MAX_TOP_LEVEL, { error: `The footer can hold at most ${MAX_TOP_LEVEL} links.` })
  .superRefine(noRepeats)
  .superRefine(uniqueIds);

export const MENU_SCHEMAS = { header: headerMenuSchema, footer: footerMenuSchema } as const;

/** Problems with a menu, by item id (beside the item), and for the menu as a whole. */
export interface MenuErrors {
  items: Record<string, string>;
  menu?: string;
}

/** A zod failure in words, placed on the item it is about. */
export function menuErrorsFrom(issues: readonly z.core.$ZodIssue[], submitted: unknown): MenuErrors {
  const errors: MenuErrors = { items: {} };
  const list = Array.isArray(submitted) ? (submitted as unknown[]) : [];
  for (const issue of issues) {
    const [top, key, child] = issue.path;
    let item: unknown = typeof top === "number" ? list[top] : undefined;
    if (key === "children" && typeof child === "number") {
      const children = (item as { children?: unknown[] } | undefined)?.children;
      item = Array.isArray(children) ? children[child] : undefined;
    }
    const id = (item as { id?: unknown } | undefined)?.id;
    if (typeof id === "string" && !(id in errors.items)) errors.items[id] = issue.message;
    else if (typeof id !== "string") errors.menu ??= issue.message;
  }
  return errors;
}

export type MenuCheck = { ok: true; items: MenuItem[] } | { ok: false; errors: MenuErrors };

/**
 * Checks a submitted menu. `pageIds` are the pages an item may link to: an
 * item naming any other page is refused beside it.
 */
export function checkMenu(name: MenuName, submitted: unknown, pageIds: ReadonlySet<string>): MenuCheck {
  const parsed = MENU_SCHEMAS[name].safeParse(submitted);
  if (!parsed.success) return { ok: false, errors: menuErrorsFrom(parsed.error.issues, submitted) };
  const items = parsed.data as MenuItem[];
  const errors: MenuErrors = { items: {} };
  for (const item of items.flatMap((top) => [top, ...(top.children ?? [])])) {
    if (item.pageId && !pageIds.has(item.pageId)) errors.items[item.id] = "That page is no longer on the site: choose another.";
  }
  if (Object.keys(errors.items).length > 0) return { ok: false, errors };
  // An empty sub-list is stored as none, so the header shows no empty drop-down.
  return { ok: true, items: items.map(({ children, ...item }) => (children && children.length > 0 ? { ...item, children } : item)) };
}
