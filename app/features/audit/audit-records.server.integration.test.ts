import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { recordAudit } from "./audit.server";
import { recentActivity } from "./audit-records.server";
import { sentenceText } from "./audit-sentences";

describeEachEngine("recent activity in words", (getDb) => {
  it("names staff and records, links to records that still exist, and leaves out sign-ins and views", async () => {
    const database = getDb();
    const now = new Date().toISOString();
    await database.db
      .insertInto("users")
      .values([
        { id: "u-sam", name: "Sam Staff", email: "sam@example.org", email_verified: 1, image: null, role: "admin", created_at: now, updated_at: now, two_factor_enabled: 0 },
        // Named after the address's first part (as admin:create does): the address is shown instead.
        { id: "u-lee", name: "lee", email: "lee@example.org", email_verified: 1, image: null, role: "admin", created_at: now, updated_at: now, two_factor_enabled: 0 },
      ])
      .execute();
    await database.db
      .insertInto("volunteer_applications")
      .values({ id: "app-jo", name: "Jo Applicant", email: "jo@example.org", phone: "", roles: "[]", availability: "[]", message: "", consent_at: now, status: "approved", decided_by: "sam@example.org", decided_at: now, hours: 0, created_at: now, updated_at: now })
      .execute();
    await recordAudit(database, { action: "volunteer-application.approved", actorId: "u-sam", actorEmail: "sam@example.org", detail: { applicationId: "app-jo" } });
    await recordAudit(database, { action: "volunteer-application.rejected", actorId: "u-lee", actorEmail: "lee@example.org", detail: { applicationId: "app-gone" } });
    await recordAudit(database, { action: "sign-in.success", actorId: "u-sam", actorEmail: "sam@example.org" });
    await recordAudit(database, { action: "registration.viewed", actorId: "u-sam", actorEmail: "sam@example.org", detail: { registrationId: "r1" } });

    const activity = await recentActivity(database, 8);
    expect(activity.map((item) => sentenceText(item.sentence))).toEqual([
      "lee@example.org rejected a volunteer application (since deleted)",
      "Sam Staff approved Jo Applicant's application",
    ]);
    expect(activity[1]!.sentence).toContainEqual({ text: "Jo Applicant's application", href: "/admin/volunteers/applications/app-jo" });
    expect(await recentActivity(database, 1)).toHaveLength(1);
  });

  it("links a media file and an event while they can be opened, and not once they are in the Bin", async () => {
    const database = getDb();
    const { createMediaFile } = await import("#app/features/media/media.server");
    const kept = await createMediaFile(database, { filename: "uploads/kept.png", originalName: "kept.png", fileUrl: "/media/uploads/kept.png", fileType: "image", fileSize: 10, category: "general", altText: "Kept", caption: null, pageAssignment: null, sectionAssignment: null, createdBy: null });
    const binned = await createMediaFile(database, { filename: "uploads/binned.png", originalName: "binned.png", fileUrl: "/media/uploads/binned.png", fileType: "image", fileSize: 10, category: "general", altText: "Binned", caption: null, pageAssignment: null, sectionAssignment: null, createdBy: null });
    await database.db.updateTable("media_files").set({ deleted_at: new Date().toISOString(), deleted_by: "sam@example.org" }).where("id", "=", binned.id).execute();
    await recordAudit(database, { action: "media.updated", actorId: "u-sam", actorEmail: "sam@example.org", detail: { id: kept.id, name: "kept.png", changed: "caption" } });
    await recordAudit(database, { action: "bin.deleted", actorId: "u-sam", actorEmail: "sam@example.org", detail: { kind: "media", id: binned.id, name: "binned.png" } });
    await recordAudit(database, { action: "bin.purged", actorId: "u-sam", actorEmail: "sam@example.org", detail: { kind: "event", id: "event-gone", name: "Old ride" } });

    const [purged, moved, edited] = await recentActivity(database, 3);
    expect(purged!.sentence.every((part) => typeof part === "string" || part.href === "/admin/bin")).toBe(true);
    expect(sentenceText(purged!.sentence)).toBe('Sam Staff deleted the event "Old ride" permanently from the Bin');
    expect(moved!.sentence).toContain('the media file "binned.png"');
    expect(edited!.sentence).toContainEqual({ text: 'the media file "kept.png"', href: `/admin/media?q=kept.png&edit=${kept.id}` });
  });
});
