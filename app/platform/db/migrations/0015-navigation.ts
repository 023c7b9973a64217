import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";
import { NAVIGATION, SECONDARY_LINKS } from "#app/content/navigation";
import { BUILT_IN_PAGES } from "#app/content/pages";
import type { NavItem } from "#app/content/types";

/**
 * The header menu and the footer's links as content staff edit: one row per
 * menu, its items as JSON (app/features/navigation/menu-schema.ts), and a
 * version every save bumps, so an editor opened before someone else's save
 * is refused rather than silently overwriting it.
 *
 * Seeded, on a fresh install and on an existing one alike, with the menus
 * the site showed until now; a link to a built-in page is stored as the
 * page's id, so it follows the page if its address changes. Numbered 0015
 * because 0014 (page records) was being written at the same time.
 */

interface SeedLink {
  id: string;
  label: string;
  pageId?: string;
  href?: string;
}

const pageIdByPath = new Map(BUILT_IN_PAGES.map((page) => [page.path, page.id]));

function seedLink(item: NavItem, id: string): SeedLink {
  const pageId = pageIdByPath.get(item.href);
  return pageId ? { id, label: item.name, pageId } : { id, label: item.name, href: item.href };
}

/** The menus as they were in code, as items: ids are their place ("header-6-1"), stable for the seed. */
export function navigationSeed(): { header: Array<SeedLink & { children?: SeedLink[] }>; footer: SeedLink[] } {
  return {
    header: NAVIGATION.map((item, i) => {
      const link = seedLink(item, `header-${i}`);
      return item.subItems ? { ...link, children: item.subItems.map((sub, j) => seedLink(sub, `header-${i}-${j}`)) } : link;
    }),
    footer: SECONDARY_LINKS.map((item, i) => seedLink(item, `footer-${i}`)),
  };
}

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("navigation_menus")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("items", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addColumn("updated_by_email", "text")
    .execute();
  const seed = navigationSeed();
  const now = new Date().toISOString();
  const kdb = db as Kysely<{ navigation_menus: { name: string; items: string; version: number; updated_at: string; updated_by: string | null; updated_by_email: string | null } }>;
  await kdb
    .insertInto("navigation_menus")
    .values([
      { name: "header", items: JSON.stringify(seed.header), version: 1, updated_at: now, updated_by: null, updated_by_email: null },
      { name: "footer", items: JSON.stringify(seed.footer), version: 1, updated_at: now, updated_by: null, updated_by_email: null },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("navigation_menus").execute();
}
