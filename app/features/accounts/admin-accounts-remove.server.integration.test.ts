import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { removeAdminAccount } from "./admin-accounts.server";
import { listAudit } from "#app/features/audit/audit.server";
import { createAuth, createOrResetAdmin, getSession, signIn, type SiteAuth } from "./auth.server";
import { acceptInvitation, createInvitation } from "./invitations.server";
import { configureMailer } from "#app/platform/mail/mailer.server";

/**
 * Taking admin access away from someone who has left: their sessions end,
 * their password stops working, the audit log keeps their trail, and an
 * admin always remains, even when two admins remove each other at once.
 */

const options = { secret: "test-secret-test-secret-test-secret-0123", baseURL: "http://127.0.0.1:3999" };
const PASSWORD = "kingfishers over the calder";

beforeAll(() => configureMailer({ smtpUrl: null, from: "Site <site@example.org>" }));
afterAll(() => configureMailer(undefined));

describeEachEngine("removing admin access", (getDb) => {
  let site: SiteAuth;
  const auth = () => (site ??= createAuth(getDb(), options));

  async function invited(email: string) {
    const chair = await getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", "chair@example.org").executeTakeFirstOrThrow();
    const invitation = await createInvitation(getDb(), { role: "admin", email, invitedBy: { ...chair, name: "Chair", role: "admin", twoFactorEnabled: false } });
    if (!invitation.ok) throw new Error(invitation.message);
    const accepted = await acceptInvitation(auth(), { token: invitation.link.split("/invite/")[1]!, password: PASSWORD, confirm: PASSWORD });
    if (!accepted.ok) throw new Error(accepted.message);
    return getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", email).executeTakeFirstOrThrow();
  }

  const cookieOf = (headers: Headers) => headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const sessionFor = (cookie: string) => getSession(auth(), new Request("http://127.0.0.1:3999/admin", { headers: { cookie } }));

  it("signs them out everywhere and stops their password, keeps the audit trail, and never removes oneself", async () => {
    const created = await createOrResetAdmin(auth(), { email: "chair@example.org", password: PASSWORD });
    if (!created.ok) throw new Error(created.message);
    const chair = { id: created.user.id, email: created.user.email, ip: "203.0.113.5" };
    const leaver = await invited("leaver@example.org");
    const signedIn = await signIn(auth(), { email: "leaver@example.org", password: PASSWORD, ip: "203.0.113.9" });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const leaverCookie = cookieOf(signedIn.headers);
    expect((await sessionFor(leaverCookie))?.user.email).toBe("leaver@example.org");

    expect(await removeAdminAccount(getDb(), chair.id, chair)).toEqual({ ok: false, reason: "self" });
    expect(await removeAdminAccount(getDb(), crypto.randomUUID(), chair)).toEqual({ ok: false, reason: "missing" });

    // A link the leaver sent and nobody has used yet.
    const sent = await createInvitation(getDb(), { role: "admin", email: "friend-of-leaver@example.org", invitedBy: { id: leaver.id, email: leaver.email, name: "Leaver", role: "admin", twoFactorEnabled: false } });
    if (!sent.ok) throw new Error(sent.message);

    expect(await removeAdminAccount(getDb(), leaver.id, chair)).toEqual({ ok: true, email: "leaver@example.org" });
    // ...makes no admin afterwards.
    expect(await acceptInvitation(auth(), { token: sent.link.split("/invite/")[1]!, password: PASSWORD, confirm: PASSWORD })).toMatchObject({ ok: false, status: 410 });
    expect(await getDb().db.selectFrom("users").select("id").where("email", "=", "friend-of-leaver@example.org").execute()).toEqual([]);
    expect(await sessionFor(leaverCookie)).toBeNull();
    expect(await signIn(auth(), { email: "leaver@example.org", password: PASSWORD, ip: "203.0.113.9" })).toMatchObject({ ok: false });
    for (const table of ["users", "accounts", "sessions", "two_factors"] as const) {
      const column = table === "users" ? "id" : "user_id";
      expect(await getDb().db.selectFrom(table).select(column).where(column, "=", leaver.id).execute()).toEqual([]);
    }
    const removal = (await listAudit(getDb(), { limit: 10, offset: 0 })).entries.find((entry) => entry.action === "account.removed");
    expect(removal).toMatchObject({ actorEmail: "chair@example.org", ip: "203.0.113.5", detail: { of: "leaver@example.org" } });
    // Removed twice: nothing left to remove.
    expect(await removeAdminAccount(getDb(), leaver.id, chair)).toEqual({ ok: false, reason: "missing" });
    // The chair still signs in.
    expect(await signIn(auth(), { email: "chair@example.org", password: PASSWORD, ip: "203.0.113.5" })).toMatchObject({ ok: true });
  });

  it("two admins removing each other at the same moment leave one admin, never none", async () => {
    const chair = await getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", "chair@example.org").executeTakeFirstOrThrow();
    const other = await invited("treasurer@example.org");
    const results = await Promise.all([removeAdminAccount(getDb(), other.id, chair), removeAdminAccount(getDb(), chair.id, other)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "actor-gone" });
    expect(await getDb().db.selectFrom("users").select("email").where("role", "=", "admin").execute()).toHaveLength(1);
  });
});
