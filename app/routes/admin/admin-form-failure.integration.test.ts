import crypto from "node:crypto";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { failWrites } from "../../../test/failing-writes";
import { serveWithFirstAdmin } from "../../../test/site-process";
import type { DatabaseSchema } from "#app/platform/db/schema";
import { VIDEO_PAGES } from "#app/features/videos/video.schema";
import { readSettings, settingsVersion } from "#app/features/settings/site-settings.server";

/**
 * A save the database refuses (a full disk, a lost connection) changes
 * nothing and gives the admin the same form back, filled with what they
 * typed and with a message above it, rather than an error page that drops
 * it: events, videos, testimonials, volunteer roles, the settings and a
 * newsletter campaign. Over HTTP against the production build, as a
 * browser without JavaScript sends it, on each database engine; the same
 * form sent again once the database is back is saved.
 */

const ADMIN = { email: "forms@example.org", password: "typed it all twice 42" };
const KEPT = "Nothing was changed. What you typed is still in the form: save it again in a moment.";

/** React's escaping of text and attribute values, for the characters these tests type. */
const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The page has an input named `name` holding `value`. */
function expectInput(page: string, name: string, value: string) {
  const v = escaped(value).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  expect(page, `${name} keeps ${value}`).toMatch(new RegExp(`<input[^>]*(name="${name}"[^>]*value="${v}"|value="${v}"[^>]*name="${name}")`));
}

/** The page has a textarea named `name` holding `value`. */
function expectTextarea(page: string, name: string, value: string) {
  expect(page, `${name} keeps ${value}`).toMatch(new RegExp(`<textarea[^>]*name="${name}"[^>]*>${escaped(value).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</textarea>`));
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeEachEngine("an admin form the database refuses to save keeps what was typed", (getDb) => {
  const served = serveWithFirstAdmin(getDb, ADMIN);

  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${served.site.url}${path}`, { method: "POST", redirect: "manual", headers: { cookie: served.cookie, Origin: served.site.url }, body: new URLSearchParams(fields) });

  const rows = async (table: keyof DatabaseSchema) => Number((await getDb().db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  /** Sends the form while `table` refuses writes: a 503 with the title, the kept-text message and the page read back without React's text separators. */
  async function refused(table: keyof DatabaseSchema, path: string, fields: Record<string, string>, title: string): Promise<string> {
    const before = await rows(table);
    await failWrites(getDb(), table, true);
    try {
      const response = await post(path, fields);
      expect(response.status).toBe(503);
      const page = (await response.text()).replaceAll("<!-- -->", "");
      expect(page).toContain(title);
      expect(await rows(table)).toBe(before);
      return page;
    } finally {
      await failWrites(getDb(), table, false);
    }
  }

  it("an event being created or edited: the form comes back filled in, nothing is saved, and sending it again saves it", async () => {
    const event = {
      intent: "create",
      title: "Canal clean-up & picnic",
      category: "community",
      date: inDays(30),
      time: "10:00",
      location: "Towpath by the lock",
      description: "Bring gloves & boots.\nWe provide bags.",
      published: "on",
    };
    const page = await refused("events", "/admin/events", event, "Failed to save event.");
    expect(page).toContain(KEPT);
    expectInput(page, "title", event.title);
    expectInput(page, "location", event.location);
    expectInput(page, "date", event.date);
    expectTextarea(page, "description", event.description);

    const saved = await post("/admin/events", event);
    expect(saved.status).toBe(302);
    const row = await getDb().db.selectFrom("events").select(["id", "title", "description", "updated_at"]).where("title", "=", event.title).executeTakeFirstOrThrow();
    expect(row.description).toBe(event.description);

    // As the edit form sends it: with the version of the event it was opened on.
    const edit = { ...event, intent: "update", id: row.id, updatedAt: row.updated_at, title: "Canal clean-up, new date" };
    const editPage = await refused("events", `/admin/events?edit=${row.id}`, edit, "Failed to save event.");
    expectInput(editPage, "title", edit.title);
    expect(editPage).toContain(`name="id" value="${row.id}"`);
    const unchanged = await getDb().db.selectFrom("events").select("title").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(unchanged.title).toBe(event.title);
  });

  it("a YouTube video, a testimonial and a volunteer role keep their typed text", async () => {
    const video = { intent: "create", url: "https://youtu.be/dQw4w9WgXcQ", title: "Summer camp & sports day", description: "Filmed by the young people.", page: VIDEO_PAGES[0]!.value };
    const videoPage = await refused("youtube_videos", "/admin/youtube", video, "Failed to save video.");
    expectInput(videoPage, "url", video.url);
    expectInput(videoPage, "title", video.title);
    expectTextarea(videoPage, "description", video.description);
    expect(videoPage).toMatch(new RegExp(`<option value="${video.page}" selected="">`));

    const testimonial = { intent: "create", name: "Amira K.", role: "Parent & volunteer", text: "The youth club changed our summer.", rating: "5", color: "primary" };
    const testimonialPage = await refused("testimonials", "/admin/reviews", testimonial, "Failed to save testimonial.");
    expectInput(testimonialPage, "name", testimonial.name);
    expectInput(testimonialPage, "role", testimonial.role);
    expectTextarea(testimonialPage, "text", testimonial.text);

    const role = { title: "Football coach", type: "coaching", timeCommitment: "Saturday mornings", skills: "FA Level 1\nDBS check", description: "Coach the under-12s & help with matches." };
    const rolePage = await refused("volunteer_opportunities", "/admin/volunteers/roles/new", role, "Failed to save role.");
    expect(rolePage).toContain(KEPT);
    expectInput(rolePage, "title", role.title);
    expectTextarea(rolePage, "skills", role.skills);
    expectTextarea(rolePage, "description", role.description);

    expect((await post("/admin/volunteers/roles/new", role)).status).toBe(302);
    expect(await getDb().db.selectFrom("volunteer_opportunities").select("title").where("title", "=", role.title).executeTakeFirst()).toEqual({ title: role.title });
  });

  it("a volunteer decision keeps the e-mail as written, when the server refuses it and when the database does", async () => {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await getDb()
      .db.insertInto("volunteer_applications")
      .values({ id, name: "Jo Bloggs", email: "jo@example.org", phone: "", roles: JSON.stringify(["Youth Mentor"]), availability: JSON.stringify(["Weekends"]), message: "", consent_at: now, status: "pending", decided_by: null, decided_at: null, hours: 0, created_at: now, updated_at: now })
      .execute();
    const path = `/admin/volunteers/applications/${id}`;
    const status = async () => (await getDb().db.selectFrom("volunteer_applications").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    const hours = async () => Number((await getDb().db.selectFrom("volunteer_applications").select("hours").where("id", "=", id).executeTakeFirstOrThrow()).hours);

    // Hours are a volunteer's: refused while the application is pending, changing nothing.
    const earlyHours = await post(path, { intent: "hours", hours: "9999" });
    expect(earlyHours.status).toBe(409);
    expect((await earlyHours.text()).replaceAll("<!-- -->", "")).toContain("Hours can only be recorded for an approved volunteer, and this application is Pending. Nothing was changed.");
    expect(await hours()).toBe(0);

    // Too long for the server: refused with the message, and the e-mail as written is still there.
    const long = { intent: "decide", decision: "approved", subject: "Welcome aboard, Jo & team", body: "Dear Jo,\n" + "We are delighted. ".repeat(300) };
    const tooLong = await post(path, long);
    expect(tooLong.status).toBe(400);
    const refusedPage = (await tooLong.text()).replaceAll("<!-- -->", "");
    expect(refusedPage).toContain("Message must be at most 5000 characters");
    expectInput(refusedPage, "subject", long.subject);
    expectTextarea(refusedPage, "body", long.body);

    const decision = { intent: "decide", decision: "approved", seenStatus: "pending", subject: "Welcome aboard, Jo & team", body: "Dear Jo,\nSee you on Saturday at the hall." };
    await failWrites(getDb(), "volunteer_applications", true, ["update"]);
    try {
      const failed = await post(path, decision);
      expect(failed.status).toBe(503);
      const page = (await failed.text()).replaceAll("<!-- -->", "");
      expect(page).toContain("Failed to save the decision.");
      expectInput(page, "subject", decision.subject);
      expectTextarea(page, "body", decision.body);
      expect(await status()).toBe("pending");
    } finally {
      await failWrites(getDb(), "volunteer_applications", false);
    }

    // The audit entry is the last thing the decision writes: when that fails, the status, the e-mail and the entry all stay unmade.
    const mailsToJo = async () => (await getDb().db.selectFrom("outbox").select("subject").where("to_address", "=", "jo@example.org").execute()).map((m) => m.subject);
    const entries = () => rows("audit_log");
    const entriesBefore = await entries();
    await failWrites(getDb(), "audit_log", true, ["insert"]);
    try {
      const failed = await post(path, decision);
      expect(failed.status).toBe(503);
      const page = (await failed.text()).replaceAll("<!-- -->", "");
      expect(page).toContain("Nothing was changed and no email was sent.");
      expectTextarea(page, "body", decision.body);
      expect(await status()).toBe("pending");
      expect(await mailsToJo()).toEqual([]);
    } finally {
      await failWrites(getDb(), "audit_log", false);
    }
    expect(await entries()).toBe(entriesBefore);

    expect((await post(path, decision)).status).toBe(302);
    expect(await status()).toBe("approved");
    expect(await mailsToJo()).toEqual([decision.subject]);
    expect(await entries()).toBe(entriesBefore + 1);
    expect((await post(path, { intent: "hours", hours: "6" })).status).toBe(302);
    expect(await hours()).toBe(6);
  });

  it("the settings keep every typed field and the saved ones stay in place", async () => {
    const current = await readSettings(getDb());
    const fields = {
      charityName: "Halifax Youth & Community Trust",
      tagline: current.tagline,
      charityNumber: current.charityNumber,
      phone: "01422 765432",
      email: current.email,
      postalAddress: "1 Canal Wharf\nHalifax",
      mapQuery: current.mapQuery,
      mapLatitude: String(current.mapLatitude),
      mapLongitude: String(current.mapLongitude),
      ...current.social,
      donationUrl: current.donationUrl,
      monthlyDonationUrl: current.monthlyDonationUrl,
      registrationRetentionMonths: String(current.registrationRetentionMonths),
      mailRetentionMonths: String(current.mailRetentionMonths),
      version: settingsVersion(current),
    };
    const page = await refused("site_settings", "/admin/settings", fields, "Failed to save settings.");
    expect(page).toContain(KEPT);
    expectInput(page, "charityName", fields.charityName);
    expectInput(page, "phone", fields.phone);
    expectTextarea(page, "postalAddress", fields.postalAddress);
    expect((await readSettings(getDb())).charityName).toBe(current.charityName);

    // The audit entry saying who saved them is part of the same save: when it cannot be written, nothing is.
    const audited = async () => Number((await getDb().db.selectFrom("audit_log").select((eb) => eb.fn.countAll().as("n")).where("action", "=", "settings.saved").executeTakeFirstOrThrow()).n);
    const auditedBefore = await audited();
    const withoutAudit = await refused("audit_log", "/admin/settings", fields, "Failed to save settings.");
    expect(withoutAudit).toContain(KEPT);
    expectInput(withoutAudit, "charityName", fields.charityName);
    expect((await readSettings(getDb())).charityName).toBe(current.charityName);

    expect((await post("/admin/settings", fields)).status).toBe(302);
    expect((await readSettings(getDb())).charityName).toBe(fields.charityName);
    expect(await audited()).toBe(auditedBefore + 1);
  });

  it("a newsletter campaign being saved keeps its subject and content", async () => {
    const campaign = { intent: "save", template: "custom", subject: "Half-term & holiday clubs", content: "<p>Places are open for the holiday clubs.</p>" };
    const page = await refused("campaigns", "/admin/newsletter", campaign, "The campaign could not be saved or sent just now. What you typed is still in the form: try again in a moment.");
    expectInput(page, "subject", campaign.subject);
    expect(page).toContain(escaped(campaign.content));
  });
});
