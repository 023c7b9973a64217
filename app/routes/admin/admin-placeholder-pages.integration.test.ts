import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { serveWithFirstAdmin } from "../../../test/site-process";
import { setPageFields } from "../../../test/page-records";

/**
 * The privacy policy and terms ship saying they are being written. Until
 * staff write them, the Pages tab says so and links to each; a page saved
 * with only blank text (which shows the built-in text), or with text only in
 * its draft, still counts. Over
 * HTTP against the production build, on each database engine.
 */

const ADMIN = { email: "placeholders@example.org", password: "policy before people 42" };
const staff = { id: null, email: ADMIN.email };


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

    await setPageFields(getDb(), "privacy-policy", { content: "We keep your details only to run our activities safely." }, staff);
    // Blank text shows the built-in placeholder, so it still counts; so does new text only in a draft, which visitors do not see.
    await setPageFields(getDb(), "terms", { content: "   " }, staff);
    await setPageFields(getDb(), "terms", { content: "Draft terms, not yet live." }, staff, { publish: false });
    const half = await pagesTab();
    expect(half).not.toContain("Write the Privacy Policy");
    expect(half).toMatch(link("terms", "Terms"));

    await setPageFields(getDb(), "terms", { content: "Using this website means you agree to these terms." }, staff);
    expect(await pagesTab()).not.toContain("Still showing placeholder text");
  });
});
