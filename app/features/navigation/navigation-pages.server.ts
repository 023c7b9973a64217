import type { Database } from "#app/platform/db/db.server";
import type { NavigationPage } from "./resolve-menu";

/**
 * The pages menus may link to, with their current address and whether a
 * visitor can reach them: published, not in the bin and not hidden from the
 * menu. The one place the menus learn about pages; a page's title is its
 * published (else draft) title, for the Navigation screen's page list.
 */
export async function navigationPages({ db }: Database): Promise<NavigationPage[]> {
  const rows = await db
    .selectFrom("pages")
    .select(["id", "path", "slug", "published", "draft", "menu_hidden", "deleted_at"])
    .orderBy("category")
    .orderBy("position")
    .orderBy("path")
    .execute();
  return rows.map((row) => {
    const doc = row.published ?? row.draft;
    let title = row.slug || row.path;
    try {
      if (doc) title = (JSON.parse(doc) as { title?: string }).title ?? title;
    } catch {
      // An unreadable document keeps the address as its name; the page itself says what is wrong.
    }
    return {
      id: row.id,
      title,
      path: row.path,
      visible: row.published !== null && row.deleted_at === null && !Number(row.menu_hidden),
    };
  });
}
