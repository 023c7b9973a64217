import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { configureSiteFor, postToAction, releaseSite, type RouteAction } from "../../../test/route-actions";

/**
 * The newsletter form sends the visitor back to the page they signed up on,
 * named by the form's redirectTo. Whatever that field holds, the answer's
 * Location must stay on this site, both for a real sign-up and for the
 * honeypot branch that answers a bot as if it had worked.
 */

const SITE = "https://charity.example";
/** Where a browser on the newsletter page would go when sent `location`. */
const browserHost = (location: string) => new URL(location, `${SITE}/newsletter`).host;

describeEachEngine("the newsletter form's way back", (getDb) => {
  let route: { action: RouteAction; database: { closeDatabase(): Promise<void> } };
  beforeAll(async () => {
    configureSiteFor(getDb());
    route = { action: (await import("./newsletter._index")).action as RouteAction, database: await import("#app/platform/db/db.server") };
  });
  afterAll(() => releaseSite(route));

  const hostile = ["/.//evil.example", "/%2e//evil.example", "/news/../..//evil.example", "//evil.example", "/\\evil.example"];

  it("keeps a bot that filled the honeypot on this site, whatever redirectTo says", async () => {
    for (const redirectTo of hostile) {
      const answer = await postToAction(route.action, "/newsletter?index", { email: "bot@example.org", consent: "yes", website: "https://spam.example", redirectTo });
      expect(answer.status, redirectTo).toBe(302);
      expect(browserHost(answer.location!), `${redirectTo} → ${answer.location}`).toBe("charity.example");
    }
    expect(await getDb().db.selectFrom("subscribers").select("id").execute()).toEqual([]);
  });

  it("keeps a real sign-up on this site too, and still goes back to the page it came from", async () => {
    for (const [i, redirectTo] of hostile.entries()) {
      const answer = await postToAction(route.action, "/newsletter?index", { email: `reader${i}@example.org`, consent: "yes", redirectTo }, { ip: `203.0.113.${i + 10}` });
      expect(answer.status, redirectTo).toBe(302);
      expect(browserHost(answer.location!), `${redirectTo} → ${answer.location}`).toBe("charity.example");
    }
    const back = await postToAction(route.action, "/newsletter?index", { email: "reader@example.org", consent: "yes", redirectTo: "/news?page=2#top" }, { ip: "203.0.113.99" });
    expect(back.location).toBe("/news?page=2&newsletter=check-email#newsletter");
  });
});
