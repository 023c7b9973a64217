import crypto from "node:crypto";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { createFirstAdmin, serveSite } from "../../../test/site-process";

/**
 * What a link carries, against the production build: Facebook adds
 * `fbclid` to every link shared there, newsletters add `utm_*`, and
 * browsers carry analytics cookies from elsewhere. None of that changes a
 * page, so a visitor who follows such a link gets the cached page; what a
 * page does read from its address (a form's thanks) keeps its own copy,
 * and a signed-in visitor still gets a page rendered for them.
 */

const ADMIN = { email: "cache-key-admin@example.org", password: "a link from the parish newsletter" };
const REGISTERED = "Thank you, your registration has been sent";

describeEachEngine("the page cache's key: what a link or a browser brings", (getDb) => {
  const served = serveSite(getDb);
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${served.site.url}${p}`, { redirect: "manual", headers });
  const random = () => crypto.randomUUID().slice(0, 8);

  it("passes React Router's route-manifest requests through whole, so a page that loads a route does not reload itself", async () => {
    // A hydrated page asks /__manifest?paths=…&version=… for routes it has not loaded yet; without its version the
    // answer is "reload the document", which on a form page throws away what was typed.
    const version = /"version":\s*"([^"]+)"/.exec(await (await get("/login")).text())?.[1];
    expect(version, "the build's version in the sign-in page").toBeTruthy();
    for (let i = 0; i < 2; i++) {
      const manifest = await get(`/__manifest?paths=${encodeURIComponent("/invite/some-token")}&version=${version}`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get("x-cache")).toBeNull();
      expect(Object.keys((await manifest.json()) as object).some((id) => id.includes("invite")), "the invitation route in the answer").toBe(true);
    }
    const stale = await get(`/__manifest?paths=${encodeURIComponent("/invite/some-token")}&version=not-this-build`);
    expect([stale.status, stale.headers.get("x-remix-reload-document")]).toEqual([204, "true"]);
  });

  it("answers a link's tracking tags, or any parameter the page does not read, with the cached page", async () => {
    await (await get("/about/mission")).arrayBuffer();
    const plain = await get("/about/mission");
    expect(plain.headers.get("x-cache")).toBe("hit");
    const html = await plain.text();
    for (const query of [
      `utm_source=${random()}`,
      `fbclid=IwAR${random()}`,
      `utm_source=newsletter&utm_medium=email&utm_campaign=${random()}`,
      `gclid=${random()}&mc_cid=${random()}&mc_eid=${random()}`,
      `ref=${random()}`,
      `x${random()}=${random()}`,
    ]) {
      const tagged = await get(`/about/mission?${query}`);
      expect([tagged.status, tagged.headers.get("x-cache")], query).toEqual([200, "hit"]);
      expect(await tagged.text(), query).toBe(html);
    }
  });

  it("renders a page first asked for with tracking tags as the plain page, so nothing in it echoes them", async () => {
    // Only the plain copy of a page is prepared ahead; a theme's copy is rendered when first asked for.
    const tags = `utm_source=fb${random()}&fbclid=IwAR${random()}`;
    const first = await get(`/volunteer/vacancies?${tags}`, { cookie: "theme=dark" });
    expect([first.status, first.headers.get("x-cache")]).toEqual([200, "miss"]);
    const html = await first.text();
    expect(html).not.toMatch(/utm_source|fbclid|IwAR/);
    // The theme switch and the footer's newsletter form come back to the page itself; the canonical address is the page's.
    const backTo = [...html.matchAll(/name="redirectTo" value="([^"]*)"/g)].map((m) => m[1]);
    expect(backTo).toEqual(["/volunteer/vacancies", "/volunteer/vacancies"]);
    expect(html).toContain(`<link rel="canonical" href="${served.site.url}/volunteer/vacancies"/>`);
    const plain = await get("/volunteer/vacancies", { cookie: "theme=dark" });
    expect(plain.headers.get("x-cache")).toBe("hit");
    expect(await plain.text()).toBe(html);
  });

  it("keeps apart what a page reads from its address: a form's thanks", async () => {
    const form = await get("/contact/register-child?fbclid=x");
    expect(await form.text()).not.toContain(REGISTERED);
    const thanks = await get("/contact/register-child?sent=1");
    const thanksHtml = await thanks.text();
    expect(thanksHtml).toContain(REGISTERED);
    const again = await get(`/contact/register-child?utm_source=${random()}&sent=1`);
    expect([again.headers.get("x-cache"), await again.text()]).toEqual(["hit", thanksHtml]);
    const formAgain = await get(`/contact/register-child?utm_source=${random()}`);
    expect(formAgain.headers.get("x-cache")).toBe("hit");
    expect(await formAgain.text()).not.toContain(REGISTERED);
  });

  it("serves the cached page whatever other cookies a browser carries, and renders afresh for a session", async () => {
    await (await get("/donate")).arrayBuffer();
    for (const cookie of ["_ga=GA1.1.1234.5678; _fbp=fb.1.1700000000.42", "cookieconsent_status=dismiss", "toast=eyJ0aXRsZSI6IkhpIn0"]) {
      const answer = await get("/donate", { cookie });
      expect([answer.status, answer.headers.get("x-cache")], cookie).toEqual([200, "hit"]);
    }
    const session = await createFirstAdmin(served.site, ADMIN);
    const signedIn = await get("/donate", { cookie: `_ga=GA1.1.1234.5678; ${session}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-cache")).toBe("miss");
    expect(signedIn.headers.get("etag")).toBeNull();
    // A shared cache in front must keep this answer apart from the anonymous one: it varies by cookie too.
    expect(signedIn.headers.get("vary")).toMatch(/(^|, )Cookie(,|$)/);
    expect((await get("/donate")).headers.get("vary")).toBe("Accept-Encoding, Cookie");
  });
});
