import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, postToAction, releaseSite, type RouteAction } from "../../../test/route-actions";

/**
 * After saving a media file the library goes back to the list as it was
 * (its filters and page), named by the form's returnTo. Only the library's
 * own list is a way back: a returnTo that only looks like it (dot segments
 * that resolve elsewhere) goes to the plain list.
 */

const ADMIN = { email: "library@example.org", password: "shelves of pictures 42" };

describeEachEngine("the media library's way back after a save", (getDb) => {
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
      filename: "uploads/hall.png",
      originalName: "hall.png",
      fileUrl: "/media/uploads/hall.png",
      fileType: "image",
      fileSize: 1024,
      category: "general",
      altText: "The sports hall",
      caption: null,
      pageAssignment: null,
      sectionAssignment: null,
      createdBy: null,
    });
    fileId = file.id;
  });
  afterAll(() => releaseSite(route));

  const save = (returnTo: string) =>
    postToAction(route.action, "/admin/media", { intent: "update", id: fileId, returnTo, altText: "The sports hall", page: "none", section: "none" }, { cookie });

  it("keeps the list's filters and page, without the open edit form", async () => {
    expect((await save("/admin/media?page=2&edit=abc&type=image")).location).toBe("/admin/media?page=2&type=image");
  });

  it("goes to the plain list for a returnTo that resolves anywhere else", async () => {
    for (const returnTo of ["/admin/media/../..//evil.example", "/admin/media/%2e%2e/users", "/admin/mediafake", "//evil.example/admin/media", "https://evil.example/admin/media"]) {
      const answer = await save(returnTo);
      expect(answer.status, returnTo).toBe(302);
      expect(answer.location, returnTo).toBe("/admin/media");
    }
  });
});
