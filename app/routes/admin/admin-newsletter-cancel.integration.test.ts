import crypto from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { failWrites } from "../../../test/failing-writes";
import { serveWithFirstAdmin } from "../../../test/site-process";
import type { Database } from "#app/platform/db/db.server";
import { enqueueJob } from "#app/platform/jobs/jobs.server";
import { CAMPAIGN_JOB } from "#app/features/newsletter/campaign-sending.server";
import { getCampaign, saveCampaignDraft } from "#app/features/newsletter/campaigns.server";

/**
 * Makes every update of a campaign to "cancelled" touch no row, as when the
 * campaign finished between the action reading it and cancelling it.
 */
async function campaignsFinishFirst(database: Database, on: boolean): Promise<void> {
  if (database.engine === "sqlite") {
    await sql`drop trigger if exists campaigns_finish_first`.execute(database.db);
    if (on) await sql`create trigger campaigns_finish_first before update on campaigns when new.status = 'cancelled' begin select raise(ignore); end`.execute(database.db);
    return;
  }
  await sql`drop trigger if exists campaigns_finish_first on campaigns`.execute(database.db);
  await sql`drop function if exists campaigns_finish_first()`.execute(database.db);
  if (!on) return;
  await sql`create function campaigns_finish_first() returns trigger language plpgsql as $$ begin if new.status = 'cancelled' then return null; end if; return new; end $$`.execute(database.db);
  await sql`create trigger campaigns_finish_first before update on campaigns for each row execute function campaigns_finish_first()`.execute(database.db);
}

/**
 * Cancelling a newsletter: one that is sending stops, and one that has
 * finished by the time the button is pressed (or was cancelled by someone
 * else) is refused in place with a 409 that says so, and stays as it was.
 * A cancel the database fails part-way changes nothing.
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

  /** A campaign part-way through sending: one recipient still waiting, and its job due in an hour (so the site's own worker leaves it alone). */
  const sendingToOne = async () => {
    const id = await campaignIn("sending");
    const now = new Date().toISOString();
    const subscriberId = crypto.randomUUID();
    const email = `${subscriberId}@example.org`;
    await getDb()
      .db.insertInto("subscribers")
      .values({ id: subscriberId, email, status: "confirmed", confirm_nonce: null, confirm_sent_at: null, consent_source: "test", consent_text: null, requested_at: now, confirmed_at: now, unsubscribed_at: null, created_at: now, updated_at: now })
      .execute();
    await getDb()
      .db.insertInto("campaign_recipients")
      .values({ id: crypto.randomUUID(), campaign_id: id, subscriber_id: subscriberId, email, status: "pending", claimed_at: null, sent_at: null, outbox_id: null, error: null })
      .execute();
    const jobId = await enqueueJob(getDb(), CAMPAIGN_JOB, { campaignId: id }, { runAt: new Date(Date.now() + 3_600_000) });
    await getDb().db.updateTable("campaigns").set({ job_id: jobId }).where("id", "=", id).execute();
    const state = async () => ({
      campaign: (await getCampaign(getDb(), id))?.status,
      recipient: (await getDb().db.selectFrom("campaign_recipients").select("status").where("campaign_id", "=", id).executeTakeFirstOrThrow()).status,
      job: (await getDb().db.selectFrom("jobs").select("status").where("id", "=", jobId).executeTakeFirstOrThrow()).status,
    });
    return { id, state };
  };

  it("stops a campaign that is sending: its waiting recipients and its job too", async () => {
    const { id, state } = await sendingToOne();
    const response = await cancel(id);
    expect(response.status).toBe(302);
    expect(await state()).toEqual({ campaign: "cancelled", recipient: "cancelled", job: "cancelled" });
  });

  it("a cancel the database fails part-way leaves the campaign sending, as it was", async () => {
    const { id, state } = await sendingToOne();
    await failWrites(getDb(), "campaign_recipients", true, ["update"]);
    try {
      const response = await cancel(id);
      expect(response.status).toBe(503);
      const page = (await response.text()).replaceAll("<!-- -->", "");
      expect(page).toContain("Failed to cancel sending.");
      expect(page).toContain("Nothing was changed: the campaign is still sending. Try again in a moment.");
    } finally {
      await failWrites(getDb(), "campaign_recipients", false);
    }
    expect(await state()).toEqual({ campaign: "sending", recipient: "pending", job: "queued" });
    expect((await cancel(id)).status).toBe(302);
    expect(await state()).toEqual({ campaign: "cancelled", recipient: "cancelled", job: "cancelled" });
  });

  it("a campaign that finishes between the check and the cancel is refused the same way, and nothing else is touched", async () => {
    const { id, state } = await sendingToOne();
    await campaignsFinishFirst(getDb(), true);
    try {
      const response = await cancel(id);
      expect(response.status).toBe(409);
      expect((await response.text()).replaceAll("<!-- -->", "")).toContain("That campaign is no longer sending.");
    } finally {
      await campaignsFinishFirst(getDb(), false);
    }
    expect(await state()).toEqual({ campaign: "sending", recipient: "pending", job: "queued" });
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
