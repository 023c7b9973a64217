import { BUILT_IN_PAGES } from "#app/content/pages";
import type { Database } from "#app/platform/db/db.server";
import type { NavigationPage } from "./resolve-menu";

/**
 * The pages menus may link to, with their current address and whether a
 * visitor can reach them. The one place the menus learn about pages: today
 * the built-in catalogue (every page public); once pages are records it
 * reads them (published, not in the bin, not hidden from the menu).
 */
export async function navigationPages(_database: Database): Promise<NavigationPage[]> {
  return BUILT_IN_PAGES.map((page) => ({ id: page.id, title: page.title, path: page.path, visible: true }));
}
