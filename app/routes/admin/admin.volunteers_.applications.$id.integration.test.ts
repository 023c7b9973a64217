import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, postToAction, releaseSite, ROUTE_TEST_ORIGIN, type RouteAction } from "../../../test/route-actions";
import type { RawValues } from "#app/features/public-forms/public-form.schema";

/**
 * A volunteer application's "Not spam", "Mark as spam" and "Move back to
 * Pending", by calling the page's route action as React Router does, signed
 * in as an admin, on each database engine: spam that failed the form's
 * checks is refused with a message that reaches the page, and has no button
 * to try; a move from a page drawn before a colleague's approval is refused
 * and says who approved; the approval stands.
 */

const ADMIN = { email: "applications-routes@example.org", password: "volunteers and their forms 42" };

async function siteOn(db: TestDatabase) {
  configureSiteFor(db);
  return {
    login: await import("../auth/login"),
    page: await import("./admin.volunteers_.applications.$id"),
    volunteers: { ...(await import("#app/features/volunteers/volunteer-roles.server")), ...(await import("#app/features/volunteers/volunteer-applications.server")) },
    database: await import("#app/platform/db/db.server"),
  };
}

describeEachEngine("a volunteer application's spam and pending moves", (getDb) => {
  let site: Awaited<ReturnType<typeof siteOn>>;
  let cookie: string;
  let ip = 0;
  const post = (action: RouteAction, path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
    postToAction(action, path, fields, { cookie, params, ip: "203.0.113.9" });

  beforeAll(async () => {
    site = await siteOn(getDb());
    cookie = await firstAdminCookie(site.login.action as RouteAction, ADMIN);
  });
  afterAll(() => releaseSite(site));

  async function submitted(overrides: RawValues, honeypot: boolean): Promise<string> {
    const [role] = await site.volunteers.listOpportunities(getDb(), { openOnly: true });
    const values = { name: "Robin Helper", email: "robin@example.org", phone: "", roles: [role!.id], availability: ["weekend"], message: "", consent: "yes", ...overrides };
    const outcome = await site.volunteers.submitVolunteerApplication(getDb(), { values, honeypot, ip: `198.51.100.${(ip += 1)}` });
    if (outcome.status !== (honeypot ? "spam" : "stored") || !("id" in outcome)) throw new Error(`not stored: ${outcome.status}`);
    return outcome.id;
  }

  const application = async (id: string) => (await site.volunteers.getApplication(getDb(), id))!;
  const postTo = (id: string, fields: Record<string, string>) => post(site.page.action as RouteAction, `/admin/volunteers/applications/${id}`, fields, { id });

  /** The application page as the browser draws it after this answer. */
  async function pageOf(id: string, actionData?: Record<string, unknown> | null): Promise<string> {
    const path = `/admin/volunteers/applications/${id}`;
    const { loader, default: Page } = site.page;
    const loaderData = await loader({ request: new Request(`${ROUTE_TEST_ORIGIN}${path}`, { headers: { cookie } }), params: { id }, context: {} } as never);
    const props = { loaderData, actionData: actionData ?? undefined, params: { id }, matches: [] } as never;
    const Stub = createRoutesStub([{ path: "/admin/volunteers/applications/:id", Component: () => createElement(Page, props) }]);
    return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] }))
      .replaceAll("<!-- -->", "")
      .replaceAll("&#x27;", "'");
  }

  it("spam that failed the form's checks offers no Not spam, and a hand-made one is refused with the reason, changing nothing", async () => {
    const id = await submitted({ email: "click here http://spam.example", consent: "" }, true);
    const before = await application(id);
    expect(before).toMatchObject({ status: "spam", consentAt: null });

    const page = await pageOf(id);
    expect(page).toContain("it did not pass the application form's checks");
    expect(page).not.toContain("Not spam: move to Pending");

    const refused = await postTo(id, { intent: "not-spam", seenStatus: "spam", seenUpdatedAt: before.updatedAt });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ refusal: { title: "This application cannot be moved out of spam" } });
    const shown = await pageOf(id, refused.body);
    expect(shown).toContain("This application cannot be moved out of spam");
    expect(shown).toContain("so it was kept as spam, exactly as it was sent. Nothing was changed.");
    expect(await application(id)).toEqual(before);
  });

  it("spam that passes the form's checks, consent included, moves to Pending", async () => {
    const id = await submitted({ email: "robin.real@example.org" }, true);
    const before = await application(id);
    expect(await pageOf(id)).toContain("Not spam: move to Pending");
    const moved = await postTo(id, { intent: "not-spam", seenStatus: "spam", seenUpdatedAt: before.updatedAt });
    expect(moved.status).toBe(302);
    expect(moved.location).toBe(`/admin/volunteers/applications/${id}`);
    expect((await application(id)).status).toBe("pending");
  });

  it("Mark as spam from a page drawn before a colleague's approval is refused, says who approved, and the approval stands", async () => {
    const id = await submitted({ email: "robin.approved@example.org" }, false);
    const seen = await application(id);
    // The page's buttons carry what it showed.
    expect(await pageOf(id)).toContain(`name="seenUpdatedAt" value="${seen.updatedAt}"`);
    const approved = await postTo(id, { intent: "decide", decision: "approved", seenStatus: "pending", seenUpdatedAt: seen.updatedAt, subject: "Welcome", body: "See you Saturday." });
    expect(approved.status).toBe(302);
    const after = await application(id);

    const stale = await postTo(id, { intent: "spam", seenStatus: "pending", seenUpdatedAt: seen.updatedAt });
    expect(stale.status).toBe(409);
    const shown = await pageOf(id, stale.body);
    expect(shown).toContain("Not marked as spam");
    expect(shown).toContain(`You already approved this application at`);
    expect(shown).toContain("so nothing was changed.");
    expect(await application(id)).toEqual(after);

    // A move that names no status seen is refused too, changing nothing.
    const unseen = await postTo(id, { intent: "pending" });
    expect(unseen.status).toBe(400);
    expect(await application(id)).toEqual(after);

    // From the page as it now is, the move is deliberate and is made.
    expect((await postTo(id, { intent: "spam", seenStatus: "approved", seenUpdatedAt: after.updatedAt })).status).toBe(302);
    expect((await application(id)).status).toBe("spam");
  });
});
