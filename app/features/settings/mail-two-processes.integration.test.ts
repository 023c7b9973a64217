import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { createFirstAdmin, type SiteProcess, startTwoSiteProcesses, stopSiteProcesses } from "../../../test/site-process";
import { startSmtpServerForFile } from "../../../test/smtp-server";

/**
 * Two processes of the production build on one database, as behind a load
 * balancer: a mail server saved in Settings → E-mail on one is used by the
 * other at once, and when both are asked to send what waits in the Outbox
 * at the same moment, every message is delivered exactly once.
 */

const ADMIN = { email: "two-processes@example.org", password: "two kettles on one hob" };
const SMTP = { user: "site@example.org", pass: "shared-smtp-password-9" };
const smtp = startSmtpServerForFile({ auth: SMTP });
const WAITING = 12;

describeEachEngine("mail set up on one process, sent from two", (getDb) => {
  let a: SiteProcess;
  let b: SiteProcess;
  let cookie = "";
  beforeAll(async () => {
    [a, b] = await startTwoSiteProcesses(getDb());
    cookie = await createFirstAdmin(a, ADMIN);
    const now = new Date().toISOString();
    // Written while no mail server was set up: they wait in the Outbox.
    for (let n = 0; n < WAITING; n++) {
      await getDb()
        .db.insertInto("outbox")
        .values({ id: crypto.randomUUID(), to_address: `waiting${n}@example.org`, from_address: "no-reply@localhost", subject: `Waiting ${n}`, text: `Message ${n}`, html: null, headers: null, kind: "notification", status: "outbox", error: null, campaign_id: null, message_id: null, created_at: now, sent_at: null, about_type: null, about_id: null })
        .execute();
    }
  }, 240_000);
  afterAll(async () => {
    await stopSiteProcesses(a, b);
  });

  const post = (site: SiteProcess, path: string, fields: Record<string, string>) =>
    fetch(`${site.url}${path}`, { method: "POST", redirect: "manual", headers: { Origin: site.url, cookie }, body: new URLSearchParams(fields) });

  it("uses the settings saved on the other process, and sends each waiting message once when both send at once", async () => {
    // The server is the file's: the other engine's run delivered to it too.
    const before = smtp.received.length;
    const saved = await post(a, "/admin/settings/mail", { intent: "save", fromName: "", fromAddress: "news@example.org", host: "127.0.0.1", port: String(smtp.port()), security: "none", user: SMTP.user, password: SMTP.pass });
    expect(saved.status).toBe(302);
    const [fromA, fromB] = await Promise.all([post(a, "/admin/outbox", { intent: "send-all" }), post(b, "/admin/outbox", { intent: "send-all" })]);
    expect([fromA.status, fromB.status]).toEqual([302, 302]);
    const delivered = smtp.received.slice(before).flatMap((m) => m.to).filter((to) => to.startsWith("waiting")).sort();
    expect(delivered).toEqual(Array.from({ length: WAITING }, (_, n) => `waiting${n}@example.org`).sort());
    const rows = await getDb().db.selectFrom("outbox").select(["status", "from_address"]).execute();
    expect(rows.every((r) => r.status === "sent" && r.from_address === "news@example.org")).toBe(true);
  });
});
