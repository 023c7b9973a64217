import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { failWrites } from "../../../test/failing-writes";
import { serveWithFirstAdmin } from "../../../test/site-process";
import { createMediaFile } from "#app/features/media/media.server";

/**
 * A media library save the database refuses (a full disk, a lost
 * connection) changes nothing and gives the admin their typed alt text and
 * caption back in the open edit form, rather than a redirect to the list
 * that drops them. Over HTTP against the production build, as a browser
 * without JavaScript would send it, on each database engine.
 */

const ADMIN = { email: "library@example.org", password: "shelves of pictures 42" };

describeEachEngine("a media edit the database refuses keeps what was typed", (getDb) => {
  let fileId = "";
  const served = serveWithFirstAdmin(getDb, ADMIN, async () => {
    const file = await createMediaFile(getDb(), {
      filename: "uploads/hall.png",
      originalName: "hall.png",
      fileUrl: "/media/uploads/hall.png",
      fileType: "image",
      fileSize: 1024,
      category: "general",
      altText: "The sports hall",
      caption: "Before the refit",
      pageAssignment: null,
      sectionAssignment: null,
      createdBy: null,
    });
    fileId = file.id;
  });

  const save = (fields: Record<string, string>) =>
    fetch(`${served.site.url}/admin/media?edit=${fileId}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: served.cookie, Origin: served.site.url },
      body: new URLSearchParams({ intent: "update", id: fileId, returnTo: "/admin/media", page: "about", section: "none", ...fields }),
    });

  it("answers 503 with the form still open and holding the typed alt text and caption, and changes nothing", async () => {
    await failWrites(getDb(), "media_files", true, ["update"]);
    const refused = await save({ altText: "Young people playing five-a-side", caption: "After the refit & repaint" });
    expect(refused.status).toBe(503);
    const page = (await refused.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Failed to update media file.");
    expect(page).toContain("Nothing was changed. What you typed is still in the form: save it again in a moment.");
    expect(page).toMatch(/<form[^>]*aria-label="Edit The sports hall"/);
    expect(page).toMatch(/name="altText"[^>]*value="Young people playing five-a-side"|value="Young people playing five-a-side"[^>]*name="altText"/);
    expect(page).toMatch(/name="caption"[^>]*>After the refit &amp; repaint<\/textarea>/);
    expect(page).toMatch(/<option value="about" selected="">/);

    const row = await getDb().db.selectFrom("media_files").select(["alt_text", "caption", "page_assignment"]).where("id", "=", fileId).executeTakeFirstOrThrow();
    expect(row).toEqual({ alt_text: "The sports hall", caption: "Before the refit", page_assignment: null });
  });

  it("keeps the typed edit in a form of its own when the library cannot even be read", async () => {
    const { db } = getDb();
    await sql`alter table media_files rename to media_files_away`.execute(db);
    try {
      const refused = await save({ altText: "Typed while the disk was gone", caption: "Kept anyway" });
      expect(refused.status).toBe(503);
      const page = (await refused.text()).replaceAll("<!-- -->", "");
      expect(page).toContain("Failed to update media file.");
      expect(page).toContain("Your edit");
      expect(page).toMatch(/<form[^>]*aria-label="Edit the file"/);
      expect(page).toMatch(/name="altText"[^>]*value="Typed while the disk was gone"|value="Typed while the disk was gone"[^>]*name="altText"/);
      expect(page).toMatch(/name="caption"[^>]*>Kept anyway<\/textarea>/);
      expect(page).toContain(`name="id" value="${fileId}"`);
    } finally {
      await sql`alter table media_files_away rename to media_files`.execute(db);
    }
  });

  it("saves the same form once the database is back, and returns to the list", async () => {
    await failWrites(getDb(), "media_files", false);
    const saved = await save({ altText: "Young people playing five-a-side", caption: "After the refit & repaint" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/media");
    const row = await getDb().db.selectFrom("media_files").select(["alt_text", "caption", "page_assignment"]).where("id", "=", fileId).executeTakeFirstOrThrow();
    expect(row).toEqual({ alt_text: "Young people playing five-a-side", caption: "After the refit & repaint", page_assignment: "about" });
  });

  it("tells staff when a picture's smaller sizes are still being made, or could not be made", async () => {
    const list = async () => (await (await fetch(`${served.site.url}/admin/media`, { headers: { cookie: served.cookie } })).text()).replaceAll("<!-- -->", "");
    await getDb().db.updateTable("media_files").set({ processing: "failed" }).where("id", "=", fileId).execute();
    expect(await list()).toContain("Could not be made, so phones are sent the full-size file. Uploading the picture again tries once more.");
    // Made at the next try (pending): said so until it is done.
    await getDb().db.updateTable("media_files").set({ processing: "pending", processing_retry_at: new Date(Date.now() + 3_600_000).toISOString() }).where("id", "=", fileId).execute();
    expect(await list()).toContain("Being made for phones; until then they are sent the full-size file.");
    await getDb().db.updateTable("media_files").set({ processing: null, processing_retry_at: null }).where("id", "=", fileId).execute();
    expect(await list()).not.toContain("Smaller sizes");
  });
});
