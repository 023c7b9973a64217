import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, postToAction, releaseSite, type RouteAction } from "../../../test/route-actions";
import { NEWSLETTER_CONSENT_TEXT } from "#app/features/newsletter/newsletter-consent";

/**
 * A newsletter sign-up block whose consent words staff changed: the page
 * shows the new words, and the subscriber's consent record holds exactly
 * the words the visitor was shown (read from the live block, not from the
 * browser), on each engine. Sign-ups from elsewhere keep the standard words.
 */

const staff = { id: null, email: "wording@example.org" };
const EDITED = "Yes, e-mail me about rides, races and ways to help. I can stop them whenever I like.";
const PAGE = "/what-we-offer/mountains";

async function siteOn(db: TestDatabase) {
  configureSiteFor(db);
  return {
    page: await import("./$"),
    newsletter: { action: (await import("./newsletter._index")).action as RouteAction },
    records: await import("#app/features/pages/page-records.server"),
    database: await import("#app/platform/db/db.server"),
  };
}

describeEachEngine("newsletter consent words from the form block", (getDb) => {
  let site: Awaited<ReturnType<typeof siteOn>>;
  beforeAll(async () => {
    site = await siteOn(getDb());
    const database = await site.database.getDatabase();
    const record = (await site.records.getPageRecord(database, "mountains"))!;
    const doc = record.published!;
    const signUp = { id: "news-signup", type: "form", form: "newsletter", title: "Hear about the next climb", consent: EDITED };
    expect((await site.records.saveDraft(database, "mountains", { ...doc, blocks: [...doc.blocks, signUp] }, record.version, staff)).ok).toBe(true);
    expect((await site.records.publishPage(database, "mountains", staff)).ok).toBe(true);
  });
  afterAll(() => releaseSite(site));

  /** The page as a visitor's browser gets it. */
  async function visit(path: string): Promise<string> {
    const loaderData = await site.page.loader({ request: new Request(`http://127.0.0.1:3999${path}`), params: {}, context: { requestId: "test" } } as never);
    const Page = site.page.default;
    const Stub = createRoutesStub([{ path: "*", Component: () => createElement(Page, { loaderData, params: {}, matches: [] } as never) }]);
    return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] }));
  }

  /** The hidden fields of the sign-up form on a page, as the browser would send them. */
  const hiddenFields = (html: string) => {
    const form = /<form[^>]*action="\/newsletter"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    return Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!]));
  };

  const consentOf = async (email: string) =>
    (await getDb().db.selectFrom("subscribers").select(["consent_text", "consent_source"]).where("email", "=", email).executeTakeFirstOrThrow()).consent_text;

  it("the page shows the edited words, and the subscriber's consent record holds them", async () => {
    const html = await visit(PAGE);
    expect(html).toContain(EDITED);
    expect(html).not.toContain(NEWSLETTER_CONSENT_TEXT);
    const fields = hiddenFields(html);
    expect(fields).toEqual({ redirectTo: PAGE, wordingPage: PAGE, wordingBlock: "news-signup" });

    const answer = await postToAction(site.newsletter.action, "/newsletter?index", { ...fields, email: "climber@example.org", consent: "yes" }, { ip: "203.0.113.21" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${PAGE}?newsletter=check-email#newsletter`);
    expect(await consentOf("climber@example.org")).toBe(EDITED);
  });

  it("a sign-up that goes wrong is shown again with the same words", async () => {
    const fields = hiddenFields(await visit(PAGE));
    const answer = await postToAction(site.newsletter.action, "/newsletter?index", { ...fields, email: "climber2@example.org" }, { ip: "203.0.113.22" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fieldErrors: { consent: expect.any(String) }, wording: { consent: EDITED, page: PAGE, block: "news-signup" } });
  });

  it("the footer's form, and a form naming a block that is not a live newsletter sign-up, record the standard words", async () => {
    const cases: [string, Record<string, string>][] = [
      ["footer@example.org", { redirectTo: "/about" }],
      ["gone@example.org", { redirectTo: PAGE, wordingPage: PAGE, wordingBlock: "no-such-block" }],
      ["other-page@example.org", { redirectTo: "/about", wordingPage: "/about", wordingBlock: "news-signup" }],
      ["not-a-signup@example.org", { redirectTo: PAGE, wordingPage: PAGE, wordingBlock: (await site.records.getPageRecord(await site.database.getDatabase(), "mountains"))!.published!.blocks[0]!.id }],
    ];
    for (const [i, [email, fields]] of cases.entries()) {
      const answer = await postToAction(site.newsletter.action, "/newsletter?index", { ...fields, email, consent: "yes" }, { ip: `203.0.113.${30 + i}` });
      expect(answer.status, email).toBe(302);
      expect(await consentOf(email), email).toBe(NEWSLETTER_CONSENT_TEXT);
    }
  });
});
