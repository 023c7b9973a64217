import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, postToAction, releaseSite, ROUTE_TEST_ORIGIN, type RouteAction, toastOf } from "../../../test/route-actions";
import { serveWithFirstAdmin } from "../../../test/site-process";
import { submitQuestion } from "#app/features/messages/messages.server";
import { submitRegistration } from "#app/features/registrations/registrations.server";

/**
 * Changes to records staff make from their own pages, over HTTP against the
 * production build, as a browser without JavaScript sends them, on each
 * database engine:
 * - an edit form opened before a colleague saved the same record (a video,
 *   a testimonial, a volunteer role) carries the version it was drawn from;
 *   its save is refused in place (409) with what was typed, and the
 *   colleague's save stands; so is a Settings save, which writes every
 *   setting;
 * - a spam registration or question that failed the form's checks can be
 *   read and deleted, but not moved out of spam;
 * - an admin without two-factor sign-in, once the site requires it, is
 *   sent to set it up, not told they are not allowed.
 * And, by calling the route actions as React Router does (no server):
 * - an edit of an event, a testimonial or a video that was deleted after
 *   the form was opened is refused (404) with what was typed, the page
 *   draws it as a new record's form under a message saying so, and saving
 *   that creates the record with the typed text.
 */

const ADMIN = { email: "stale-edits@example.org", password: "two tabs one record 42" };

/** The value of the hidden `version` input in a page's edit form. */
function versionIn(page: string): string {
  const found = /<input[^>]*name="version"[^>]*value="([^"]+)"|<input[^>]*value="([^"]+)"[^>]*name="version"/.exec(page);
  if (!found) throw new Error("the edit form carries no version");
  return found[1] ?? found[2]!;
}

describeEachEngine("changes staff make to records", (getDb) => {
  const served = serveWithFirstAdmin(getDb, ADMIN);
  const get = async (path: string) => (await fetch(`${served.site.url}${path}`, { headers: { cookie: served.cookie } })).text();
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${served.site.url}${path}`, { method: "POST", redirect: "manual", headers: { cookie: served.cookie, Origin: served.site.url }, body: new URLSearchParams(fields) });

  /** Two forms opened on one record; the first saves, the second is refused with its text, and the first's save stands. */
  async function twoEditors(opts: {
    formPath: string;
    postPath: string;
    fields: Record<string, string>;
    first: Record<string, string>;
    second: Record<string, string>;
    what: string;
    title: string;
    stored: () => Promise<string | undefined>;
  }) {
    const opened = versionIn(await get(opts.formPath));
    expect(versionIn(await get(opts.formPath))).toBe(opened);
    const first = await post(opts.postPath, { ...opts.fields, ...opts.first, version: opened });
    expect(first.status).toBe(302);
    const second = await post(opts.postPath, { ...opts.fields, ...opts.second, version: opened });
    expect(second.status).toBe(409);
    const page = (await second.text()).replaceAll("<!-- -->", "");
    expect(page).toContain(opts.title);
    expect(page).toContain(`Someone else saved this ${opts.what} at`);
    for (const value of Object.values(opts.second)) expect(page).toContain(value);
    expect(await opts.stored()).toBe(Object.values(opts.first)[0]);
    // Reopened, the form carries the new version, and its save is made.
    const reopened = versionIn(await get(opts.formPath));
    expect(reopened).not.toBe(opened);
    expect((await post(opts.postPath, { ...opts.fields, ...opts.second, version: reopened })).status).toBe(302);
    expect(await opts.stored()).toBe(Object.values(opts.second)[0]);
  }

  it("a volunteer role", async () => {
    const role = await getDb().db.selectFrom("volunteer_opportunities").selectAll().orderBy("sort_order").executeTakeFirstOrThrow();
    await twoEditors({
      formPath: `/admin/volunteers/roles/${role.id}`,
      postPath: `/admin/volunteers/roles/${role.id}`,
      fields: { title: role.title, type: role.type, timeCommitment: role.time_commitment, skills: "", description: role.description },
      first: { description: "Coach our under-12s on Friday evenings." },
      second: { description: "Coach our under-12s on Saturdays." },
      what: "role",
      title: "Failed to save role.",
      stored: async () => (await getDb().db.selectFrom("volunteer_opportunities").select("description").where("id", "=", role.id).executeTakeFirstOrThrow()).description,
    });
  });

  it("a testimonial and a YouTube video", async () => {
    const testimonial = await getDb().db.selectFrom("testimonials").selectAll().orderBy("sort_order").executeTakeFirstOrThrow();
    await twoEditors({
      formPath: `/admin/reviews?edit=${testimonial.id}`,
      postPath: "/admin/reviews",
      fields: { intent: "update", id: testimonial.id, name: testimonial.name, role: testimonial.role, rating: "", text: testimonial.text, color: testimonial.color },
      first: { text: "Words the first editor saved." },
      second: { text: "Words the second editor typed." },
      what: "testimonial",
      title: "Failed to save testimonial.",
      stored: async () => (await getDb().db.selectFrom("testimonials").select("text").where("id", "=", testimonial.id).executeTakeFirstOrThrow()).text,
    });

    const created = await post("/admin/youtube", { intent: "create", url: "https://youtu.be/dQw4w9WgXcQ", title: "Week 1", description: "", page: "marathons" });
    expect(created.status).toBe(302);
    const video = await getDb().db.selectFrom("youtube_videos").selectAll().where("title", "=", "Week 1").executeTakeFirstOrThrow();
    await twoEditors({
      formPath: `/admin/youtube?edit=${video.id}`,
      postPath: "/admin/youtube",
      fields: { intent: "update", id: video.id, url: "https://youtu.be/dQw4w9WgXcQ", title: "Week 1", description: "", page: "marathons" },
      first: { title: "Week 1: the first editor's title" },
      second: { title: "Week 1: the second editor's title" },
      what: "video",
      title: "Failed to save video.",
      stored: async () => (await getDb().db.selectFrom("youtube_videos").select("title").where("id", "=", video.id).executeTakeFirstOrThrow()).title,
    });
  });

  it("the settings: a form opened before a colleague's save changes nothing, and the audit log says what changed", async () => {
    const fields = {
      charityName: "Halifax Community Development",
      tagline: "",
      charityNumber: "",
      phone: "01422 111111",
      email: "",
      postalAddress: "",
      mapQuery: "Halifax",
      mapLatitude: "53.72",
      mapLongitude: "-1.86",
      youtube: "",
      instagram: "",
      twitter: "",
      tiktok: "",
      snapchat: "",
      donationUrl: "",
      monthlyDonationUrl: "",
      registrationRetentionMonths: "24",
      mailRetentionMonths: "12",
    };
    const stored = async (key: string) => (await getDb().db.selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirst())?.value;
    expect((await post("/admin/settings", { ...fields, version: versionIn(await get("/admin/settings")) })).status).toBe(302);

    const opened = versionIn(await get("/admin/settings"));
    expect(versionIn(await get("/admin/settings"))).toBe(opened);
    // One admin keeps registrations longer; another, in a form opened before that, changes only the phone.
    expect((await post("/admin/settings", { ...fields, registrationRetentionMonths: "60", version: opened })).status).toBe(302);
    const second = await post("/admin/settings", { ...fields, phone: "01422 222222", version: opened });
    expect(second.status).toBe(409);
    const page = (await second.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Failed to save settings.");
    expect(page).toContain("Someone else saved the settings at");
    expect(page).toContain('value="01422 222222"');
    expect(await stored("registrationRetentionMonths")).toBe("60");
    expect(await stored("phone")).toBe(JSON.stringify("01422 111111"));

    // A hand-made save without the version changes nothing either.
    const unversioned = await post("/admin/settings", { ...fields, phone: "01422 333333" });
    expect(unversioned.status).toBe(400);
    expect((await unversioned.text()).replaceAll("<!-- -->", "")).toContain("The form was incomplete, so nothing was changed.");
    expect(await stored("phone")).toBe(JSON.stringify("01422 111111"));

    // Reopened, the form shows the colleague's period, and its save keeps it.
    const reopened = await get("/admin/settings");
    expect(reopened).toMatch(/name="registrationRetentionMonths"[^>]*value="60"|value="60"[^>]*name="registrationRetentionMonths"/);
    expect((await post("/admin/settings", { ...fields, registrationRetentionMonths: "60", phone: "01422 222222", version: versionIn(reopened) })).status).toBe(302);
    expect(await stored("registrationRetentionMonths")).toBe("60");
    expect(await stored("phone")).toBe(JSON.stringify("01422 222222"));

    const saves = await getDb().db.selectFrom("audit_log").select("detail").where("action", "=", "settings.saved").orderBy("created_at", "desc").limit(2).execute();
    expect(saves.map((row) => JSON.parse(row.detail ?? "null"))).toEqual([{ changed: "phone" }, { changed: "registrationRetentionMonths", registrationRetentionMonths: "24 → 60" }]);
  });

  it("a spam registration that failed the form's checks opens, cannot be moved to Registrations, and can be deleted", async () => {
    const stored = await submitRegistration(getDb(), {
      values: { registrant: "self", childName: "Bot Child", childDateOfBirth: "not-a-date", parentName: "Bot", parentPhone: "0" },
      honeypot: true,
      ip: "198.51.100.200",
    });
    if (stored.status !== "spam") throw new Error(`not kept as spam: ${stored.status}`);
    const row = await getDb().db.selectFrom("registrations").select(["id", "status", "declared_at"]).where("id", "=", stored.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "spam", declared_at: null });
    const path = `/admin/registrations/${row.id}`;

    const page = (await get(path)).replaceAll("<!-- -->", "");
    expect(page).toContain("Bot Child");
    expect(page).toContain("not-a-date (not a date)");
    expect(page).toContain("cannot be moved to Registrations");
    expect(page).not.toContain(">Not spam<");

    const moved = await post(path, { intent: "new" });
    expect(moved.status).toBe(409);
    expect((await moved.text()).replaceAll("<!-- -->", "")).toContain("This registration cannot be moved to Registrations");
    expect((await getDb().db.selectFrom("registrations").select("status").where("id", "=", row.id).executeTakeFirstOrThrow()).status).toBe("spam");

    expect((await post(path, { intent: "delete", id: row.id })).status).toBe(302);
    expect(await getDb().db.selectFrom("registrations").select("id").where("id", "=", row.id).executeTakeFirst()).toBeUndefined();
  });

  it("a spam question that failed the contact form's checks cannot be moved out of spam, and says why", async () => {
    const sent = { name: "Bot", email: "not an address", topic: "casino", message: "Cheap watches" };
    const stored = await submitQuestion(getDb(), { values: sent, honeypot: true, ip: "198.51.100.201" });
    if (stored.status !== "spam") throw new Error(`not kept as spam: ${stored.status}`);
    const list = (await get("/admin/messages?status=spam")).replaceAll("<!-- -->", "");
    expect(list).toContain("Cheap watches");
    expect(list).toContain("so it cannot be moved out of spam");
    expect(list).not.toContain("Not spam: the question from Bot");

    for (const intent of ["not-spam", "new", "answered"]) {
      const moved = await post("/admin/messages?status=spam", { intent, id: stored.id });
      expect(moved.status).toBe(409);
      expect((await moved.text()).replaceAll("<!-- -->", "")).toContain("This question cannot be moved out of spam");
    }
    expect(await getDb().db.selectFrom("messages").select(["status", "email"]).where("id", "=", stored.id).executeTakeFirstOrThrow()).toEqual({ status: "spam", email: "not an address" });
  });

  it("a save from an admin who has not set up two-factor since the site began to require it points to the set-up page", async () => {
    const policy = { id: "site", require_two_factor: 1, updated_at: new Date().toISOString(), updated_by: null };
    await getDb().db.insertInto("account_policy").values(policy).onConflict((oc) => oc.column("id").doUpdateSet({ require_two_factor: 1 })).execute();
    try {
      const refused = await post("/admin/reviews", { intent: "create", name: "Nobody", text: "Not saved", rating: "", color: "primary" });
      expect(refused.status).toBe(403);
      const page = (await refused.text()).replaceAll("<!-- -->", "");
      expect(page).toContain("Set up two-factor sign-in");
      expect(page).toContain("Two-factor sign-in is required for every admin of this site.");
      expect(page).toContain('href="/two-factor/setup?redirectTo=%2Fadmin%2Freviews"');
      expect(page).not.toContain("not allowed to use the admin area");
      expect(await getDb().db.selectFrom("testimonials").select("id").where("name", "=", "Nobody").executeTakeFirst()).toBeUndefined();
    } finally {
      await getDb().db.updateTable("account_policy").set({ require_two_factor: 0 }).execute();
    }
  });
});

/** The route modules, imported once the site's configuration points at this engine's database. */
async function siteOn(db: TestDatabase) {
  configureSiteFor(db, { S3_PUBLIC_URL: "" });
  return {
    login: await import("../auth/login"),
    events: await import("./admin.events"),
    reviews: await import("./admin.reviews"),
    youtube: await import("./admin.youtube"),
    database: await import("#app/platform/db/db.server"),
  };
}

type Tab = { loader: (args: never) => Promise<unknown>; action: RouteAction; default: ComponentType<Record<string, unknown>> };

describeEachEngine("a save of a record deleted after its form was opened", (getDb) => {
  const ADMIN_DELETED = { email: "deleted-meanwhile@example.org", password: "gone but not forgotten 42" };
  let site: Awaited<ReturnType<typeof siteOn>>;
  let cookie: string;
  beforeAll(async () => {
    site = await siteOn(getDb());
    cookie = await firstAdminCookie(site.login.action as RouteAction, ADMIN_DELETED);
  });
  afterAll(() => releaseSite(site));

  const post = (tab: Tab, path: string, fields: Record<string, string>) => postToAction(tab.action, path, fields, { cookie });
  const load = (tab: Tab, path: string) => tab.loader({ request: new Request(`${ROUTE_TEST_ORIGIN}${path}`, { headers: { cookie } }), params: {}, context: {} } as never);

  /** The tab as the browser draws it from this loader data and answer. */
  function draw(tab: Tab, path: string, loaderData: unknown, actionData: unknown): string {
    const props = { loaderData, actionData, params: {}, matches: [] };
    const Stub = createRoutesStub([{ path: path.split("?")[0]!, Component: () => createElement(tab.default, props) }]);
    return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] }))
      .replaceAll("<!-- -->", "")
      .replaceAll("&#x27;", "'");
  }

  /**
   * The record is opened for editing, deleted (by a colleague, or in another
   * tab), then the edit is saved: 404 with the typed text, the page shows it
   * in a new record's form, and a save from there creates it.
   */
  async function deletedMeanwhile(opts: {
    tab: Tab;
    base: string;
    id: string;
    table: "events" | "testimonials" | "youtube_videos";
    /** The edit form's hidden fields as the page drew them (the version it was opened at). */
    hidden: (loaderData: unknown) => Record<string, string>;
    typed: Record<string, string>;
    /** The new record's form heading, and what the message says saving does. */
    heading: string;
    what: string;
    /** The record created from the form, as stored, and what it must hold. */
    stored: () => Promise<Record<string, unknown> | undefined>;
    saved: Record<string, unknown>;
  }) {
    const path = `${opts.base}?edit=${opts.id}`;
    const opened = await load(opts.tab, path);
    await getDb().db.deleteFrom(opts.table).where("id", "=", opts.id).execute();

    const answer = await post(opts.tab, path, { intent: "update", id: opts.id, ...opts.hidden(opened), ...opts.typed });
    expect(answer.status).toBe(404);
    const values = answer.body?.values as Record<string, string> | undefined;
    expect(values).toMatchObject(opts.typed);
    // Nothing of the deleted record's goes to a new one.
    expect(values).not.toHaveProperty("id");
    expect(values).not.toHaveProperty("intent");

    // With JavaScript the page's data may be as it was before the save; without, the page is drawn afresh. Either way:
    for (const loaderData of [opened, await load(opts.tab, path)]) {
      const html = draw(opts.tab, path, loaderData, answer.body);
      expect(html).toContain(`This ${opts.what} was deleted after you opened it, so nothing was saved.`);
      expect(html).toContain(`save it to add it again as a new ${opts.what}`);
      // The record form (the list beside it may still show the deleted record until the page's data is reloaded).
      const form = /<form[^>]*aria-labelledby="[a-z]+-form-heading"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
      expect(form).toContain(`>${opts.heading}</h3>`);
      expect(form).toMatch(/name="intent" value="create"|value="create" name="intent"/);
      expect(form).not.toContain(`value="${opts.id}"`);
      expect(form).not.toMatch(/name="(id|version|updatedAt)"/);
      for (const value of Object.values(opts.typed)) if (value !== "on") expect(form).toContain(value);
    }

    // The form as drawn sends intent=create and the typed text: that save is made.
    const saved = await post(opts.tab, path, { ...values, intent: "create" });
    expect(saved.status).toBe(302);
    expect(await opts.stored()).toEqual(opts.saved);
  }

  it("an event", async () => {
    const tab = site.events as unknown as Tab;
    const fields = { title: "Summer fun day", category: "community", date: "2031-07-12", time: "11:00", location: "People's Park", description: "Games for all.", published: "on" };
    expect((await post(tab, "/admin/events", { intent: "create", ...fields })).status).toBe(302);
    const event = await getDb().db.selectFrom("events").select("id").where("title", "=", fields.title).executeTakeFirstOrThrow();
    await deletedMeanwhile({
      tab,
      base: "/admin/events",
      id: event.id,
      table: "events",
      hidden: (opened) => ({ updatedAt: (opened as { editing: { updatedAt: string } }).editing.updatedAt }),
      typed: { ...fields, title: "Summer fun day (moved indoors)", location: "Square Chapel", description: "Games for all, indoors if it rains." },
      heading: "Create an event",
      what: "event",
      stored: async () =>
        getDb()
          .db.selectFrom("events")
          .select(["title", "category", "date", "time", "location", "description"])
          .where("title", "=", "Summer fun day (moved indoors)")
          .executeTakeFirst(),
      saved: {
        title: "Summer fun day (moved indoors)",
        category: "community",
        date: "2031-07-12",
        time: "11:00",
        location: "Square Chapel",
        description: "Games for all, indoors if it rains.",
      },
    });
  });

  it("a testimonial", async () => {
    const tab = site.reviews as unknown as Tab;
    const fields = { name: "Amira", role: "Parent", rating: "5", text: "My son loves the Saturday club.", color: "primary" };
    expect((await post(tab, "/admin/reviews", { intent: "create", ...fields })).status).toBe(302);
    const testimonial = await getDb().db.selectFrom("testimonials").select("id").where("text", "=", fields.text).executeTakeFirstOrThrow();
    await deletedMeanwhile({
      tab,
      base: "/admin/reviews",
      id: testimonial.id,
      table: "testimonials",
      hidden: (opened) => ({ version: (opened as { editing: { version: string } }).editing.version }),
      typed: { ...fields, text: "My son loves the Saturday club and the coaches." },
      heading: "Add a testimonial",
      what: "testimonial",
      stored: async () =>
        getDb().db.selectFrom("testimonials").select(["name", "role", "text", "status"]).where("text", "=", "My son loves the Saturday club and the coaches.").executeTakeFirst(),
      saved: { name: "Amira", role: "Parent", text: "My son loves the Saturday club and the coaches.", status: "pending" },
    });
  });

  it("a YouTube video added to the home page: the toast says the home page shows one video, not that it shows there", async () => {
    const tab = site.youtube as unknown as Tab;
    const home = await post(tab, "/admin/youtube", { intent: "create", url: "https://youtu.be/aqz-KE-bpKQ", title: "Summer round-up", description: "", page: "home" });
    expect(home.status).toBe(302);
    expect(toastOf(home)?.description).toBe(
      'Summer round-up is linked to the home page, which shows one video under "Watch Our Latest Update": its uploaded video if it has one, else the first YouTube video linked to it.',
    );
    const other = await post(tab, "/admin/youtube", { intent: "create", url: "https://youtu.be/aqz-KE-bpKQ", title: "Hill session", description: "", page: "marathons" });
    expect(toastOf(other)?.description).toBe("Hill session now shows on its page.");
  });

  it("a YouTube video", async () => {
    const tab = site.youtube as unknown as Tab;
    const fields = { url: "https://youtu.be/dQw4w9WgXcQ", title: "Training week 3", description: "", page: "marathons" };
    expect((await post(tab, "/admin/youtube", { intent: "create", ...fields })).status).toBe(302);
    const video = await getDb().db.selectFrom("youtube_videos").select("id").where("title", "=", fields.title).executeTakeFirstOrThrow();
    await deletedMeanwhile({
      tab,
      base: "/admin/youtube",
      id: video.id,
      table: "youtube_videos",
      hidden: (opened) => ({ version: (opened as { editing: { version: string } }).editing.version }),
      typed: { ...fields, title: "Training week 3: hills", description: "Up Beacon Hill and back." },
      heading: "Add a YouTube video",
      what: "video",
      stored: async () =>
        getDb()
          .db.selectFrom("youtube_videos")
          .select(["video_id", "title", "description", "page_assignment"])
          .where("title", "=", "Training week 3: hills")
          .executeTakeFirst(),
      saved: { video_id: "dQw4w9WgXcQ", title: "Training week 3: hills", description: "Up Beacon Hill and back.", page_assignment: "marathons" },
    });
  });
});
