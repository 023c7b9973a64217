import crypto from "node:crypto";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { serveWithFirstAdmin } from "../../../test/site-process";
import { getCampaign } from "#app/features/newsletter/campaigns.server";

/**
 * The Newsletter tab's composer over HTTP, against the production build, on
 * each database engine: a new campaign's form sent twice makes one campaign
 * that goes out once, and a draft opened before a colleague's save is
 * neither overwritten nor sent from the older form.
 */

const ADMIN = { email: "newsletter-compose@example.org", password: "print the parish news 7" };

describeEachEngine("composing a newsletter", (getDb) => {
  const served = serveWithFirstAdmin(getDb, ADMIN);

  const page = async (query = "") => {
    const response = await fetch(`${served.site.url}/admin/newsletter${query}`, { headers: { cookie: served.cookie } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const hidden = (html: string, name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]+)"`).exec(html)?.[1];
  const post = (fields: Record<string, string>) =>
    fetch(`${served.site.url}/admin/newsletter`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: served.cookie, Origin: served.site.url },
      body: new URLSearchParams({ template: "custom", testTo: "", ...fields }),
    });
  const campaignsCalled = (subject: string) => getDb().db.selectFrom("campaigns").select(["id", "status"]).where("subject", "=", subject).execute();

  it("sends a new campaign once when its form is sent twice (a double click, a retry after a lost answer)", async () => {
    const now = new Date().toISOString();
    for (const n of [1, 2]) {
      await getDb()
        .db.insertInto("subscribers")
        .values({ id: crypto.randomUUID(), email: `reader${n}@example.org`, status: "confirmed", confirm_nonce: null, confirm_sent_at: null, consent_source: "test", consent_text: null, requested_at: now, confirmed_at: now, unsubscribed_at: null, created_at: now, updated_at: now })
        .execute();
    }
    const id = hidden(await page(), "id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const send = { intent: "send", id: id!, subject: "June news", content: "Summer club starts on Monday." };

    const answers = await Promise.all([post(send), post(send)]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    const refused = await answers.find((a) => a.status === 409)!.text();
    expect(refused).toMatch(/This campaign (is already being sent|has already been sent)/);
    // A third, later: refused in place, still nothing new.
    const later = await post(send);
    expect(later.status).toBe(409);
    expect(await later.text()).toContain("so nothing was sent again.");

    expect(await campaignsCalled("June news")).toEqual([{ id, status: expect.stringMatching(/^(sending|sent)$/) }]);
    expect((await getCampaign(getDb(), id!))?.counts.total).toBe(2);
    expect(await getDb().db.selectFrom("jobs").select("id").where("type", "=", "newsletter.send").execute()).toHaveLength(1);
  });

  it("a new campaign's form saved, its answer lost, then changed and saved again: refused without blaming anyone else", async () => {
    const id = hidden(await page(), "id")!;
    expect((await post({ intent: "save", id, subject: "Quiz night", content: "Quiz night on Friday." })).status).toBe(302);
    const again = await post({ intent: "save", id, subject: "Quiz night", content: "Quiz night on Friday at 7pm." });
    expect(again.status).toBe(409);
    const html = (await again.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("after this form was opened (perhaps by an earlier press of this button), so nothing was saved.");
    expect(html).not.toContain("Someone else");
    expect(html).toContain("Quiz night on Friday at 7pm.");
    expect(await getCampaign(getDb(), id)).toMatchObject({ status: "draft", content: "Quiz night on Friday." });
  });

  it("neither overwrites nor sends a colleague's correction from a draft opened before it", async () => {
    const id = hidden(await page(), "id")!;
    expect((await post({ intent: "save", id, subject: "Fun day", content: "Fun day on Saturday 12 July." })).status).toBe(302);
    // Both admins open the draft.
    const opened = hidden(await page(`?campaign=${id}`), "version");
    expect(opened).toBeTruthy();

    const correction = await post({ intent: "save", id, version: opened!, subject: "Fun day", content: "CORRECTION: the fun day is on Sunday 13 July." });
    expect(correction.status).toBe(302);

    const stale = await post({ intent: "send", id, version: opened!, subject: "Fun day", content: "Fun day on Saturday 12 July, see you there." });
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(html).toContain("Someone else saved this draft at");
    expect(html).toContain("so nothing was sent.");
    // What this admin typed is still in the form.
    expect(html).toContain("Fun day on Saturday 12 July, see you there.");
    expect(await getCampaign(getDb(), id)).toMatchObject({ status: "draft", content: "CORRECTION: the fun day is on Sunday 13 July.", counts: { total: 0 } });

    // The same text sent again is no conflict (nothing of theirs would be lost); the draft as reloaded saves as usual.
    expect((await post({ intent: "save", id, version: opened!, subject: "Fun day", content: "CORRECTION: the fun day is on Sunday 13 July." })).status).toBe(302);
    const reloaded = hidden(await page(`?campaign=${id}`), "version")!;
    expect(reloaded > opened!).toBe(true);
    expect((await post({ intent: "save", id, version: reloaded, subject: "Fun day", content: "Sunday 13 July, 11am to 3pm." })).status).toBe(302);
    expect(await getCampaign(getDb(), id)).toMatchObject({ status: "draft", content: "Sunday 13 July, 11am to 3pm." });
  });
});
