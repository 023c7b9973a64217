import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, postToAction, releaseSite, type RouteAction } from "../../../test/route-actions";

/**
 * A file's category can be changed after upload from its edit form: the
 * save moves it, the audit log says who moved it from what to what, and a
 * category the form never offers leaves it where it was.
 */

const ADMIN = { email: "categories@example.org", password: "boxes on the right shelf 7" };

describeEachEngine("changing a media file's category after upload", (getDb) => {
  let route: { action: RouteAction; login: RouteAction; database: { closeDatabase(): Promise<void> } };
  let cookie = "";
  let fileId = "";
  beforeAll(async () => {
    configureSiteFor(getDb());
    route = {
      action: (await import("./admin.media")).action as RouteAction,
      login: (await import("../auth/login")).action as RouteAction,
      database: await import("#app/platform/db/db.server"),
    };
    cookie = await firstAdminCookie(route.login, ADMIN);
    const { createMediaFile } = await import("#app/features/media/media.server");
    const file = await createMediaFile(getDb(), {
      filename: "uploads/ride.png",
      originalName: "ride.png",
      fileUrl: "/media/uploads/ride.png",
      fileType: "image",
      fileSize: 1024,
      category: "general",
      altText: "Riders on the canal path",
      caption: null,
      pageAssignment: null,
      sectionAssignment: null,
      createdBy: null,
    });
    fileId = file.id;
  });
  afterAll(() => releaseSite(route));

  const save = (category: string) =>
    postToAction(route.action, "/admin/media", { intent: "update", id: fileId, returnTo: "/admin/media", altText: "Riders on the canal path", caption: "", category, page: "none", section: "none" }, { cookie });
  const stored = async () => (await getDb().db.selectFrom("media_files").select("category").where("id", "=", fileId).executeTakeFirstOrThrow()).category;
  const audited = async () =>
    (await getDb().db.selectFrom("audit_log").select(["action", "actor_email", "detail"]).where("action", "=", "media.updated").execute()).map((row) => ({
      by: row.actor_email,
      detail: JSON.parse(row.detail ?? "{}") as Record<string, unknown>,
    }));

  it("moves the file to the category chosen, and records who did it", async () => {
    expect((await save("cycling")).status).toBe(302);
    expect(await stored()).toBe("cycling");
    expect(await audited()).toEqual([{ by: ADMIN.email, detail: { id: fileId, name: "ride.png", changed: "category", fromCategory: "general", toCategory: "cycling" } }]);
  });

  it("keeps the category for a value the form does not offer, and logs nothing when nothing changed", async () => {
    expect((await save("not-a-category")).status).toBe(302);
    expect(await stored()).toBe("cycling");
    expect(await audited()).toHaveLength(1);
  });
});
