import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, releaseSite, ROUTE_TEST_ORIGIN, type RouteAction } from "../../../test/route-actions";
import { startSmtpServerForFile } from "../../../test/smtp-server";
// Types only: the modules themselves are imported afresh for each engine's database, below.
import type * as OutboxRoute from "./admin.outbox";
import type * as Invitations from "#app/features/accounts/invitations.server";
import type * as Auth from "#app/features/accounts/auth.server";
import type * as Mailer from "#app/platform/mail/mailer.server";

/**
 * An invitation link is as good as a password until it is used. With no
 * mail server the Outbox is how it reaches the invitee, so it is kept there;
 * once mail is set up, nobody should read one in the Outbox (a session
 * left open, a colleague's screen), and a link that can no longer be used
 * (accepted, withdrawn or replaced by a newer one) is not kept in the
 * database, and so not in its backups, at all.
 */

const ADMIN = { email: "chair@example.org", password: "first light over the moor" };
const smtp = startSmtpServerForFile();

describeEachEngine("invitation links in the Outbox", (getDb) => {
  let site: {
    outbox: typeof OutboxRoute;
    login: RouteAction;
    invitations: typeof Invitations;
    auth: typeof Auth;
    mailer: typeof Mailer;
    database: { closeDatabase(): Promise<void> };
  };
  let cookie = "";
  beforeAll(async () => {
    configureSiteFor(getDb());
    site = {
      outbox: await import("./admin.outbox"),
      login: (await import("../auth/login")).action as RouteAction,
      invitations: await import("#app/features/accounts/invitations.server"),
      auth: await import("#app/features/accounts/auth.server"),
      mailer: await import("#app/platform/mail/mailer.server"),
      database: await import("#app/platform/db/db.server"),
    };
    cookie = await firstAdminCookie(site.login, ADMIN);
  });
  afterAll(async () => {
    site.mailer.configureMailer(undefined);
    site.mailer.closeMailer();
    await releaseSite(site);
  });

  const chair = async () => (await site.auth.getSession(await site.auth.getAuth(), new Request(ROUTE_TEST_ORIGIN, { headers: { cookie } })))!.user;
  const invite = async (email: string) => {
    const result = await site.invitations.createInvitation(getDb(), { role: "admin", email, invitedBy: await chair() });
    if (!result.ok) throw new Error(result.message);
    return { ...result, token: result.link.split("/invite/")[1]! };
  };
  /** The Outbox page's data, as the admin's browser receives it. */
  const outboxPage = async () =>
    JSON.stringify(await site.outbox.loader({ request: new Request(`${ROUTE_TEST_ORIGIN}/admin/outbox`, { headers: { cookie } }), params: {}, context: {} } as never));
  const stored = async (email: string) => JSON.stringify(await getDb().db.selectFrom("outbox").select(["text", "html"]).where("to_address", "=", email).execute());

  it("shows the link while there is no mail server, and no longer once mail is set up", async () => {
    site.mailer.configureMailer({ smtpUrl: null });
    const early = await invite("early@example.org");
    expect(early.mail.status).toBe("outbox");
    expect(await outboxPage()).toContain(early.link);

    site.mailer.configureMailer({ smtpUrl: smtp.url() });
    const page = await outboxPage();
    expect(page).toContain("You have been invited to the website");
    expect(page).not.toContain(early.token);
    expect(page).toContain(site.invitations.INVITATION_LINK_PLACEHOLDER);
    // The link still works: sending the invitation again is how it reaches them now.
    expect(await site.invitations.findInvitation(getDb(), early.token)).toMatchObject({ status: "valid" });
  });

  it("keeps no usable-looking copy of a link that was replaced by a resend, withdrawn or accepted", async () => {
    site.mailer.configureMailer({ smtpUrl: null });
    const resent = await invite("resent@example.org");
    const withdrawn = await invite("withdrawn@example.org");
    const accepted = await invite("accepted@example.org");
    for (const { token, invitation } of [resent, withdrawn, accepted]) expect(await stored(invitation.email)).toContain(token);

    // Sent again once mail works: the first link is dead, and its stored copy no longer holds it.
    site.mailer.configureMailer({ smtpUrl: smtp.url() });
    const again = await invite("resent@example.org");
    expect(again.mail.status).toBe("sent");
    expect(await stored("resent@example.org")).not.toContain(resent.token);
    expect(await stored("resent@example.org")).not.toContain(again.token);

    expect(await site.invitations.withdrawInvitation(getDb(), withdrawn.invitation.id, await chair())).toBe(true);
    expect(await stored("withdrawn@example.org")).not.toContain(withdrawn.token);

    const done = await site.invitations.acceptInvitation(await site.auth.getAuth(), { token: accepted.token, password: "herons over the hebble", confirm: "herons over the hebble" });
    expect(done).toMatchObject({ ok: true });
    expect(await stored("accepted@example.org")).not.toContain(accepted.token);
    // What the e-mail said otherwise stays, for the record.
    expect(await stored("accepted@example.org")).toContain("has invited you to help run the website");
  });

  it("sends an invitation that waited in the Outbox with its link once mail is set up, and then keeps no link", async () => {
    site.mailer.configureMailer({ smtpUrl: null });
    const waiting = await invite("waited@example.org");
    expect(await stored("waited@example.org")).toContain(waiting.token);
    (await import("../../../server/wiring")).wireFeaturesIntoPlatform();
    site.mailer.configureMailer({ smtpUrl: smtp.url() });
    const { sendWaitingMail } = await import("#app/platform/mail/outbox-send.server");
    const row = await getDb().db.selectFrom("outbox").select("id").where("to_address", "=", "waited@example.org").executeTakeFirstOrThrow();
    expect((await sendWaitingMail(getDb(), row.id)).status).toBe("sent");
    // The invitee got the link; the stored copy says it was not kept.
    expect(smtp.received.filter((m) => m.to.includes("waited@example.org")).map((m) => m.raw.replace(/=\r?\n/g, "")).join("")).toContain(waiting.token);
    expect(await stored("waited@example.org")).not.toContain(waiting.token);
    expect(await stored("waited@example.org")).toContain(site.invitations.INVITATION_LINK_PLACEHOLDER);
  });

  it("takes the links out when the admin who sent them loses their access", async () => {
    site.mailer.configureMailer({ smtpUrl: null });
    const made = await site.auth.createOrResetAdmin(await site.auth.getAuth(), { email: "deputy@example.org", password: "swifts above the mill" });
    if (!made.ok) throw new Error(made.message);
    const pending = await site.invitations.createInvitation(getDb(), { role: "admin", email: "from.deputy@example.org", invitedBy: made.user });
    if (!pending.ok) throw new Error(pending.message);
    expect(await stored("from.deputy@example.org")).toContain(pending.link);
    const { removeAdminAccount } = await import("#app/features/accounts/admin-accounts.server");
    expect(await removeAdminAccount(getDb(), made.user.id, await chair())).toMatchObject({ ok: true });
    expect(await stored("from.deputy@example.org")).not.toContain(pending.link.split("/invite/")[1]!);
  });
});
