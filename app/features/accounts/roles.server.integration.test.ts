import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { changeRole, listAccounts } from "./admin-accounts.server";
import { listAudit } from "#app/features/audit/audit.server";
import { createAuth, createOrResetAdmin, insertUser, type SiteAuth } from "./auth.server";
import { acceptInvitation, createInvitation, listPendingInvitations } from "./invitations.server";
import { configureMailer } from "#app/platform/mail/mailer.server";

/**
 * Roles on the data layer: an invitation makes an account with the role
 * it names, a role change is audited, and the site never loses its last
 * Admin, even when two Admins demote each other at the same moment.
 */

const options = { secret: "test-secret-test-secret-test-secret-0123", baseURL: "http://127.0.0.1:3999" };
const PASSWORD = "wagtails by the hebble brook";

beforeAll(() => configureMailer({ smtpUrl: null, from: "Site <site@example.org>" }));
afterAll(() => configureMailer(undefined));

describeEachEngine("staff roles", (getDb) => {
  let site: SiteAuth;
  const auth = () => (site ??= createAuth(getDb(), options));
  const roleOf = async (email: string) => (await getDb().db.selectFrom("users").select("role").where("email", "=", email).executeTakeFirstOrThrow()).role;
  const admins = async () => (await getDb().db.selectFrom("users").select("email").where("role", "=", "admin").orderBy("email").execute()).map((r) => r.email);

  it("makes an account with the invitation's role, and refuses an invitation without a staff role", async () => {
    const created = await createOrResetAdmin(auth(), { email: "chair@example.org", password: PASSWORD });
    if (!created.ok) throw new Error(created.message);
    const chair = created.user;
    expect(chair.role).toBe("admin");

    for (const role of ["member", "owner", ""]) {
      expect(await createInvitation(getDb(), { role, email: `nobody-${role}@example.org`, invitedBy: chair })).toEqual({
        ok: false,
        status: 400,
        message: "Choose the role they will have: Admin, Editor or Safeguarding.",
      });
    }
    expect(await getDb().db.selectFrom("invitations").select("id").execute()).toEqual([]);

    for (const [email, role] of [
      ["lead@example.org", "safeguarding"],
      ["writer@example.org", "editor"],
      ["deputy@example.org", "admin"],
    ] as const) {
      const invitation = await createInvitation(getDb(), { role, email, invitedBy: chair });
      if (!invitation.ok) throw new Error(invitation.message);
      expect((await listPendingInvitations(getDb())).find((i) => i.email === email)?.role).toBe(role);
      const accepted = await acceptInvitation(auth(), { token: invitation.link.split("/invite/")[1]!, password: PASSWORD, confirm: PASSWORD });
      if (!accepted.ok) throw new Error(accepted.message);
      expect(accepted.user.role).toBe(role);
      expect(await roleOf(email)).toBe(role);
    }
    const mail = await getDb().db.selectFrom("outbox").select("text").where("to_address", "=", "lead@example.org").executeTakeFirstOrThrow();
    expect(mail.text).toContain("as a Safeguarding.");
    const accounts = await listAccounts(getDb());
    expect(accounts.map((a) => [a.email, a.role])).toEqual([
      ["chair@example.org", "admin"],
      ["deputy@example.org", "admin"],
      ["lead@example.org", "safeguarding"],
      ["writer@example.org", "editor"],
    ]);
  });

  it("changes a role, audits it, and changes nothing for someone who is not an Admin", async () => {
    const chair = await getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", "chair@example.org").executeTakeFirstOrThrow();
    const writer = await getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", "writer@example.org").executeTakeFirstOrThrow();
    const lead = await getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", "lead@example.org").executeTakeFirstOrThrow();

    expect(await changeRole(getDb(), writer.id, "safeguarding", { ...chair, ip: "203.0.113.7" })).toEqual({
      ok: true,
      email: "writer@example.org",
      from: "editor",
      to: "safeguarding",
      changed: true,
    });
    expect(await roleOf("writer@example.org")).toBe("safeguarding");
    const entry = (await listAudit(getDb(), { limit: 20, offset: 0 })).entries.find((e) => e.action === "account.role-changed");
    expect(entry).toMatchObject({ actorEmail: "chair@example.org", ip: "203.0.113.7", detail: { of: "writer@example.org", from: "editor", to: "safeguarding" } });

    // An Editor or Safeguarding account cannot change roles, its own included.
    expect(await changeRole(getDb(), lead.id, "admin", lead)).toEqual({ ok: false, reason: "actor-gone" });
    expect(await roleOf("lead@example.org")).toBe("safeguarding");
    expect(await changeRole(getDb(), crypto.randomUUID(), "editor", chair)).toEqual({ ok: false, reason: "missing" });
    // The same role again: nothing written.
    const before = (await listAudit(getDb(), { limit: 100, offset: 0 })).entries.length;
    expect(await changeRole(getDb(), writer.id, "safeguarding", chair)).toMatchObject({ ok: true, changed: false });
    expect((await listAudit(getDb(), { limit: 100, offset: 0 })).entries.length).toBe(before);
    await changeRole(getDb(), writer.id, "editor", chair);
  });

  it("never demotes the last Admin, who keeps the role with nothing changed", async () => {
    const chair = await getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", "chair@example.org").executeTakeFirstOrThrow();
    const deputy = await getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", "deputy@example.org").executeTakeFirstOrThrow();
    expect(await changeRole(getDb(), deputy.id, "editor", chair)).toMatchObject({ ok: true, changed: true });
    expect(await admins()).toEqual(["chair@example.org"]);
    const audited = (await listAudit(getDb(), { limit: 100, offset: 0 })).entries.length;
    for (const role of ["editor", "safeguarding"] as const) {
      expect(await changeRole(getDb(), chair.id, role, chair)).toEqual({ ok: false, reason: "last-admin" });
    }
    expect(await admins()).toEqual(["chair@example.org"]);
    expect((await listAudit(getDb(), { limit: 100, offset: 0 })).entries.length).toBe(audited);
    // With a second Admin, one may step down.
    await changeRole(getDb(), deputy.id, "admin", chair);
    expect(await changeRole(getDb(), chair.id, "editor", chair)).toMatchObject({ ok: true, changed: true });
    expect(await admins()).toEqual(["deputy@example.org"]);
    await changeRole(getDb(), chair.id, "admin", deputy);
  });

  it("two Admins demoting each other at the same moment leave one Admin, never none", async () => {
    const chair = await getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", "chair@example.org").executeTakeFirstOrThrow();
    const deputy = await getDb().db.selectFrom("users").select(["id", "email"]).where("email", "=", "deputy@example.org").executeTakeFirstOrThrow();
    expect(await admins()).toEqual(["chair@example.org", "deputy@example.org"]);
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([changeRole(getDb(), deputy.id, "editor", chair), changeRole(getDb(), chair.id, "safeguarding", deputy)]);
      expect(results.filter((r) => r.ok), `round ${round}`).toHaveLength(1);
      expect(results.find((r) => !r.ok), `round ${round}`).toEqual({ ok: false, reason: "actor-gone" });
      const left = await admins();
      expect(left, `round ${round}`).toHaveLength(1);
      // Back to two Admins for the next round.
      const remaining = left[0] === chair.email ? chair : deputy;
      const other = remaining === chair ? deputy : chair;
      expect(await changeRole(getDb(), other.id, "admin", remaining)).toMatchObject({ ok: true, changed: true });
    }
  });

  it("the operator command keeps making Admins", async () => {
    const made = await createOrResetAdmin(auth(), { email: "operator@example.org", password: PASSWORD });
    expect(made).toMatchObject({ ok: true, created: true, user: { role: "admin" } });
    // And gives the Admin role back to an Editor whose password it resets.
    await insertUser(auth(), "former@example.org", PASSWORD, "editor");
    expect(await createOrResetAdmin(auth(), { email: "former@example.org", password: PASSWORD })).toMatchObject({ ok: true, created: false, user: { role: "admin" } });
    expect(await roleOf("former@example.org")).toBe("admin");
  });
});
