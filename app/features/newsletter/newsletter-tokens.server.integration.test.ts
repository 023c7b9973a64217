import { expect, it, vi } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { setNewsletterSecret, unsubscribeToken, verifyToken } from "./newsletter-tokens.server";
import { confirmSubscription, getSubscriberByEmail, requestSubscription, unsubscribe } from "./subscribers.server";
import { confirmationToken, setUpNewsletterTests } from "./newsletter-test-setup";

setUpNewsletterTests();

describeEachEngine("newsletter tokens", (get) => {
  it("refuses an expired confirmation link", async () => {
    const database = get();
    await requestSubscription(database, { email: "late@example.org", source: "test" });
    const token = await confirmationToken(database, "late@example.org");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 49 * 3600_000);
      expect(await confirmSubscription(database, token)).toEqual({ ok: false, reason: "expired" });
    } finally {
      vi.useRealTimers();
    }
    expect((await getSubscriberByEmail(database, "late@example.org"))?.status).toBe("pending");
  });

  it("refuses tampered tokens and tokens used for the wrong purpose", async () => {
    const database = get();
    await requestSubscription(database, { email: "tamper@example.org", source: "test" });
    const token = await confirmationToken(database, "tamper@example.org");
    const [body, mac] = token.split(".");
    const payload = JSON.parse(Buffer.from(body!, "base64url").toString());
    const longer = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 365 * 24 * 3600_000 })).toString("base64url");
    const flipped = mac!.slice(0, -2) + (mac!.endsWith("AA") ? "BB" : "AA");
    for (const bad of [`${longer}.${mac}`, `${body}.${flipped}`, `${body}`, "", `${body}.${mac}.x`]) {
      expect(await confirmSubscription(database, bad)).toEqual({ ok: false, reason: "invalid" });
    }
    const subscriber = await getSubscriberByEmail(database, "tamper@example.org");
    expect(subscriber?.status).toBe("pending");
    // An unsubscribe link cannot confirm, and a confirmation link cannot unsubscribe.
    expect(await confirmSubscription(database, unsubscribeToken(subscriber!.id))).toEqual({ ok: false, reason: "invalid" });
    expect(verifyToken(token, "unsubscribe")).toEqual({ ok: false, reason: "invalid" });
    expect(await unsubscribe(database, token)).toEqual({ ok: false, reason: "invalid" });
    // A token signed with another secret is refused.
    setNewsletterSecret("some-other-secret-entirely-0123456789");
    const foreign = unsubscribeToken(subscriber!.id);
    setNewsletterSecret("newsletter-test-secret-0123456789abcdef");
    expect(await unsubscribe(database, foreign)).toEqual({ ok: false, reason: "invalid" });
  });
});
