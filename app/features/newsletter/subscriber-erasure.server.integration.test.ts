import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { failWrites } from "../../../test/failing-writes";
import { listOutbox, sendMail } from "#app/platform/mail/mailer.server";
import { listAudit } from "#app/features/audit/audit.server";
import { cancelCampaign, queueCampaign, saveCampaignDraft } from "./campaigns.server";
import { deleteSubscriber, expireUnconfirmedSignUps } from "./subscriber-erasure.server";
import { confirmSubscription, getSubscriberByEmail, requestSubscription } from "./subscribers.server";
import { confirmationToken, onlySubscribers, recipientRows, runQueue, setUpNewsletterTests, statusCounts } from "./newsletter-test-setup";

setUpNewsletterTests();

describeEachEngine("newsletter subscriber erasure", (get) => {
  it("erases a subscriber on request: their row, every copy of mail to them, their address in campaigns, audited by id", async () => {
    const database = get();
    const [erased, kept] = await onlySubscribers(database, "erase-me", 2);
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: "Erasure issue", content: "Hello" });
    expect(await queueCampaign(database, campaignId)).toMatchObject({ ok: true, recipients: 2 });
    await runQueue(database);
    const subscriber = (await getSubscriberByEmail(database, erased!))!;
    // Their confirmation and the issue are in the Outbox.
    expect((await listOutbox(database, { to: erased })).total).toBe(2);
    // A confirmation copied before copies named their subscriber, and an e-mail about something else (a volunteer application).
    await sendMail(database, { to: erased!, subject: "Please confirm your subscription to Test Charity news", text: "Old link", kind: "transactional" });
    await sendMail(database, { to: erased!, subject: "Thank you for applying to volunteer", text: "About the application", kind: "transactional", about: { type: "volunteer_application", id: "app-1" } });
    // A delivery failure's reason that quotes the address.
    await database.db.updateTable("campaign_recipients").set({ error: `550 5.1.1 <${erased}>: Recipient address rejected` }).where("email", "=", erased!).execute();
    const before = await statusCounts(database, campaignId);

    const staff = { id: "staff-1", email: "staff@example.org", ip: "127.0.0.1" };
    expect(await deleteSubscriber(database, subscriber.id, staff)).toBe("deleted");
    expect(await getSubscriberByEmail(database, erased!)).toBeUndefined();
    expect((await listOutbox(database, { to: erased })).messages.map((m) => m.subject)).toEqual(["Thank you for applying to volunteer"]);
    const rows = await recipientRows(database, campaignId);
    expect(rows.map((r) => r.email).sort()).toEqual(["", kept]);
    expect(rows.find((r) => r.email === "")).toMatchObject({ outbox_id: null, status: "sent", error: null });
    // The campaign's figures are as they were; the other subscriber's copies are untouched.
    expect(await statusCounts(database, campaignId)).toEqual(before);
    expect((await listOutbox(database, { to: kept })).total).toBe(2);
    const { entries } = await listAudit(database, { limit: 1, offset: 0 });
    expect(entries[0]).toMatchObject({ action: "subscriber.deleted", actorEmail: "staff@example.org", detail: { subscriberId: subscriber.id } });
    expect(JSON.stringify(entries[0]!.detail)).not.toContain("erase-me");
    // Deleting again finds nothing, and changes nothing.
    expect(await deleteSubscriber(database, subscriber.id, staff)).toBe("not-found");
  });

  it("keeps a subscriber when the record of their deletion cannot be written: nothing is deleted without it", async () => {
    const database = get();
    const [email] = await onlySubscribers(database, "audit-fails", 1);
    const subscriber = (await getSubscriberByEmail(database, email!))!;
    await failWrites(database, "audit_log", true);
    try {
      await expect(deleteSubscriber(database, subscriber.id, { id: "staff-1", email: "staff@example.org" })).rejects.toThrow();
    } finally {
      await failWrites(database, "audit_log", false);
    }
    expect(await getSubscriberByEmail(database, email!)).toMatchObject({ id: subscriber.id, status: "confirmed" });
    expect((await listOutbox(database, { to: email })).total).toBe(1);
  });

  it("does not erase a subscriber while an issue is being handed to them, nor skip them from a campaign still to send", async () => {
    const database = get();
    const [busy, waiting] = await onlySubscribers(database, "in-hand", 2);
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: "In hand", content: "Hello" });
    expect(await queueCampaign(database, campaignId)).toMatchObject({ ok: true, recipients: 2 });
    const staff = { id: "staff-1", email: "staff@example.org" };
    // One recipient in the middle of being sent to: refused, nothing changed.
    await database.db.updateTable("campaign_recipients").set({ status: "sending" }).where("campaign_id", "=", campaignId).where("email", "=", busy!).execute();
    const busyId = (await getSubscriberByEmail(database, busy!))!.id;
    // A second campaign still to send to them too: refused as a whole, so that one still will.
    const later = await saveCampaignDraft(database, { template: "custom", subject: "Later", content: "Hello" });
    expect(await queueCampaign(database, later)).toMatchObject({ ok: true, recipients: 2 });
    expect(await deleteSubscriber(database, busyId, staff)).toBe("sending");
    expect(await getSubscriberByEmail(database, busy!)).toBeDefined();
    expect((await recipientRows(database, later)).map((r) => [r.email, r.status])).toEqual([
      [busy, "pending"],
      [waiting, "pending"],
    ]);
    // One still waiting: erased, and the campaign will not send to them.
    expect(await deleteSubscriber(database, (await getSubscriberByEmail(database, waiting!))!.id, staff)).toBe("deleted");
    expect((await recipientRows(database, campaignId)).map((r) => [r.email, r.status])).toEqual([
      ["", "skipped"],
      [busy, "sending"],
    ]);
    await cancelCampaign(database, campaignId);
    await cancelCampaign(database, later);
  });

  it("forgets a sign-up nobody confirmed within 30 days, with its confirmation e-mails, and puts a returning one back as unsubscribed", async () => {
    const database = get();
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000).toISOString();
    for (const email of ["stranger@example.org", "recent@example.org", "came-back@example.org", "loyal@example.org"]) {
      await requestSubscription(database, { email, source: "test" });
    }
    // A confirmation copied before copies named their subscriber.
    await sendMail(database, { to: "stranger@example.org", subject: "Please confirm your subscription to Test Charity news", text: "Old link", kind: "transactional" });
    expect((await confirmSubscription(database, await confirmationToken(database, "loyal@example.org"))).ok).toBe(true);
    expect((await confirmSubscription(database, await confirmationToken(database, "came-back@example.org"))).ok).toBe(true);
    await database.db.updateTable("subscribers").set({ status: "pending", unsubscribed_at: daysAgo(60) }).where("email", "=", "came-back@example.org").execute();
    await database.db.updateTable("subscribers").set({ requested_at: daysAgo(31) }).where("email", "in", ["stranger@example.org", "came-back@example.org", "loyal@example.org"]).execute();
    await database.db.updateTable("subscribers").set({ requested_at: daysAgo(29) }).where("email", "=", "recent@example.org").execute();

    expect(await expireUnconfirmedSignUps(database, now)).toEqual({ deleted: 1, unsubscribedAgain: 1 });
    expect(await getSubscriberByEmail(database, "stranger@example.org")).toBeUndefined();
    expect((await listOutbox(database, { to: "stranger@example.org" })).total).toBe(0);
    expect((await getSubscriberByEmail(database, "recent@example.org"))?.status).toBe("pending");
    expect((await listOutbox(database, { to: "recent@example.org" })).total).toBe(1);
    expect((await getSubscriberByEmail(database, "came-back@example.org"))?.status).toBe("unsubscribed");
    expect((await getSubscriberByEmail(database, "loyal@example.org"))?.status).toBe("confirmed");
  });
});
