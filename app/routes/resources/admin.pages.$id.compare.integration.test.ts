import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, cookieOf, firstAdminCookie, postToAction, releaseSite, ROUTE_TEST_ORIGIN, type RouteAction } from "../../../test/route-actions";
import type { RevisionComparisonAnswer } from "#app/features/pages/revision-comparison";

/**
 * The Revisions list's Compare reads GET /admin/pages/:id/compare: called
 * as React Router calls its loader, on each engine. Visitors are sent to
 * sign in and a role that may not edit pages is refused (and audited);
 * staff who may get what changed since the revision, with the words
 * before and after, against the draft when there is one, else against
 * what is live. Nothing is written by asking.
 */

const ADMIN = { email: "compare-admin@example.org", password: "what changed since then 12" };
const SAFEGUARDING = { email: "compare-safeguarding@example.org", password: "children first, pages never 7" };
const PAGE = "vrp";

async function siteOn(db: TestDatabase) {
  configureSiteFor(db, { S3_PUBLIC_URL: "" });
  return {
    login: await import("../auth/login"),
    compare: await import("./admin.pages.$id.compare"),
    auth: await import("#app/features/accounts/auth.server"),
    database: await import("#app/platform/db/db.server"),
    records: await import("#app/features/pages/page-records.server"),
  };
}

type Site = Awaited<ReturnType<typeof siteOn>>;

/** The loader's answer as the browser gets it: a status and the comparison (or a thrown redirect or refusal). */
async function ask(site: Site, path: string, cookie?: string): Promise<{ status: number; body: RevisionComparisonAnswer | null; location: string | null; text: string }> {
  const url = new URL(path, ROUTE_TEST_ORIGIN);
  const id = decodeURIComponent(url.pathname.split("/")[3] ?? "");
  try {
    const result = (await site.compare.loader({ request: new Request(url, { headers: cookie ? { cookie } : {} }), params: { id }, context: {} } as never)) as unknown as {
      data: RevisionComparisonAnswer;
      init: ResponseInit | null;
    };
    return { status: result.init?.status ?? 200, body: result.data, location: null, text: "" };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: null, location: thrown.headers.get("Location"), text: await thrown.text() };
  }
}

describeEachEngine("comparing a page's revision with the page now", (getDb) => {
  let site: Site;
  let adminCookie: string;
  let safeguardingCookie: string;
  const actor = { id: null, email: "compare-admin@example.org", ip: null };

  beforeAll(async () => {
    site = await siteOn(getDb());
    adminCookie = await firstAdminCookie(site.login.action as RouteAction, ADMIN);
    await site.auth.insertUser(await site.auth.getAuth(), SAFEGUARDING.email, SAFEGUARDING.password, "safeguarding");
    const signedIn = await postToAction(site.login.action as RouteAction, "/login", { intent: "sign-in", ...SAFEGUARDING, redirectTo: "/admin" });
    safeguardingCookie = cookieOf(signedIn.headers);
  });
  afterAll(() => releaseSite(site));

  const database = () => site.database.getDatabase();
  const pageNow = async () => (await site.records.getPageRecord(await database(), PAGE))!;

  /** Saves the page's hero title (and subtitle) as a draft, and publishes it when asked. */
  async function change(title: string, subtitle: string | null, publish: boolean) {
    const record = await pageNow();
    const doc = site.records.editedDocument(record)!;
    const blocks = doc.blocks.map((b) => (b.type === "hero" ? { ...b, title, ...(subtitle === null ? {} : { subtitle }) } : b));
    const saved = await site.records.saveDraft(await database(), PAGE, { ...doc, blocks }, record.version, actor);
    expect(saved.ok).toBe(true);
    if (publish) expect((await site.records.publishPage(await database(), PAGE, actor)).ok).toBe(true);
  }

  it("sends a visitor to sign in, and refuses a role that may not edit pages, in words and in the audit log", async () => {
    const visitor = await ask(site, `/admin/pages/${PAGE}/compare?revision=1`);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/login?redirectTo=${encodeURIComponent(`/admin/pages/${PAGE}/compare?revision=1`)}`);

    const refused = await ask(site, `/admin/pages/${PAGE}/compare?revision=1`, safeguardingCookie);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("may not edit the website's pages");
    expect(refused.text).not.toContain("VRU");
    const audited = await (await database()).db.selectFrom("audit_log").select(["actor_email", "detail"]).where("action", "=", "access.refused").execute();
    expect(audited.map((r) => [r.actor_email, JSON.parse(r.detail ?? "{}").path])).toContainEqual([SAFEGUARDING.email, `/admin/pages/${PAGE}/compare`]);
  });

  it("answers what changed since a revision: against what is live, then against the draft once there is one", async () => {
    const seeded = await site.records.listPageRevisions(await database(), PAGE);
    expect(seeded.map((r) => r.revision)).toEqual([1]);
    const original = site.records.editedDocument(await pageNow())!.blocks.find((b) => b.type === "hero");
    const originalTitle = original?.type === "hero" ? original.title : "";
    expect(originalTitle).not.toBe("");

    await change("Safer streets, together", null, true);
    const live = await ask(site, `/admin/pages/${PAGE}/compare?revision=1`, adminCookie);
    expect(live.status).toBe(200);
    if (!live.body?.ok) throw new Error("no comparison");
    expect(live.body.comparison.against).toBe("live");
    expect(live.body.comparison.revision).toMatchObject({ number: 1 });
    expect(live.body.comparison.differences).toEqual({
      page: [],
      blocks: [{ kind: "changed", blockId: "hero", label: "Hero (block 1): Safer streets, together", fields: [{ field: "Title", before: originalTitle, after: "Safer streets, together" }] }],
    });

    // A draft on top: revision 1 now compares with the draft (what a restore would replace), revision 2 with it too.
    const versionBefore = (await pageNow()).version;
    await change("Safer streets, together", "Positive choices, trusted adults", false);
    const versionAfter = (await pageNow()).version;
    const draft = await ask(site, `/admin/pages/${PAGE}/compare?revision=2`, adminCookie);
    if (!draft.body?.ok) throw new Error("no comparison");
    expect(draft.body.comparison.against).toBe("draft");
    const heroFields = draft.body.comparison.differences.blocks.flatMap((b) => (b.kind === "changed" ? b.fields.map((f) => f.field) : []));
    expect(heroFields).toEqual(["Subtitle"]);
    const first = await ask(site, `/admin/pages/${PAGE}/compare?revision=1`, adminCookie);
    if (!first.body?.ok) throw new Error("no comparison");
    expect(first.body.comparison.differences.blocks.flatMap((b) => (b.kind === "changed" ? b.fields.map((f) => f.after) : []))).toEqual([
      "Safer streets, together",
      "Positive choices, trusted adults",
    ]);

    // Asking changed nothing: the page's version is the draft save's, and no revision was added.
    expect((await pageNow()).version).toBe(versionAfter);
    expect(versionAfter).toBe(versionBefore + 1);
    expect((await site.records.listPageRevisions(await database(), PAGE)).map((r) => r.revision)).toEqual([2, 1]);
  });

  it("says so for a revision or page that is not there, and for a revision that could never be", async () => {
    expect(await ask(site, `/admin/pages/${PAGE}/compare?revision=99`, adminCookie)).toMatchObject({ status: 404, body: { ok: false, message: "Revision 99 of this page no longer exists." } });
    expect(await ask(site, "/admin/pages/no-such-page/compare?revision=1", adminCookie)).toMatchObject({ status: 404, body: { ok: false } });
    for (const bad of ["", "0", "two", "-1", "1e3"]) {
      expect(await ask(site, `/admin/pages/${PAGE}/compare?revision=${bad}`, adminCookie), bad).toMatchObject({ status: 400, body: { ok: false, message: "Choose a revision to compare." } });
    }
  });
});
