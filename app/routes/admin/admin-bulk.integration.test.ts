import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, releaseSite, ROUTE_TEST_ORIGIN, type RouteAction } from "../../../test/route-actions";
import { libraryImage } from "../../../test/library-image";

/**
 * Bulk actions on the long admin lists (testimonials, media, questions),
 * called as React Router calls the route actions, with the form a browser
 * without JavaScript sends: each ticked row is one `ids` value, and
 * "Select all on this page" sends `all=1` with the page's `pageIds`.
 */

async function siteOn(db: TestDatabase) {
  configureSiteFor(db, { S3_PUBLIC_URL: "" });
  return {
    login: await import("../auth/login"),
    reviews: await import("./admin.reviews"),
    media: await import("./admin.media"),
    messages: await import("./admin.messages"),
    volunteers: await import("./admin.volunteers"),
    bin: await import("./admin.bin"),
    testimonials: await import("#app/features/testimonials/testimonials.server"),
    pages: await import("#app/features/pages/page-lifecycle.server"),
    database: await import("#app/platform/db/db.server"),
  };
}

/** The answer's toast (the cookie the redirect sets), as the next page shows it. */
function toastIn(response: Response) {
  const raw = /(?:^|, )toast=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  return raw ? (JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as { title: string; description?: string; type?: string }) : null;
}

describeEachEngine("bulk actions on admin lists", (getDb) => {
  const ADMIN = { email: "bulk@example.org", password: "many hands light work 42" };
  let site: Awaited<ReturnType<typeof siteOn>>;
  let cookie: string;
  beforeAll(async () => {
    site = await siteOn(getDb());
    cookie = await firstAdminCookie(site.login.action as RouteAction, ADMIN);
  });
  afterAll(() => releaseSite(site));

  async function post(action: RouteAction, path: string, fields: [string, string][], withCookie = true): Promise<Response> {
    const request = new Request(`${ROUTE_TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { Origin: ROUTE_TEST_ORIGIN, ...(withCookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
    });
    try {
      const result = await action({ request, params: {}, context: { clientIp: "203.0.113.5" } } as never);
      if (result instanceof Response) return result;
      const { init } = result as { init: ResponseInit | null };
      return new Response(null, { status: init?.status ?? 200 });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  const testimonial = async (name: string) => {
    const created = await site.testimonials.createTestimonial(await site.database.getDatabase(), { name, role: "", rating: "", text: "Kind words.", color: "primary" });
    if (!created.ok) throw new Error("not created");
    return created.data.id;
  };

  it("approves and deletes the ticked testimonials only, counts them, and counts one deleted meanwhile as not changed", async () => {
    const [a, b, c] = [await testimonial("Bulk A"), await testimonial("Bulk B"), await testimonial("Bulk C")];
    const approved = await post(site.reviews.action as RouteAction, "/admin/reviews", [["intent", "bulk-approve"], ["ids", a], ["ids", b]]);
    expect(approved.status).toBe(302);
    expect(toastIn(approved)?.title).toBe("2 testimonials approved");
    const db = await site.database.getDatabase();
    expect((await site.testimonials.getTestimonial(db, a))?.status).toBe("approved");
    expect((await site.testimonials.getTestimonial(db, c))?.status).toBe("pending");

    await site.testimonials.deleteTestimonial(db, b, { id: null, email: "colleague@example.org" });
    const deleted = await post(site.reviews.action as RouteAction, "/admin/reviews", [["intent", "bulk-delete"], ["ids", a], ["ids", b]]);
    expect(toastIn(deleted)).toMatchObject({ title: "1 testimonial moved to the Bin", description: "1 could not be changed. One testimonial: it was deleted meanwhile." });
    expect(await site.testimonials.getTestimonial(db, a)).toBeNull();
    expect(await site.testimonials.getTestimonial(db, c)).not.toBeNull();
    const { listBin } = await import("#app/features/bin/bin.server");
    expect((await listBin(db)).filter((i) => [a, b].includes(i.id)).map((i) => i.deletedBy).sort()).toEqual(["bulk@example.org", "colleague@example.org"]);
  });

  it("Select all on this page changes every row the page showed, and nothing else", async () => {
    const ids = [await testimonial("Page one"), await testimonial("Page two")];
    const other = await testimonial("Not on the page");
    const answer = await post(site.reviews.action as RouteAction, "/admin/reviews", [["intent", "bulk-approve"], ["all", "1"], ...ids.map((id): [string, string] => ["pageIds", id])]);
    expect(toastIn(answer)?.title).toBe("2 testimonials approved");
    const db = await site.database.getDatabase();
    expect((await site.testimonials.listTestimonials(db, "approved")).map((t) => t.id)).toEqual(expect.arrayContaining(ids));
    expect((await site.testimonials.getTestimonial(db, other))?.status).toBe("pending");
  });

  it("refuses a press with nothing (or nothing real) selected, on every list, changing nothing", async () => {
    const id = await testimonial("Untouched");
    for (const [action, path, intent] of [
      [site.reviews.action, "/admin/reviews", "bulk-delete"],
      [site.reviews.action, "/admin/reviews", "bulk-approve"],
      [site.media.action, "/admin/media", "bulk-delete"],
      [site.media.action, "/admin/media", "bulk-move"],
      [site.messages.action, "/admin/messages", "bulk-delete"],
      [site.volunteers.action, "/admin/volunteers", "bulk-delete-applications"],
    ] as const) {
      const answer = await post(action as RouteAction, path, [["intent", intent], ["ids", "not-an-id"], ["id", id]]);
      expect(answer.status, `${path} ${intent}`).toBe(400);
      expect(toastIn(answer)).toBeNull();
    }
    expect((await site.testimonials.getTestimonial(await site.database.getDatabase(), id))?.status).toBe("pending");
  });

  it("bins the unused media files, refuses the one in use naming where, and moves files to a category", async () => {
    const db = getDb();
    const free = await libraryImage(db, "Free photo");
    const used = await libraryImage(db, "Used photo");
    await db.db.insertInto("site_settings").values({ key: "og_image", value: used.file.fileUrl, updated_at: new Date().toISOString() }).execute();
    const moved = await post(site.media.action as RouteAction, "/admin/media", [["intent", "bulk-move"], ["category", "boxing"], ["ids", free.file.id], ["ids", used.file.id]]);
    expect(toastIn(moved)?.title).toBe("2 files moved to Boxing/MMA");
    const deleted = await post(site.media.action as RouteAction, "/admin/media", [["intent", "bulk-delete"], ["ids", free.file.id], ["ids", used.file.id]]);
    expect(toastIn(deleted)).toMatchObject({ title: "1 file moved to the Bin", description: "1 could not be changed. photo.png: used on the site settings (og_image)." });
    const rows = await db.db.selectFrom("media_files").select(["id", "category", "deleted_at"]).where("id", "in", [free.file.id, used.file.id]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.category, r.deleted_at !== null]]))).toEqual({ [free.file.id]: ["boxing", true], [used.file.id]: ["boxing", false] });
    const badCategory = await post(site.media.action as RouteAction, "/admin/media", [["intent", "bulk-move"], ["category", "nonsense"], ["ids", used.file.id]]);
    expect(badCategory.status).toBe(400);
  });

  it("deletes the ticked questions for good and counts them", async () => {
    const db = getDb();
    await db.db
      .insertInto("messages")
      .values(["Asker one", "Asker two"].map((name) => ({ id: crypto.randomUUID(), name, email: "asker@example.org", topic: "general", message: "When is the next session?", status: "new", answered_by: null, answered_at: null, created_at: new Date().toISOString() })))
      .execute();
    const ids = (await db.db.selectFrom("messages").select("id").where("name", "in", ["Asker one", "Asker two"]).execute()).map((r) => r.id);
    expect(ids).toHaveLength(2);
    const answer = await post(site.messages.action as RouteAction, "/admin/messages", [["intent", "bulk-delete"], ...ids.map((id): [string, string] => ["ids", id])]);
    expect(toastIn(answer)?.title).toBe("2 questions deleted");
    expect(await db.db.selectFrom("messages").select("id").where("id", "in", ids).execute()).toEqual([]);
  });

  it("refuses a bulk post without a signed-in admin, changing nothing", async () => {
    const id = await testimonial("Unsigned");
    const answer = await post(site.reviews.action as RouteAction, "/admin/reviews", [["intent", "bulk-delete"], ["ids", id]], false);
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(toastIn(answer)).toBeNull();
    expect(await site.testimonials.getTestimonial(await site.database.getDatabase(), id)).not.toBeNull();
  });

  it("the Bin's Restore and Delete permanently work through its page, refusing the wrong kind", async () => {
    const id = await testimonial("Bin page");
    await post(site.reviews.action as RouteAction, "/admin/reviews", [["intent", "bulk-delete"], ["ids", id]]);
    const wrongKind = await post(site.bin.action as RouteAction, "/admin/bin", [["intent", "restore"], ["kind", "event"], ["id", id]]);
    expect(wrongKind.status).toBe(404);
    const restored = await post(site.bin.action as RouteAction, "/admin/bin", [["intent", "restore"], ["kind", "testimonial"], ["id", id]]);
    expect(toastIn(restored)).toMatchObject({ title: "Testimonial restored", description: "Bin page is back where it was." });
    await post(site.reviews.action as RouteAction, "/admin/reviews", [["intent", "bulk-delete"], ["ids", id]]);
    const purged = await post(site.bin.action as RouteAction, "/admin/bin", [["intent", "purge"], ["kind", "testimonial"], ["id", id]]);
    expect(toastIn(purged)?.title).toBe("Testimonial deleted permanently");
    expect(await getDb().db.selectFrom("testimonials").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("keeps a page and the page it sat under in the Bin in order, saying why, through its page", async () => {
    const database = await site.database.getDatabase();
    const staff = { id: null, email: ADMIN.email };
    const parent = await site.pages.createPage(database, { title: "Bin Clubs", parentId: null, slug: "" }, staff);
    if (!parent.ok) throw new Error(parent.message);
    const child = await site.pages.createPage(database, { title: "Bin Chess", parentId: parent.id, slug: "" }, staff);
    if (!child.ok) throw new Error(child.message);
    await site.pages.deletePage(database, child.id, staff);
    await site.pages.deletePage(database, parent.id, staff);
    const purge = await post(site.bin.action as RouteAction, "/admin/bin", [["intent", "purge"], ["kind", "page"], ["id", parent.id]]);
    expect(purge.status).toBe(409);
    const restore = await post(site.bin.action as RouteAction, "/admin/bin", [["intent", "restore"], ["kind", "page"], ["id", child.id]]);
    expect(restore.status).toBe(409);
    const inBin = await getDb().db.selectFrom("pages").select("id").where("id", "in", [parent.id, child.id]).where("deleted_at", "is not", null).execute();
    expect(inBin).toHaveLength(2);
  });
});
