import { slugWords } from "#app/web/slug";
import type { Database } from "#app/platform/db/db.server";
import { nowIso } from "#app/platform/db/db.server";
import { bumpContentVersion, notifyContentChange } from "#app/platform/content-version.server";
import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import { normalizePagePath } from "./page-records.server";
import { CONTENT_TEMPLATE } from "./seed/seed-document";

/**
 * A page's address: what one may be, and moving a page to another (its
 * children move with it, and every old address answers 301 to the new one).
 */

/**
 * Addresses the site itself answers — the admin, sign-in, files, feeds and
 * the routes that own a path and what is under it — so a page there would
 * never be seen, or would hide them.
 */
const RESERVED = [
  "/admin",
  "/auth",
  "/media",
  "/api",
  "/login",
  "/logout",
  "/confirm-password",
  "/invite",
  "/two-factor",
  "/events",
  "/news",
  "/newsletter",
  "/healthz",
  "/readyz",
  "/robots.txt",
  "/sitemap.xml",
  "/theme",
  "/favicon.svg",
  "/images",
  "/assets",
  "/uploads",
];

/** Why a path cannot be a page's address, or null when it can. */
export function pathProblem(path: string): string | null {
  if (!path.startsWith("/")) return "An address starts with /, for example /what-we-offer/new-club.";
  if (path === "/") return "/ is the home page's address.";
  if (!/^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/.test(path)) {
    return "Use lower-case letters, digits and hyphens between the slashes, for example /what-we-offer/new-club.";
  }
  if (path.length > 200) return "An address must be at most 200 characters.";
  const reserved = RESERVED.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (reserved) return `${reserved} belongs to the site itself: choose another address.`;
  return null;
}

/** A slug suggested from a title: "Youth Club (Tuesdays)" → "youth-club-tuesdays". */
export function slugFromTitle(title: string): string {
  return slugWords(title, 60);
}

export type MoveResult = { ok: true; path: string } | { ok: false; reason: "unknown-page" } | { ok: false; reason: "refused"; message: string };

const parentOf = (path: string) => (path.lastIndexOf("/") <= 0 ? "/" : path.slice(0, path.lastIndexOf("/")));

/**
 * Gives a page a new address. Refused, changing nothing, for an address
 * that is reserved, taken by another page, or under the page itself, and for
 * a page whose route owns its address. The old addresses of the page and of
 * each page under it are kept as redirects; a redirect at the new address
 * is dropped, since a page lives there now.
 */
export async function movePage(database: Database, id: string, requested: string, actor: Actor): Promise<MoveResult> {
  const to = normalizePagePath(requested.trim());
  const problem = pathProblem(to);
  if (problem) return { ok: false, reason: "refused", message: problem };
  const outcome = await database.db.transaction().execute(async (trx): Promise<MoveResult & { from?: string }> => {
    const page = await trx.selectFrom("pages").selectAll().where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
    if (!page) return { ok: false, reason: "unknown-page" };
    const from = page.path;
    if (page.template !== CONTENT_TEMPLATE) {
      return { ok: false, reason: "refused", message: "This page's address belongs to its form or list, so it cannot change." };
    }
    if (to === from) return { ok: false, reason: "refused", message: "That is the page's address already." };
    if (to.startsWith(`${from}/`)) return { ok: false, reason: "refused", message: "A page cannot move under itself." };
    const live = await trx.selectFrom("pages").select(["id", "path"]).where("deleted_at", "is", null).execute();
    const moving = live.filter((p) => p.path === from || p.path.startsWith(`${from}/`));
    const movingIds = new Set(moving.map((p) => p.id));
    const renamed = moving.map((p) => ({ id: p.id, from: p.path, to: to + p.path.slice(from.length) }));
    const taken = new Map(live.filter((p) => !movingIds.has(p.id)).map((p) => [p.path, p.id]));
    const clash = renamed.find((p) => taken.has(p.to));
    if (clash) return { ok: false, reason: "refused", message: `${clash.to} is already the address of another page: choose another.` };
    const parentPath = parentOf(to);
    const parent = live.find((p) => p.path === parentPath && !movingIds.has(p.id));
    const now = nowIso();
    for (const p of renamed) {
      // Paths are unique among live pages: park each on a temporary address first, so swapping with a child never collides mid-way.
      await trx.updateTable("pages").set({ path: `${p.to}~moving~${p.id}` }).where("id", "=", p.id).execute();
    }
    for (const p of renamed) {
      await trx.updateTable("pages").set({ path: p.to }).where("id", "=", p.id).execute();
      await trx.deleteFrom("page_redirects").where("path", "=", p.to).execute();
      await trx
        .insertInto("page_redirects")
        .values({ path: p.from, page_id: p.id, created_at: now })
        .onConflict((oc) => oc.column("path").doUpdateSet({ page_id: p.id, created_at: now }))
        .execute();
    }
    await trx
      .updateTable("pages")
      .set((eb) => ({
        slug: to.slice(to.lastIndexOf("/") + 1),
        parent_id: parent?.id ?? null,
        version: eb("version", "+", 1),
        updated_at: now,
        updated_by: actor.id,
        updated_by_email: actor.email,
      }))
      .where("id", "=", id)
      .execute();
    await bumpContentVersion(trx);
    return { ok: true, path: to, from };
  });
  if (!outcome.ok) return outcome;
  notifyContentChange({ kind: "page", pageId: id });
  await recordAudit(database, { action: "page.moved", actorId: actor.id, actorEmail: actor.email, ip: actor.ip, detail: { pageId: id, from: outcome.from, to } });
  return { ok: true, path: to };
}
