import { BUILT_IN_PAGES } from "#app/content/pages";
import type { NavItem } from "#app/content/types";
import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import { bumpContentVersion, keptUntilContentChanges, notifyContentChange } from "#app/platform/content-version.server";
import { getDatabase, nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { navigationSeed } from "#app/platform/db/migrations/0015-navigation";
import { logger } from "#app/platform/log/logger.server";
import { noteFallback } from "#app/platform/render/fallback-watch.server";
import { checkMenu, MENU_SCHEMAS, type MenuErrors, type MenuItem, type MenuName } from "./menu-schema";
import { navigationPages } from "./navigation-pages.server";
import { resolveMenu } from "./resolve-menu";

/**
 * The header menu and the footer links as stored (migration 0015): one row
 * per menu with a version every save bumps. A save names the version its
 * editor opened; a save over a newer one changes nothing.
 */

export interface StoredMenu {
  name: MenuName;
  items: MenuItem[];
  version: number;
  updatedAt: string | null;
  updatedByEmail: string | null;
}

/** Stored items passed the schema on the way in; read through it again so a hand-edited row cannot break every page. */
function parseItems(name: MenuName, raw: string): MenuItem[] | null {
  try {
    const parsed = MENU_SCHEMAS[name].safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as MenuItem[]) : null;
  } catch {
    return null;
  }
}

export async function getMenu({ db }: Database, name: MenuName): Promise<StoredMenu> {
  const row = await db.selectFrom("navigation_menus").selectAll().where("name", "=", name).executeTakeFirst();
  const items = row ? parseItems(name, row.items) : null;
  if (row && !items) logger.error({ menu: name }, "stored menu does not match its schema; showing the built-in one");
  return {
    name,
    // A backup from before menus were stored (or an unreadable row) shows the menu the site always had.
    items: items ?? (navigationSeed()[name] as MenuItem[]),
    version: row ? toNum(row.version) : 0,
    updatedAt: row?.updated_at ?? null,
    updatedByEmail: row?.updated_by_email ?? null,
  };
}

export type SaveMenuResult =
  | { ok: true; version: number }
  | { ok: false; reason: "invalid"; errors: MenuErrors }
  | { ok: false; reason: "conflict"; current: { version: number; updatedAt: string | null; updatedByEmail: string | null } };

/**
 * Saves a menu from the editor, with the audit entry, in one transaction
 * that also bumps the content version (so cached pages and their header or
 * footer are rendered again). `baseVersion` is the version the editor
 * opened: if someone has saved since, nothing changes and theirs is named.
 */
export async function saveMenu(database: Database, name: MenuName, submitted: unknown, baseVersion: number, actor: Actor): Promise<SaveMenuResult> {
  const pages = await navigationPages(database);
  const checked = checkMenu(name, submitted, new Set(pages.map((page) => page.id)));
  if (!checked.ok) return { ok: false, reason: "invalid", errors: checked.errors };
  const now = nowIso();
  const result = await database.db.transaction().execute(async (trx): Promise<SaveMenuResult> => {
    // First, so two saves on PostgreSQL take turns and the second reads what the first wrote.
    await bumpContentVersion(trx);
    const row = await trx.selectFrom("navigation_menus").select(["version", "updated_at", "updated_by_email"]).where("name", "=", name).executeTakeFirst();
    const current = row ? toNum(row.version) : 0;
    if (current !== baseVersion) {
      // Thrown away with the bump: nothing changed.
      throw new StaleMenu({ version: current, updatedAt: row?.updated_at ?? null, updatedByEmail: row?.updated_by_email ?? null });
    }
    const values = { items: JSON.stringify(checked.items), version: current + 1, updated_at: now, updated_by: actor.id, updated_by_email: actor.email };
    await trx
      .insertInto("navigation_menus")
      .values({ name, ...values })
      .onConflict((oc) => oc.column("name").doUpdateSet(values))
      .execute();
    const count = checked.items.reduce((sum, item) => sum + 1 + (item.children?.length ?? 0), 0);
    await recordAudit({ ...database, db: trx }, { action: "navigation.saved", actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, detail: { menu: name, items: count } });
    return { ok: true, version: current + 1 };
  }).catch((error: unknown) => {
    if (error instanceof StaleMenu) return { ok: false as const, reason: "conflict" as const, current: error.current };
    throw error;
  });
  if (result.ok) notifyContentChange({ kind: "navigation" });
  return result;
}

class StaleMenu extends Error {
  constructor(readonly current: { version: number; updatedAt: string | null; updatedByEmail: string | null }) {
    super("menu saved by someone else since the editor opened");
  }
}

/** The menus as visitors see them. */
export interface PublicMenus {
  header: NavItem[];
  footer: NavItem[];
}

/** The menus resolved against the pages now (uncached; getPublicMenus keeps them). */
export async function readPublicMenus(database: Database): Promise<PublicMenus> {
  const [header, footer, pages] = await Promise.all([getMenu(database, "header"), getMenu(database, "footer"), navigationPages(database)]);
  return { header: resolveMenu(header.items, pages), footer: resolveMenu(footer.items, pages) };
}

const keptMenus = keptUntilContentChanges((database) => readPublicMenus(database));

/** The built-in menus, resolved against the built-in pages: what shows if the stored ones cannot be read. */
function fallbackMenus(): PublicMenus {
  const seed = navigationSeed();
  const pages = BUILT_IN_PAGES.map((page) => ({ id: page.id, title: page.title, path: page.path, visible: true }));
  return { header: resolveMenu(seed.header as MenuItem[], pages), footer: resolveMenu(seed.footer as MenuItem[], pages) };
}

/**
 * The header menu and footer links for a public page. Every page reads
 * them, so they are kept until the next save of any content (decision 011).
 * Never throws: if the database cannot be read the built-in menus show.
 */
export async function getPublicMenus(): Promise<PublicMenus> {
  try {
    return await keptMenus(await getDatabase(), "menus");
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "failed to read the menus; showing the built-in ones");
    noteFallback();
    return fallbackMenus();
  }
}
