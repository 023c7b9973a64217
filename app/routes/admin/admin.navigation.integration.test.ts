import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, ROUTE_TEST_ORIGIN, toastOf, type ActionAnswer, type RouteAction } from "../../../test/route-actions";
// Types only: the modules are imported afresh for each engine's database, below.
import type * as NavigationRoute from "./admin.navigation";
import type * as Store from "#app/features/navigation/navigation-store.server";
import type { EditItem } from "#app/features/navigation/menu-edit";

/**
 * The Navigation screen's form posts, as a browser without JavaScript sends
 * them (every row's fields repeated in order): changes come back unsaved,
 * Save menu saves, a bad item is refused beside it and a stale save is
 * refused in words, with the typed menu kept either way.
 */

const ADMIN = { email: "menus@example.org", password: "menus route test passphrase 4" };

describeEachEngine("Navigation screen posts", (getDb) => {
  let site: { route: typeof NavigationRoute; store: typeof Store; login: RouteAction; database: { closeDatabase(): Promise<void> } };
  let cookie = "";
  beforeAll(async () => {
    configureSiteFor(getDb());
    site = {
      route: await import("./admin.navigation"),
      store: await import("#app/features/navigation/navigation-store.server"),
      login: (await import("#app/routes/auth/login")).action as RouteAction,
      database: await import("#app/platform/db/db.server"),
    };
    cookie = await firstAdminCookie(site.login, ADMIN);
  });
  afterAll(async () => {
    const { releaseSite } = await import("../../../test/route-actions");
    await releaseSite(site);
  });

  /** Posts the footer editor's form: its rows, then the extra fields. */
  async function post(items: readonly EditItem[], version: number, extra: Array<[string, string]>): Promise<ActionAnswer> {
    const body = new URLSearchParams([["menu", "footer"], ["version", String(version)]]);
    for (const item of items) {
      body.append("id", item.id);
      body.append("depth", "0");
      body.append("label", item.label);
      body.append("target", item.kind === "address" ? "address" : `page:${item.pageId}`);
      body.append("href", item.href);
    }
    for (const [key, value] of extra) body.append(key, value);
    const request = new Request(`${ROUTE_TEST_ORIGIN}/admin/navigation`, { method: "POST", headers: { Origin: ROUTE_TEST_ORIGIN, cookie }, body });
    let result: unknown;
    try {
      result = await site.route.action({ request, params: {}, context: { clientIp: "203.0.113.5" } } as never);
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      result = thrown;
    }
    if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), headers: result.headers, body: null };
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, headers: new Headers(init?.headers), body: data };
  }

  const opened = async () => {
    const loaded = await site.route.loader({ request: new Request(`${ROUTE_TEST_ORIGIN}/admin/navigation`, { headers: { cookie } }), params: {}, context: {} } as never);
    return loaded.menus.footer;
  };
  const labels = (items: unknown) => (items as EditItem[]).map((item) => item.label);

  it("moves and adds without saving, then saves with Save menu", async () => {
    const { items, version } = await opened();
    const moved = await post(items, version, [["op", "down:footer-0"]]);
    expect(moved.status).toBe(200);
    expect(labels(moved.body!.items)).toEqual(["Donate", "Join Us", "Privacy Policy", "Terms"]);
    const added = await post(moved.body!.items as EditItem[], version, [["op", "add"], ["newLabel", "Annual Report"], ["newTarget", "address"], ["newHref", "https://example.org/report"]]);
    expect(labels(added.body!.items)).toEqual(["Donate", "Join Us", "Privacy Policy", "Terms", "Annual Report"]);
    // Nothing saved yet.
    expect((await site.store.getMenu(getDb(), "footer")).version).toBe(version);
    const saved = await post(added.body!.items as EditItem[], version, [["op", "save"]]);
    expect(saved.status).toBe(302);
    expect(toastOf(saved)).toMatchObject({ title: "Footer links saved", description: "Visitors see it on every page now." });
    expect((await site.store.readPublicMenus(getDb())).footer.map((link) => link.name)).toEqual(["Donate", "Join Us", "Privacy Policy", "Terms", "Annual Report"]);
  });

  it("refuses a new item without a label, and a bad address beside its item, keeping what was typed", async () => {
    const { items, version } = await opened();
    const unnamed = await post(items, version, [["op", "add"], ["newLabel", " "], ["newTarget", "page:donate"], ["newHref", ""]]);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body!.errors).toEqual({ items: {}, new: "Give the new item a label." });
    const bad = items.map((item, index) => (index === 0 ? { ...item, kind: "address" as const, href: "javascript:alert(1)" } : item));
    const refused = await post(bad, version, [["op", "save"]]);
    expect(refused.status).toBe(400);
    expect((refused.body!.errors as { items: Record<string, string> }).items[items[0]!.id]).toMatch(/^Type an address on this site/);
    expect((refused.body!.items as EditItem[])[0]!.href).toBe("javascript:alert(1)");
    expect((await site.store.getMenu(getDb(), "footer")).version).toBe(version);
  });

  it("refuses a save over a colleague's, saying who and keeping the typed menu", async () => {
    const { items, version } = await opened();
    expect(await post(items.slice(1), version, [["op", "save"]])).toMatchObject({ status: 302 });
    const mine = items.map((item, index) => (index === 0 ? { ...item, label: "Get Involved" } : item));
    const stale = await post(mine, version, [["op", "save"]]);
    expect(stale.status).toBe(409);
    expect(stale.body!.refusal).toMatchObject({ title: "Footer links not saved", status: 409 });
    expect((stale.body!.refusal as { description: string }).description).toMatch(/^menus@example\.org saved the footer links at .+ after you opened it, so nothing was changed\. Your changes are still below/);
    expect(labels(stale.body!.items)[0]).toBe("Get Involved");
    expect((await site.store.getMenu(getDb(), "footer")).items).toHaveLength(items.length - 1);
  });
});
