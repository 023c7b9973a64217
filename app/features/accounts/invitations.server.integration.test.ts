import { beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { startSmtpServerForFile } from "../../../test/smtp-server";
import { createAuth, createOrResetAdmin, type SessionUser, type SiteAuth } from "./auth.server";
import { acceptInvitation, createInvitation, findInvitation, INVITATION_LINK_PLACEHOLDER, withdrawInvitation } from "./invitations.server";
import { configureMailer } from "#app/platform/mail/mailer.server";

const options = { secret: "test-secret-test-secret-test-secret-0123", baseURL: "http://127.0.0.1:3999" };
const PASSWORD = "herons on the towpath";

const smtp = startSmtpServerForFile();
const received = smtp.received;

/** The message as the invitee reads it: quoted-printable soft line breaks and escapes undone. */
const readable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describeEachEngine("invitations", (getDb) => {
  let site: SiteAuth;
  const auth = () => (site ??= createAuth(getDb(), options));
  let chair: SessionUser;

  beforeAll(async () => {
    const created = await createOrResetAdmin(auth(), { email: "chair@example.org", password: PASSWORD });
    if (!created.ok) throw new Error(created.message);
    chair = created.user;
  });

  /** Every outbox row's stored text and HTML for one address. */
  const storedCopies = async (to: string) =>
    getDb().db.selectFrom("outbox").select(["text", "html", "status", "error"]).where("to_address", "=", to).execute();

  it("delivers the link over SMTP but keeps no usable link in the outbox", async () => {
    configureMailer({ smtpUrl: smtp.url(), from: "Site <site@example.org>" });
    const before = received.length;
    const result = await createInvitation(getDb(), { role: "admin", email: "treasurer@example.org", invitedBy: chair });
    if (!result.ok) throw new Error(result.message);
    expect(result.mail).toEqual({ status: "sent" });
    const token = result.link.split("/invite/")[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The stored copy (what the Outbox shows and a backup holds) says the link was left out, in both parts.
    const rows = await storedCopies("treasurer@example.org");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("sent");
    expect(rows[0]!.text).toContain(INVITATION_LINK_PLACEHOLDER);
    expect(rows[0]!.text).toContain("chair@example.org has invited you to help run the website");
    expect(rows[0]!.html).toContain("[invitation link not kept in the Outbox, for security]");
    const everything = await getDb().db.selectFrom("outbox").select(["text", "html", "subject", "headers"]).execute();
    expect(JSON.stringify(everything)).not.toContain(token);

    // The invitee's e-mail has the whole link, and it works.
    // (The other engine's suite shares the server, so only what this one sent.)
    const mail = received.slice(before).find((m) => m.to.includes("treasurer@example.org"));
    expect(mail).toBeDefined();
    const body = readable(mail!.raw);
    expect(body).toContain(result.link);
    expect(body).not.toContain(INVITATION_LINK_PLACEHOLDER);
    const linkInMail = body.match(/https?:\/\/\S+\/invite\/([A-Za-z0-9_-]{43})/);
    expect(linkInMail?.[1]).toBe(token);
    expect(await findInvitation(getDb(), linkInMail![1]!)).toMatchObject({ status: "valid" });
    const accepted = await acceptInvitation(auth(), { token: linkInMail![1]!, password: "ledgers in the lamplight", confirm: "ledgers in the lamplight" });
    expect(accepted).toMatchObject({ ok: true, user: { email: "treasurer@example.org", role: "admin" } });
  });

  it("reports an e-mail the mail server refused, and keeps no link for it either", async () => {
    configureMailer({ smtpUrl: smtp.url(), from: "Site <site@example.org>" });
    const before = received.length;
    const result = await createInvitation(getDb(), { role: "admin", email: "refused@example.org", invitedBy: chair });
    if (!result.ok) throw new Error(result.message);
    expect(result.mail.status).toBe("failed");
    expect(result.mail.error).toMatch(/no such mailbox|refused/i);
    expect(received).toHaveLength(before);

    // The invitation exists (sending again replaces it); the Outbox shows the failure and no link.
    const token = result.link.split("/invite/")[1]!;
    expect(await findInvitation(getDb(), token)).toMatchObject({ status: "valid", invitation: { email: "refused@example.org" } });
    const rows = await storedCopies("refused@example.org");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "failed", error: expect.stringMatching(/no such mailbox|refused/i) });
    expect(`${rows[0]!.text}${rows[0]!.html}`).not.toContain(token);
    expect(rows[0]!.text).toContain(INVITATION_LINK_PLACEHOLDER);

    const again = await createInvitation(getDb(), { role: "admin", email: "refused@example.org", invitedBy: chair });
    if (!again.ok) throw new Error(again.message);
    // The first link now says a newer one was sent, not that the invitation was withdrawn.
    expect(await findInvitation(getDb(), token)).toEqual({ status: "replaced" });
    const page = await acceptInvitation(auth(), { token, password: "ledgers in the lamplight", confirm: "ledgers in the lamplight" });
    expect(page).toEqual({ ok: false, status: 410, message: "A newer invitation was sent to this address since: use the link in the most recent e-mail." });
    // It says what became of the newest one: withdrawn by an admin, or expired, the older link says so too.
    await withdrawInvitation(getDb(), again.invitation.id, chair);
    expect(await findInvitation(getDb(), token)).toEqual({ status: "withdrawn" });
    const third = await createInvitation(getDb(), { role: "admin", email: "refused@example.org", invitedBy: chair });
    if (!third.ok) throw new Error(third.message);
    expect(await findInvitation(getDb(), token)).toEqual({ status: "replaced" });
    expect(await findInvitation(getDb(), token, new Date(Date.parse(third.invitation.expiresAt) + 1000))).toEqual({ status: "expired" });
  });

  it("keeps the link in the Outbox when no mail server is set up, as that is how it reaches the invitee", async () => {
    configureMailer({ smtpUrl: null, from: "Site <site@example.org>" });
    const before = received.length;
    const result = await createInvitation(getDb(), { role: "admin", email: "secretary@example.org", invitedBy: chair });
    if (!result.ok) throw new Error(result.message);
    expect(result.mail).toEqual({ status: "outbox" });
    expect(received).toHaveLength(before);
    const rows = await storedCopies("secretary@example.org");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("outbox");
    expect(rows[0]!.text).toContain(result.link);
    expect(rows[0]!.html).toContain(result.link);
    expect(rows[0]!.text).not.toContain(INVITATION_LINK_PLACEHOLDER);
  });
});
