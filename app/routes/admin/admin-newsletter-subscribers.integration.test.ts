import crypto from "node:crypto";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { serveWithFirstAdmin } from "../../../test/site-process";
import { listAudit } from "#app/features/audit/audit.server";

/**
 * The Newsletter tab's subscriber list: its CSV export is a POST that the
 * audit log records (a GET, which a link prefetch or crawler could make,
 * exports nothing), and an admin can delete a subscriber who asks to be
 * forgotten. Over HTTP against the production build, on each engine.
 */

const ADMIN = { email: "newsletter-subscribers@example.org", password: "paper round 2026!" };

describeEachEngine("the newsletter's subscribers", (getDb) => {
  const served = serveWithFirstAdmin(getDb, ADMIN);

  const subscriber = async (email: string, status: "confirmed" | "pending" | "unsubscribed") => {
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await getDb()
      .db.insertInto("subscribers")
      .values({ id, email, status, confirm_nonce: null, confirm_sent_at: null, consent_source: "footer form", consent_text: "Yes please", requested_at: now, confirmed_at: status === "confirmed" ? now : null, unsubscribed_at: null, created_at: now, updated_at: now })
      .execute();
    return id;
  };
  const post = (path: string, fields: Record<string, string>, cookie = served.cookie) =>
    fetch(`${served.site.url}${path}`, { method: "POST", redirect: "manual", headers: { cookie, Origin: served.site.url }, body: new URLSearchParams(fields) });

  it("exports the filtered list by POST only, and records who exported how many", async () => {
    await subscriber("ada@example.org", "confirmed");
    await subscriber("grace@example.org", "pending");

    const byGet = await fetch(`${served.site.url}/admin/newsletter-subscribers.csv?status=confirmed`, { headers: { cookie: served.cookie } });
    expect(byGet.status).toBe(405);
    expect(await byGet.text()).not.toContain("ada@example.org");
    // The old address exports nothing either.
    expect((await fetch(`${served.site.url}/newsletter-subscribers.csv`, { headers: { cookie: served.cookie } })).status).toBe(404);
    // Without a session: no list.
    const anonymous = await post("/admin/newsletter-subscribers.csv", { status: "confirmed" }, "");
    expect(anonymous.status).not.toBe(200);

    const exported = await post("/admin/newsletter-subscribers.csv", { q: "", status: "confirmed" });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("cache-control")).toBe("private, no-store");
    const csv = await exported.text();
    expect(csv).toContain("ada@example.org,confirmed");
    expect(csv).not.toContain("grace@example.org");

    const { entries } = await listAudit(getDb(), { limit: 5, offset: 0 });
    const entry = entries.find((e) => e.action === "subscribers.exported");
    expect(entry).toMatchObject({ actorEmail: ADMIN.email, detail: { count: 1, status: "confirmed", searched: false } });
  });

  it("deletes a subscriber from the list, once", async () => {
    const id = await subscriber("forget-me@example.org", "unsubscribed");
    const page = await (await fetch(`${served.site.url}/admin/newsletter`, { headers: { cookie: served.cookie } })).text();
    expect(page).toContain('Delete<span class="sr-only"> <!-- -->the subscriber forget-me@example.org');

    const deleted = await post("/admin/newsletter?q=forget&status=unsubscribed&page=3", { intent: "delete-subscriber", id });
    expect(deleted.status).toBe(302);
    // Back to the list as it was searched and filtered.
    expect(deleted.headers.get("location")).toBe("/admin/newsletter?q=forget&status=unsubscribed#subscribers");
    expect(await getDb().db.selectFrom("subscribers").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    const { entries } = await listAudit(getDb(), { limit: 1, offset: 0 });
    expect(entries[0]).toMatchObject({ action: "subscriber.deleted", actorEmail: ADMIN.email, detail: { subscriberId: id } });

    const again = await post("/admin/newsletter", { intent: "delete-subscriber", id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Subscriber not found");
  });
});
