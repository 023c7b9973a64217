import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { runNextJob } from "#app/platform/jobs/jobs.server";
import { configureNewsletterRate } from "./campaign-sending.server";
import { cancelCampaign, deleteCampaignDraft, getCampaign, queueCampaign, saveCampaignDraft, updateCampaignDraft } from "./campaigns.server";
import { unsubscribeToken } from "./newsletter-tokens.server";
import { getSubscriberByEmail, unsubscribe } from "./subscribers.server";
import { campaignMessages, confirmedSubscribers, runQueue, setUpNewsletterTests } from "./newsletter-test-setup";

setUpNewsletterTests();

describeEachEngine("newsletter campaigns", (get) => {
  it("cancelling stops a send, and someone who unsubscribes meanwhile is skipped", async () => {
    const database = get();
    await database.db.updateTable("subscribers").set({ status: "unsubscribed" }).where("status", "=", "confirmed").execute();
    const emails = await confirmedSubscribers(database, "cancel", 5);
    configureNewsletterRate({ batchSize: 2, ratePerMinute: 1_000_000 });
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: "Cancel me", content: "Hi" });
    await queueCampaign(database, campaignId);
    const first = (await getSubscriberByEmail(database, emails[0]!))!;
    await unsubscribe(database, unsubscribeToken(first.id));
    await runNextJob(database);
    expect((await campaignMessages(database, campaignId)).map((m) => m.to_address)).toEqual([emails[1]]);
    expect(await cancelCampaign(database, campaignId)).toBe(true);
    expect(await runNextJob(database)).toBe(false);
    expect(await campaignMessages(database, campaignId)).toHaveLength(1);
    const campaign = await getCampaign(database, campaignId);
    expect(campaign).toMatchObject({ status: "cancelled", counts: { sent: 1, cancelled: 3 } });
    // Cancelling it again (a second admin, a double click) changes nothing and says so.
    expect(await cancelCampaign(database, campaignId)).toBe(false);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "cancelled", finishedAt: campaign!.finishedAt });
  });

  it("a stale form (its campaign queued, sent or cancelled meanwhile) creates no new campaign and queues nothing", async () => {
    const database = get();
    await database.db.updateTable("subscribers").set({ status: "unsubscribed" }).where("status", "=", "confirmed").execute();
    await confirmedSubscribers(database, "twotabs", 2);
    configureNewsletterRate({ batchSize: 10, ratePerMinute: 1_000_000 });
    const count = async (table: "campaigns" | "campaign_recipients" | "jobs") =>
      Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const totals = async () => ({ campaigns: await count("campaigns"), recipients: await count("campaign_recipients"), jobs: await count("jobs") });
    const typed = { template: "custom", subject: "Typed in the second tab", content: "Hello again" };
    /** What the admin's "Save draft" or "Send" does with the form's id: save the draft, then (Send) queue it if that worked. */
    const saveAndSend = async (id: string) => {
      const saved = await updateCampaignDraft(database, id, typed);
      return { saved, queued: saved.ok ? await queueCampaign(database, id) : undefined };
    };

    // The draft is open in two tabs; the first sends it.
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: "Open in two tabs", content: "Hello" });
    expect(await queueCampaign(database, campaignId)).toEqual({ ok: true, recipients: 2 });
    const queued = await totals();

    // The second tab's "Send" (or a retry after a timeout) is refused: no new draft, nothing queued, the campaign unchanged.
    expect(await saveAndSend(campaignId)).toEqual({ saved: { ok: false, reason: "not-draft", status: "sending" }, queued: undefined });
    expect(await totals()).toEqual(queued);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "sending", subject: "Open in two tabs", content: "Hello", counts: { total: 2 } });

    // Once it has been sent, the same.
    await runQueue(database);
    expect(await campaignMessages(database, campaignId)).toHaveLength(2);
    const sent = await totals();
    expect(await saveAndSend(campaignId)).toEqual({ saved: { ok: false, reason: "not-draft", status: "sent" }, queued: undefined });
    expect(await totals()).toEqual(sent);
    expect(await runNextJob(database)).toBe(false);
    expect(await campaignMessages(database, campaignId)).toHaveLength(2);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "sent", subject: "Open in two tabs" });

    // A cancelled campaign is not sent again from a stale form either.
    const cancelledId = await saveCampaignDraft(database, { template: "custom", subject: "Stopped", content: "Hi" });
    await queueCampaign(database, cancelledId);
    expect(await cancelCampaign(database, cancelledId)).toBe(true);
    const cancelled = await totals();
    expect(await saveAndSend(cancelledId)).toEqual({ saved: { ok: false, reason: "not-draft", status: "cancelled" }, queued: undefined });
    expect(await totals()).toEqual(cancelled);

    // A deleted draft is not quietly made again.
    const deletedId = await saveCampaignDraft(database, { template: "custom", subject: "Deleted", content: "Hi" });
    expect(await deleteCampaignDraft(database, deletedId)).toBe(true);
    const deleted = await totals();
    expect(await saveAndSend(deletedId)).toEqual({ saved: { ok: false, reason: "not-found" }, queued: undefined });
    expect(await totals()).toEqual(deleted);

    // A draft still is one: saved in place, no copy.
    const draftId = await saveCampaignDraft(database, { template: "custom", subject: "Draft", content: "Hi" });
    const drafted = await totals();
    expect(await updateCampaignDraft(database, draftId, typed)).toMatchObject({ ok: true });
    expect(await totals()).toEqual(drafted);
    expect(await getCampaign(database, draftId)).toMatchObject({ status: "draft", subject: typed.subject, content: typed.content });

    // Two sends of the same draft at once (two tabs, a double submit): one queues it, the other is refused.
    const results = await Promise.all([saveAndSend(draftId), saveAndSend(draftId)]);
    expect(results.filter((r) => r.queued?.ok)).toHaveLength(1);
    expect(await totals()).toEqual({ campaigns: drafted.campaigns, recipients: drafted.recipients + 2, jobs: drafted.jobs + 1 });
  });
});
