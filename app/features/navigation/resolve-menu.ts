import type { NavItem } from "#app/content/types";
import type { MenuItem, MenuLink } from "./menu-schema";

/** A page an item may link to, as the menus need it. */
export interface NavigationPage {
  id: string;
  title: string;
  path: string;
  /** False for a page visitors cannot reach or staff hid from the menu: items linking to it are left out. */
  visible: boolean;
}

/**
 * The menu as visitors see it: each page link takes its page's address now;
 * an item whose page is hidden, unpublished, in the bin or gone is left out.
 *
 * A parent left out takes its sub-items with it. Its entry is a link and its
 * drop-down belongs to it; lifting the sub-items into the top row instead
 * would rearrange the header without anyone choosing to. A parent that keeps
 * its destination but loses every sub-item shows as a plain link, never an
 * empty drop-down.
 */
export function resolveMenu(items: readonly MenuItem[], pages: readonly NavigationPage[]): NavItem[] {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const destination = (item: MenuLink): string | null => {
    if (item.pageId !== undefined) {
      const page = byId.get(item.pageId);
      return page && page.visible ? page.path : null;
    }
    return item.href ?? null;
  };
  return items.flatMap((item) => {
    const href = destination(item);
    if (href === null) return [];
    const subItems = (item.children ?? []).flatMap((child) => {
      const to = destination(child);
      return to === null ? [] : [{ name: child.label, href: to }];
    });
    return [subItems.length > 0 ? { name: item.label, href, subItems } : { name: item.label, href }];
  });
}
