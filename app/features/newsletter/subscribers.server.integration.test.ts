import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { listOutbox } from "#app/platform/mail/mailer.server";
import { listAudit } from "#app/features/audit/audit.server";
import { checkRateLimit } from "#app/features/public-forms/abuse-guard.server";
import { unsubscribeToken, verifyToken } from "./newsletter-tokens.server";
import { checkConfirmation, confirmSubscription, exportSubscribersCsv, getSubscriberByEmail, requestSubscription, resubscribe, unsubscribe } from "./subscribers.server";
import { confirmationToken, confirmedSubscribers, setUpNewsletterTests } from "./newsletter-test-setup";

setUpNewsletterTests();

describeEachEngine("newsletter subscribers", (get) => {
  it("goes pending → confirmed → unsubscribed → confirmed again, keeping a consent record", async () => {
    const database = get();
    expect(await requestSubscription(database, { email: "  Sam@Example.org ", source: "footer on /news" })).toBe("confirmation-sent");
    let subscriber = await getSubscriberByEmail(database, "sam@example.org");
    expect(subscriber).toMatchObject({ status: "pending", consentSource: "footer on /news", confirmedAt: null });
    expect(subscriber?.consentText).toMatch(/unsubscribe at any time/);

    const token = await confirmationToken(database, "sam@example.org");
    expect(await checkConfirmation(database, token)).toMatchObject({ ok: true, alreadyConfirmed: false });
    // Looking at the page changes nothing.
    expect((await getSubscriberByEmail(database, "sam@example.org"))?.status).toBe("pending");

    expect(await confirmSubscription(database, token)).toMatchObject({ ok: true, email: "sam@example.org" });
    subscriber = await getSubscriberByEmail(database, "sam@example.org");
    expect(subscriber?.status).toBe("confirmed");
    expect(subscriber?.confirmedAt).toBeTruthy();

    const unsub = unsubscribeToken(subscriber!.id);
    expect(await unsubscribe(database, unsub)).toMatchObject({ ok: true, status: "unsubscribed" });
    subscriber = await getSubscriberByEmail(database, "sam@example.org");
    expect(subscriber).toMatchObject({ status: "unsubscribed" });
    expect(subscriber?.unsubscribedAt).toBeTruthy();
    // Twice is harmless.
    expect(await unsubscribe(database, unsub)).toMatchObject({ ok: true, status: "unsubscribed" });

    expect(await resubscribe(database, unsub)).toMatchObject({ ok: true, status: "confirmed" });
    subscriber = await getSubscriberByEmail(database, "sam@example.org");
    expect(subscriber).toMatchObject({ status: "confirmed", unsubscribedAt: null, consentSource: "resubscribed from the unsubscribe page" });
  });

  it("a confirmation link works once, and only the newest one works", async () => {
    const database = get();
    await requestSubscription(database, { email: "once@example.org", source: "test" });
    const first = await confirmationToken(database, "once@example.org");
    // A second request within minutes sends nothing more (no mail-bombing an address).
    expect(await requestSubscription(database, { email: "once@example.org", source: "test" })).toBe("recently-sent");
    await database.db.updateTable("subscribers").set({ confirm_sent_at: "2000-01-01T00:00:00.000Z" }).where("email", "=", "once@example.org").execute();
    expect(await requestSubscription(database, { email: "once@example.org", source: "test" })).toBe("confirmation-sent");
    const second = await confirmationToken(database, "once@example.org");
    expect(second).not.toBe(first);
    expect(await confirmSubscription(database, first)).toEqual({ ok: false, reason: "used" });
    expect((await getSubscriberByEmail(database, "once@example.org"))?.status).toBe("pending");
    expect(await confirmSubscription(database, second)).toMatchObject({ ok: true });
    expect(await confirmSubscription(database, second)).toMatchObject({ ok: true, alreadyConfirmed: true });
  });

  it("a known address gets a notice instead of a second subscription, and stays as it was", async () => {
    const database = get();
    await confirmedSubscribers(database, "known", 1);
    await database.db.updateTable("subscribers").set({ confirm_sent_at: "2000-01-01T00:00:00.000Z" }).where("email", "=", "known0@example.org").execute();
    expect(await requestSubscription(database, { email: "KNOWN0@example.org", source: "test" })).toBe("already-subscribed-notice");
    expect((await getSubscriberByEmail(database, "known0@example.org"))?.status).toBe("confirmed");
    const { messages } = await listOutbox(database, { to: "known0@example.org" });
    expect(messages[0]?.subject).toMatch(/already subscribed/);
    const rows = await database.db.selectFrom("subscribers").select("id").where("email", "=", "known0@example.org").execute();
    expect(rows).toHaveLength(1);
  });

  it("sends one address at most three e-mails a day, and a request beyond that changes nothing, so the last link still works", async () => {
    const database = get();
    const email = "aimed-at@example.org";
    // Each request comes after the ten quiet minutes that already stop repeats.
    const afterQuietMinutes = () => database.db.updateTable("subscribers").set({ confirm_sent_at: "2000-01-01T00:00:00.000Z" }).where("email", "=", email).execute();
    for (let i = 0; i < 3; i += 1) {
      expect(await requestSubscription(database, { email: i === 1 ? "Aimed-At@Example.org" : email, source: "test" })).toBe("confirmation-sent");
      await afterQuietMinutes();
    }
    const before = await getSubscriberByEmail(database, email);
    // The link the third e-mail carried: the one naming the row's current nonce.
    const { confirm_nonce: nonce } = await database.db.selectFrom("subscribers").select("confirm_nonce").where("email", "=", email).executeTakeFirstOrThrow();
    const mailed = (await listOutbox(database, { to: email })).messages.map((m) => decodeURIComponent(/\/newsletter\/confirm\?token=([^\s]+)/.exec(m.text)![1]!));
    const newest = mailed.find((token) => {
      const check = verifyToken(token, "confirm");
      return check.ok && check.payload.n === nonce;
    })!;
    expect(await requestSubscription(database, { email: "AIMED-AT@example.org", source: "a fourth time" })).toBe("throttled");
    expect((await listOutbox(database, { to: email })).total).toBe(3);
    expect(await getSubscriberByEmail(database, email)).toEqual(before);
    expect(await confirmSubscription(database, newest)).toMatchObject({ ok: true, alreadyConfirmed: false });
    // Confirmed, a fourth request still sends no "already subscribed" notice that day.
    await afterQuietMinutes();
    expect(await requestSubscription(database, { email, source: "test" })).toBe("throttled");
    expect((await listOutbox(database, { to: email })).total).toBe(3);
  });

  it("exports subscribers as CSV that spreadsheets cannot run as formulas", async () => {
    const database = get();
    await database.db.updateTable("subscribers").set({ consent_source: "=HYPERLINK(\"http://evil\")" }).where("email", "=", "sam@example.org").execute();
    const { csv, count } = await exportSubscribersCsv(database, { search: "sam@" }, { id: "staff-1", email: "staff@example.org" });
    expect(count).toBe(1);
    // Audited with the count and whether a search was used, never the search itself (it may be an address).
    const { entries } = await listAudit(database, { limit: 1, offset: 0 });
    expect(entries[0]).toMatchObject({ action: "subscribers.exported", actorEmail: "staff@example.org", detail: { count: 1, status: "all", searched: true } });
    expect(JSON.stringify(entries[0]!.detail)).not.toContain("sam@");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("email,status,requested_at,confirmed_at,unsubscribed_at,consent_source,consent_text");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it("starts a repeated sign-up afresh when its old row is deleted in the same moment (expiry, or an admin), sending a link that works", async () => {
    const database = get();
    const email = "vanishing@example.org";
    await requestSubscription(database, { email, source: "test" });
    await database.db.updateTable("subscribers").set({ confirm_sent_at: new Date(Date.now() - 3_600_000).toISOString() }).where("email", "=", email).execute();
    const old = (await getSubscriberByEmail(database, email))!;
    // The row goes between this request reading it and updating it: a trigger deletes it instead of the update.
    const { db, engine } = database;
    if (engine === "sqlite") {
      await sql`create trigger subscribers_vanish before update on subscribers when new.consent_source = 'vanish' begin delete from subscribers where id = old.id; select raise(ignore); end`.execute(db);
    } else {
      await sql`create function subscribers_vanish() returns trigger language plpgsql as $$ begin if new.consent_source = 'vanish' then delete from subscribers where id = old.id; return null; end if; return new; end $$`.execute(db);
      await sql`create trigger subscribers_vanish before update on subscribers for each row execute function subscribers_vanish()`.execute(db);
    }
    try {
      expect(await requestSubscription(database, { email, source: "vanish" })).toBe("confirmation-sent");
    } finally {
      await sql`drop trigger if exists subscribers_vanish${engine === "sqlite" ? sql`` : sql` on subscribers`}`.execute(db);
      if (engine === "postgres") await sql`drop function if exists subscribers_vanish()`.execute(db);
    }
    const now = (await getSubscriberByEmail(database, email))!;
    expect(now).toMatchObject({ status: "pending", consentSource: "vanish" });
    expect(now.id).not.toBe(old.id);
    // The newest link names the row that exists.
    expect(await checkConfirmation(database, await confirmationToken(database, email))).toMatchObject({ ok: true, subscriberId: now.id });
  });

  it("rate-limits a public form per address, an IPv6 connection by its /64", async () => {
    const database = get();
    const attempt = (ip = "203.0.113.9") => checkRateLimit(database, { form: "newsletter", ip, limit: 3, windowMs: 60_000 });
    expect((await attempt()).allowed).toBe(true);
    expect((await attempt()).allowed).toBe(true);
    expect((await attempt()).allowed).toBe(true);
    const refused = await attempt();
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect((await attempt("198.51.100.1")).allowed).toBe(true);

    // A new address for every request within one /64 is still one sender.
    for (const host of ["1", "2", "abcd:ef01:2345:6789"]) expect((await attempt(`2001:db8:1:2::${host}`)).allowed).toBe(true);
    expect((await attempt("2001:db8:1:2:ffff::9")).allowed).toBe(false);
    // Another /64 is another sender.
    expect((await attempt("2001:db8:1:3::1")).allowed).toBe(true);
  });
});
