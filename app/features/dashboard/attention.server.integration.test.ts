import crypto from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { attentionCounts, attentionLinks } from "./attention.server";
import { attentionItems, tabAttention } from "./attention";
import { listRegistrations, reviewCutoff } from "#app/features/registrations/registrations.server";
import { listOutbox } from "#app/platform/mail/mailer.server";
import { countMediaFiles } from "#app/features/media/media.server";
import { cancelSchedule, getPageRecord, publishPage, saveDraft, schedulePublish } from "#app/features/pages/page-records.server";

/**
 * Each count counts what needs someone and nothing else: for every area, a
 * record that should count does and its settled twin does not.
 */

const NOW = new Date("2026-06-15T12:00:00.000Z");
const iso = (d: Date | string) => new Date(d).toISOString();
const id = () => crypto.randomUUID();

async function application(db: TestDatabase, status: string) {
  await db.db
    .insertInto("volunteer_applications")
    .values({ id: id(), name: "Jo", email: "jo@example.org", phone: "", roles: "[]", availability: "[]", message: "", consent_at: iso(NOW), status, decided_by: null, decided_at: null, hours: 0, created_at: iso(NOW), updated_at: iso(NOW) })
    .execute();
}

async function question(db: TestDatabase, status: string) {
  const answered = status === "answered";
  await db.db
    .insertInto("messages")
    .values({ id: id(), name: "Sam", email: "sam@example.org", topic: "general", message: "When is football?", status, answered_by: answered ? "staff@example.org" : null, answered_at: answered ? iso(NOW) : null, created_at: iso(NOW) })
    .execute();
}

async function testimonial(db: TestDatabase, status: string) {
  await db.db
    .insertInto("testimonials")
    .values({ id: id(), name: "Kim", role: "Parent", rating: 5, text: "Brilliant.", color: "blue", status, sort_order: 0, created_at: iso(NOW), updated_at: iso(NOW) })
    .execute();
}

async function registration(db: TestDatabase, lastContact: string, status = "new") {
  await db.db
    .insertInto("registrations")
    .values({
      id: id(), registrant: "parent", child_name: "Riley", child_dob: "2014-09-01", programmes: "[]", parent_name: "Jo", parent_phone: "07700 900456",
      parent_email: "jo@example.org", emergency_name: "Pat", emergency_phone: "01422 123456", needs: "", photo_consent: 0, declared_at: lastContact,
      status, last_contact_at: lastContact, created_at: lastContact, updated_at: lastContact,
    })
    .execute();
}

async function upload(db: TestDatabase, processing: string | null) {
  const key = id();
  await db.db
    .insertInto("media_files")
    .values({
      id: key, filename: `${key}.jpg`, original_name: "photo.jpg", file_url: `/media/${key}.jpg`, file_type: "image", file_size: 10, category: "general", alt_text: "",
      caption: null, page_assignment: null, section_assignment: null, is_active: 1, created_by: null, created_at: iso(NOW), mime_type: "image/jpeg", content_hash: null,
      width: null, height: null, placeholder: null, variants: null, poster_url: null, processing, processing_started_at: null, upload_id: null, processing_attempts: 0, processing_retry_at: null,
    })
    .execute();
}

const staff = { id: "user-1", email: "editor@example.org" };

/** A change to the page's title, saved as a draft and scheduled to go live in a day. */
async function scheduleChange(db: TestDatabase, pageId: string) {
  const record = (await getPageRecord(db, pageId))!;
  expect((await saveDraft(db, pageId, { ...record.published!, title: `${record.published!.title} (new)` }, record.version, staff)).ok).toBe(true);
  expect((await schedulePublish(db, pageId, new Date(Date.now() + 24 * 60 * 60_000), staff)).ok).toBe(true);
}

async function mail(db: TestDatabase, status: string) {
  await db.db
    .insertInto("outbox")
    .values({ id: id(), to_address: "a@example.org", from_address: "site@example.org", subject: "Hello", text: "Hi", html: null, headers: null, kind: "transactional", status, error: null, campaign_id: null, message_id: null, created_at: iso(NOW), sent_at: null, about_type: null, about_id: null })
    .execute();
}

describeEachEngine("what needs attention", (getDb) => {
  beforeEach(async () => {
    const { db } = getDb();
    for (const table of ["volunteer_applications", "messages", "testimonials", "registrations", "media_files", "outbox"] as const) await db.deleteFrom(table).execute();
    // The pages are the built-in ones the migrations made: only their schedules and bin marks are put back.
    await db.updateTable("pages").set({ scheduled_at: null, schedule_job_id: null, deleted_at: null, deleted_by: null }).execute();
  });

  it("counts pending applications, not approved, rejected or spam ones", async () => {
    const db = getDb();
    for (const status of ["pending", "pending", "approved", "rejected", "spam"]) await application(db, status);
    expect(await attentionCounts(db, ["volunteers"], NOW)).toEqual({ volunteers: 2 });
  });

  it("counts unanswered questions, not answered ones or spam", async () => {
    const db = getDb();
    for (const status of ["new", "answered", "spam"]) await question(db, status);
    expect(await attentionCounts(db, ["messages"], NOW)).toEqual({ messages: 1 });
  });

  it("counts testimonials waiting for approval, not approved or rejected ones", async () => {
    const db = getDb();
    for (const status of ["pending", "approved", "rejected"]) await testimonial(db, status);
    expect(await attentionCounts(db, ["testimonials"], NOW)).toEqual({ testimonials: 1 });
  });

  it("counts registrations deleted within 30 days or overdue, not those inside their retention period, nor spam", async () => {
    const db = getDb();
    // The default period is 24 months: June 2024 falls due on 15 June 2026.
    await registration(db, "2024-06-01T00:00:00.000Z"); // past its period: overdue for the daily run
    await registration(db, "2024-07-10T00:00:00.000Z"); // deleted on 10 July 2026, within 30 days
    await registration(db, "2024-08-01T00:00:00.000Z"); // due 1 August 2026: not yet
    await registration(db, "2026-06-01T00:00:00.000Z"); // a recent contact
    await registration(db, "2024-06-01T00:00:00.000Z", "spam"); // spam is deleted without review
    expect(await attentionCounts(db, ["registrations"], NOW)).toEqual({ registrations: 2 });
  });

  it("counts uploads that failed or are still processing, not finished ones", async () => {
    const db = getDb();
    for (const processing of ["failed", "pending", "processing", "done", null]) await upload(db, processing);
    expect(await attentionCounts(db, ["media"], NOW)).toEqual({ media: 3 });
  });

  it("counts mail that failed or still waits for the mail server, not sent mail or mail kept without one", async () => {
    const db = getDb();
    for (const status of ["failed", "sending", "sent", "outbox"]) await mail(db, status);
    expect(await attentionCounts(db, ["outbox"], NOW)).toEqual({ outbox: 2 });
  });

  it("counts no scheduled publishes when no page has a change scheduled", async () => {
    const db = getDb();
    const record = (await getPageRecord(db, "mission"))!;
    // A draft alone is not a schedule.
    await saveDraft(db, "mission", { ...record.published!, title: "Our Mission (draft)" }, record.version, staff);
    expect(await attentionCounts(db, ["scheduled"], NOW)).toEqual({ scheduled: 0 });
    expect(await attentionLinks(db, { scheduled: 0 })).toEqual({});
  });

  it("counts pages with a change scheduled, not cancelled, published or binned ones, and links a single one to its editor", async () => {
    const db = getDb();
    await scheduleChange(db, "mission");
    const one = await attentionCounts(db, ["scheduled"], NOW);
    expect(one).toEqual({ scheduled: 1 });
    const links = await attentionLinks(db, one);
    expect(links).toEqual({ scheduled: "/admin?page=mission" });
    expect(attentionItems(one, links)).toEqual([{ area: "scheduled", count: 1, href: "/admin?page=mission", text: "1 page with changes scheduled to go live" }]);

    for (const pageId of ["about", "sports", "football"]) await scheduleChange(db, pageId);
    const four = await attentionCounts(db, ["scheduled"], NOW);
    expect(four).toEqual({ scheduled: 4 });
    // Several lead to the Pages tab rather than to one of them.
    expect(await attentionLinks(db, four)).toEqual({});
    expect(attentionItems(four, await attentionLinks(db, four))[0]).toMatchObject({ href: "/admin", text: "4 pages with changes scheduled to go live" });

    expect((await cancelSchedule(db, "about", staff)).ok).toBe(true);
    // Published by hand before its time: the schedule has nothing left to do.
    expect((await publishPage(db, "sports", staff)).ok).toBe(true);
    await db.db.updateTable("pages").set({ deleted_at: iso(NOW), deleted_by: staff.id }).where("id", "=", "football").execute();
    expect(await attentionCounts(db, ["scheduled"], NOW)).toEqual({ scheduled: 1 });
    expect(await attentionLinks(db, { scheduled: 1 })).toEqual({ scheduled: "/admin?page=mission" });
    // The Pages tab carries no badge of its own: the summary sits on it.
    expect(tabAttention("/admin", { scheduled: 1 })).toBe(0);
  });

  it("counts only the areas asked for, and the summary lists only non-zero ones with their links", async () => {
    const db = getDb();
    await application(db, "pending");
    await question(db, "new");
    await question(db, "new");
    const some = await attentionCounts(db, ["messages", "testimonials"], NOW);
    expect(some).toEqual({ messages: 2, testimonials: 0 });
    expect(attentionItems(some)).toEqual([{ area: "messages", count: 2, href: "/admin/messages?status=new", text: "2 unanswered questions" }]);
    const all = await attentionCounts(db, undefined, NOW);
    expect(all).toEqual({ volunteers: 1, messages: 2, testimonials: 0, registrations: 0, media: 0, outbox: 0, scheduled: 0 });
    expect(attentionItems(all).map((item) => item.text)).toEqual(["1 volunteer application to decide", "2 unanswered questions"]);
    expect(tabAttention("/admin/volunteers", all)).toBe(1);
    expect(tabAttention("/admin/reviews", all)).toBe(0);
    expect(await attentionCounts(db, [], NOW)).toEqual({});
  });

  it("the lists the counts link to hold exactly the counted registrations, uploads and mail", async () => {
    const db = getDb();
    await registration(db, "2024-06-01T00:00:00.000Z");
    await registration(db, "2026-06-01T00:00:00.000Z");
    for (const status of ["failed", "sending", "sent", "outbox"]) await mail(db, status);
    const counts = await attentionCounts(db, ["registrations", "outbox"], NOW);
    const due = await listRegistrations(db, { lastContactBefore: reviewCutoff(NOW, 24) });
    expect(due.total).toBe(counts.registrations);
    expect(due.registrations.map((r) => r.lastContactAt)).toEqual(["2024-06-01T00:00:00.000Z"]);
    for (const processing of ["failed", "pending", "done", null]) await upload(db, processing);
    expect(await countMediaFiles(db, { unfinished: true })).toBe((await attentionCounts(db, ["media"], NOW)).media);
    expect(await countMediaFiles(db, { unfinished: true })).toBe(2);
    const unsent = await listOutbox(db, { unsent: true });
    expect(unsent.total).toBe(counts.outbox);
    expect(unsent.messages.map((m) => m.status).sort()).toEqual(["failed", "sending"]);
  });
});
