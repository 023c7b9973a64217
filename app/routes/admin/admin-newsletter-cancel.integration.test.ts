import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { serveWithFirstAdmin } from "../../../test/site-process";
import { getCampaign, saveCampaignDraft } from "#app/lib/newsletter.server";

/**
 * Cancelling a newsletter: one that is sending stops, and one that has
 * finished by the time the button is pressed (or was cancelled by someone
 * else) is refused in place with a 409 that says so, and stays as it was.
 * Over HTTP against the production build, on each database engine.
 */

const ADMIN = { email: "newsletter-cancel@example.org", password: "stop the presses 42" };

describeEachEngine("cancelling a newsletter campaign", (getDb) => {
  const served = serveWithFirstAdmin(getDb, ADMIN);

  const campaignIn = async (status: "sending" | "sent") => {
    const id = await saveCampaignDraft(getDb(), { template: "custom", subject: `A ${status} campaign`, content: "Hello" });
    await getDb().db.updateTable("campaigns").set({ status }).where("id", "=", id).execute();
    return id;
  };
  const cancel = (campaignId: string) =>
    fetch(`${served.site.url}/admin/newsletter`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: served.cookie, Origin: served.site.url },
      body: new URLSearchParams({ intent: "cancel", campaignId }),
    });

  it("stops a campaign that is sending", async () => {
    const id = await campaignIn("sending");
    const response = await cancel(id);
    expect(response.status).toBe(302);
    expect((await getCampaign(getDb(), id))?.status).toBe("cancelled");
  });

  it("refuses, in place and with a 409, a campaign that has finished, and leaves it as it was", async () => {
    const id = await campaignIn("sent");
    const response = await cancel(id);
    expect(response.status).toBe(409);
    const page = (await response.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Nothing to cancel");
    expect(page).toContain("That campaign is no longer sending.");
    expect(await getCampaign(getDb(), id)).toMatchObject({ status: "sent", finishedAt: null });
  });
});
