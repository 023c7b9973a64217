import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { serveWithFirstAdmin } from "../../../test/site-process";
import { savePageContent } from "#app/features/pages/page-store.server";
import { pageContentFormSchema } from "#app/features/pages/page-content.schema";

/**
 * The privacy policy and terms ship saying they are being written. Until
 * staff write them, the Pages tab says so and links to each; a page saved
 * with only blank text (which shows the built-in text) still counts. Over
 * HTTP against the production build, on each database engine.
 */

const ADMIN = { email: "placeholders@example.org", password: "policy before people 42" };
const staff = { id: null, email: ADMIN.email };

function pageForm(pageId: string, content: string, baseRevision: number) {
  const parsed = pageContentFormSchema.safeParse({ pageId, heroTitle: "", heroSubtitle: "", mainTitle: "", content, layout: "image-right", baseRevision: String(baseRevision) });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

describeEachEngine("the Pages tab points out pages still showing placeholder text", (getDb) => {
  const served = serveWithFirstAdmin(getDb, ADMIN);
  const pagesTab = async (query = "") => {
    const response = await fetch(`${served.site.url}/admin${query}`, { headers: { cookie: served.cookie } });
    expect(response.status).toBe(200);
    return (await response.text()).replaceAll("<!-- -->", "");
  };
  /** A link to the page's editor, named for what it asks. */
  const link = (id: string, title: string) => new RegExp(`<a [^>]*href="/admin\\?page=${id}"[^>]*>Write the ${title}</a>`);

  it("lists the privacy policy and terms until each has text of its own", async () => {
    const fresh = await pagesTab();
    expect(fresh).toContain("Still showing placeholder text");
    expect(fresh).toMatch(link("privacy-policy", "Privacy Policy"));
    expect(fresh).toMatch(link("terms", "Terms"));
    // Not while a page is being edited.
    expect(await pagesTab("?page=about")).not.toContain("Still showing placeholder text");

    expect(await savePageContent(getDb(), pageForm("privacy-policy", "We keep your details only to run our activities safely.", 0), staff)).toMatchObject({ ok: true });
    // Blank text shows the built-in placeholder, so it still counts.
    expect(await savePageContent(getDb(), pageForm("terms", "   ", 0), staff)).toMatchObject({ ok: true });
    const half = await pagesTab();
    expect(half).not.toContain("Write the Privacy Policy");
    expect(half).toMatch(link("terms", "Terms"));

    expect(await savePageContent(getDb(), pageForm("terms", "Using this website means you agree to these terms.", 1), staff)).toMatchObject({ ok: true });
    expect(await pagesTab()).not.toContain("Still showing placeholder text");
  });
});
