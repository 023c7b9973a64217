import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { secretOf, totp } from "../../../test/totp";
import { listAccounts, listSessions, revokeOtherSessions, revokeSession } from "./admin-accounts.server";
import { requiresTwoFactor, resetTwoFactorFor, setRequireTwoFactor } from "./two-factor-policy.server";
import { listAudit } from "#app/features/audit/audit.server";
import { createAuth, createOrResetAdmin, getSession, signIn, type SiteAuth } from "./auth.server";
import { acceptInvitation, createInvitation, findInvitation, INVITATION_TTL_HOURS, listPendingInvitations, withdrawInvitation } from "./invitations.server";
import { configureMailer, listOutbox } from "#app/platform/mail/mailer.server";
import { beginTwoFactorSetup, confirmTwoFactorSetup, disableTwoFactor, newBackupCodes, verifySignInCode } from "./two-factor.server";

const PASSWORD = "canal boats at dawn";
const options = { secret: "test-secret-test-secret-test-secret-0123", baseURL: "http://127.0.0.1:3999" };

function cookieFrom(headers: Headers, previous = ""): string {
  const jar = new Map(previous.split(/;\s*/).filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const set of headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    const [name, value] = [pair.split("=")[0]!, pair.slice(pair.indexOf("=") + 1)];
    if (value === "" || /max-age=0/i.test(set)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

const requestWith = (cookie: string, method = "POST") => new Request("http://127.0.0.1:3999/admin/users", { method, headers: { cookie } });

beforeAll(() => configureMailer({ smtpUrl: null, from: "Site <site@example.org>" }));
afterAll(() => configureMailer(undefined));

describeEachEngine("admin accounts", (getDb) => {
  let site: SiteAuth;
  const auth = () => (site ??= createAuth(getDb(), options));
  let chair: { id: string; email: string; role: string; name: string; twoFactorEnabled: boolean };

  async function signedIn(email: string, password = PASSWORD): Promise<string> {
    const result = await signIn(auth(), { email, password, ip: "203.0.113.5" });
    if (!result.ok) throw new Error(result.message);
    expect(result.twoFactorRequired).toBe(false);
    return cookieFrom(result.headers);
  }

  it("invites an admin by e-mail: the link works once, before it expires, with a policy-checked password", async () => {
    const created = await createOrResetAdmin(auth(), { email: "chair@example.org", password: PASSWORD });
    if (!created.ok) throw new Error(created.message);
    chair = created.user;

    expect(await createInvitation(getDb(), { role: "admin", email: "not an address", invitedBy: chair })).toMatchObject({ ok: false, status: 400 });
    expect(await createInvitation(getDb(), { role: "admin", email: "Chair@example.org", invitedBy: chair })).toMatchObject({
      ok: false,
      status: 409,
      message: "This person already has an account.",
    });

    const first = await createInvitation(getDb(), { role: "admin", email: "Treasurer@Example.org", invitedBy: chair, ip: "203.0.113.5" });
    if (!first.ok) throw new Error(first.message);
    const second = await createInvitation(getDb(), { role: "admin", email: "treasurer@example.org", invitedBy: chair });
    if (!second.ok) throw new Error(second.message);
    const token = (link: string) => link.split("/invite/")[1]!;
    // The newer link replaces the older; only the hash of a token is stored.
    expect(await findInvitation(getDb(), token(first.link))).toEqual({ status: "replaced" });
    expect(await findInvitation(getDb(), token(second.link))).toMatchObject({ status: "valid", invitation: { email: "treasurer@example.org" } });
    const stored = await getDb().db.selectFrom("invitations").select("token_hash").execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token(second.link));
    expect(await listPendingInvitations(getDb())).toHaveLength(1);

    // The e-mail holds the link.
    const { messages } = await listOutbox(getDb(), { to: "treasurer@example.org" });
    expect(messages[0]?.subject).toBe("You have been invited to the website's admin area");
    expect(messages[0]?.text).toContain(second.link);

    // A weak password or a mismatch is refused and uses nothing up.
    expect(await acceptInvitation(auth(), { token: token(second.link), password: "password1234", confirm: "password1234" })).toMatchObject({
      ok: false,
      field: "password",
    });
    expect(await acceptInvitation(auth(), { token: token(second.link), password: PASSWORD, confirm: `${PASSWORD}!` })).toMatchObject({
      ok: false,
      field: "confirm",
    });
    // Two accepts at once: one account.
    const [a, b] = await Promise.all([
      acceptInvitation(auth(), { token: token(second.link), password: "ledgers in the lamplight", confirm: "ledgers in the lamplight" }),
      acceptInvitation(auth(), { token: token(second.link), password: "ledgers in the lamplight", confirm: "ledgers in the lamplight" }),
    ]);
    expect([a, b].filter((r) => r.ok)).toHaveLength(1);
    expect([a, b].find((r) => !r.ok)).toMatchObject({ status: 410 });
    expect(await getDb().db.selectFrom("users").select("role").where("email", "=", "treasurer@example.org").execute()).toEqual([{ role: "admin" }]);
    expect(await findInvitation(getDb(), token(second.link))).toEqual({ status: "used" });
    expect(await signIn(auth(), { email: "treasurer@example.org", password: "ledgers in the lamplight", ip: "203.0.113.6" })).toMatchObject({ ok: true });

    // Expired, withdrawn and made-up links do nothing.
    const later = await createInvitation(getDb(), { role: "admin", email: "secretary@example.org", invitedBy: chair });
    if (!later.ok) throw new Error(later.message);
    const afterExpiry = new Date(Date.now() + (INVITATION_TTL_HOURS + 1) * 3600_000);
    expect(await acceptInvitation(auth(), { token: token(later.link), password: PASSWORD, confirm: PASSWORD, now: afterExpiry })).toMatchObject({
      ok: false,
      status: 410,
      message: "This invitation has expired. Ask an admin to send you a new one.",
    });
    expect(await withdrawInvitation(getDb(), later.invitation.id, chair)).toBe(true);
    expect(await withdrawInvitation(getDb(), later.invitation.id, chair)).toBe(false);
    expect(await findInvitation(getDb(), token(later.link))).toEqual({ status: "withdrawn" });
    expect(await acceptInvitation(auth(), { token: token(later.link), password: PASSWORD, confirm: PASSWORD })).toMatchObject({ status: 410 });
    expect(await acceptInvitation(auth(), { token: "A".repeat(43), password: PASSWORD, confirm: PASSWORD })).toMatchObject({ status: 404 });
    expect(await getDb().db.selectFrom("users").select("id").where("email", "=", "secretary@example.org").execute()).toEqual([]);
  });

  it("lists accounts and sessions, and revokes one session or all the others", async () => {
    const first = await signedIn("chair@example.org");
    const second = await signedIn("chair@example.org");
    const other = await signedIn("treasurer@example.org", "ledgers in the lamplight");
    const accounts = await listAccounts(getDb());
    expect(accounts.map((a) => [a.email, a.role, a.twoFactorEnabled])).toEqual([
      ["chair@example.org", "admin", false],
      ["treasurer@example.org", "admin", false],
    ]);
    const mine = await listSessions(getDb(), { userId: chair.id });
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine[0]).toMatchObject({ email: "chair@example.org", ip: "203.0.113.5" });

    const current = await getSession(auth(), requestWith(first, "GET"));
    const treasurerSession = await getSession(auth(), requestWith(other, "GET"));
    expect(await revokeSession(getDb(), treasurerSession!.sessionId, chair)).toBe(true);
    expect(await getSession(auth(), requestWith(other, "GET"))).toBeNull();
    expect(await revokeSession(getDb(), treasurerSession!.sessionId, chair)).toBe(false);

    expect(await revokeOtherSessions(getDb(), chair.id, current!.sessionId, chair)).toBeGreaterThanOrEqual(1);
    expect(await getSession(auth(), requestWith(second, "GET"))).toBeNull();
    expect((await getSession(auth(), requestWith(first, "GET")))?.user.email).toBe("chair@example.org");
    expect((await listSessions(getDb(), { userId: chair.id })).map((s) => s.id)).toEqual([current!.sessionId]);
  });

  it("turns on TOTP only after a correct code, then asks for a code at sign-in; backup codes work once", async () => {
    let cookie = await signedIn("treasurer@example.org", "ledgers in the lamplight");
    const current = (await getSession(auth(), requestWith(cookie, "GET")))!;
    expect(await beginTwoFactorSetup(auth(), requestWith(cookie), current, "wrong password entirely")).toMatchObject({
      ok: false,
      message: "That password is not right.",
    });
    const begun = await beginTwoFactorSetup(auth(), requestWith(cookie), current, "ledgers in the lamplight");
    if (!begun.ok) throw new Error(begun.message);
    expect(begun.setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(begun.setup.secret).toBe(secretOf(begun.setup.uri));
    expect(begun.setup.backupCodes).toHaveLength(10);
    // Not on yet: a password alone still signs in.
    expect((await signIn(auth(), { email: "treasurer@example.org", password: "ledgers in the lamplight", ip: "203.0.113.6" })) as { twoFactorRequired?: boolean }).toMatchObject({
      twoFactorRequired: false,
    });

    expect(await confirmTwoFactorSetup(auth(), requestWith(cookie), current, "000000")).toMatchObject({ ok: false, status: 400 });
    const confirmed = await confirmTwoFactorSetup(auth(), requestWith(cookie), current, totp(begun.setup.secret));
    if (!confirmed.ok) throw new Error(confirmed.message);
    cookie = cookieFrom(confirmed.headers, cookie);
    expect((await getSession(auth(), requestWith(cookie, "GET")))?.user.twoFactorEnabled).toBe(true);
    expect((await listAccounts(getDb())).find((a) => a.email === "treasurer@example.org")?.twoFactorEnabled).toBe(true);

    // Signing in now stops after the password: no session, only a challenge cookie.
    const password = await signIn(auth(), { email: "treasurer@example.org", password: "ledgers in the lamplight", ip: "203.0.113.6" });
    if (!password.ok) throw new Error(password.message);
    expect(password.twoFactorRequired).toBe(true);
    const challenge = cookieFrom(password.headers);
    expect(challenge).toMatch(/site\.two_factor=/);
    expect(challenge).not.toMatch(/session_token=/);
    expect(await getSession(auth(), requestWith(challenge, "GET"))).toBeNull();

    const wrong = await verifySignInCode(auth(), requestWith(challenge), { code: "123 456", method: "totp", ip: "203.0.113.6" });
    expect(wrong).toMatchObject({ ok: false });
    // A code works once, and the one that turned two-factor on was this step's: sign in with the next
    // one, which the app shows when the step turns and the clock-drift window already accepts.
    const right = await verifySignInCode(auth(), requestWith(challenge), { code: totp(begun.setup.secret, Date.now() + 30_000), method: "totp", ip: "203.0.113.6" });
    if (!right.ok) throw new Error(right.message);
    expect((await getSession(auth(), requestWith(cookieFrom(right.headers), "GET")))?.user.email).toBe("treasurer@example.org");
    // The challenge is used up.
    expect(await verifySignInCode(auth(), requestWith(challenge), { code: totp(begun.setup.secret), method: "totp", ip: "203.0.113.6" })).toMatchObject({
      ok: false,
      status: 401,
    });

    // A backup code instead of the app, once only.
    const code = begun.setup.backupCodes[0]!;
    for (const expected of [true, false]) {
      const again = await signIn(auth(), { email: "treasurer@example.org", password: "ledgers in the lamplight", ip: "203.0.113.6" });
      if (!again.ok) throw new Error(again.message);
      const result = await verifySignInCode(auth(), requestWith(cookieFrom(again.headers)), { code, method: "backup", ip: "203.0.113.6" });
      expect(result.ok, `backup code use ${expected ? 1 : 2}`).toBe(expected);
    }

    // Over https the challenge and the session after it are __Host- cookies, and are read back under those names.
    const secure = createAuth(getDb(), { ...options, baseURL: "https://charity.example" });
    const overHttps = await signIn(secure, { email: "treasurer@example.org", password: "ledgers in the lamplight", ip: "203.0.113.6" });
    if (!overHttps.ok) throw new Error(overHttps.message);
    expect(overHttps.twoFactorRequired).toBe(true);
    const secureChallenge = cookieFrom(overHttps.headers);
    expect(secureChallenge).toMatch(/^__Host-site\.two_factor=/);
    const secureAnswer = await verifySignInCode(secure, requestWith(secureChallenge), { code: begun.setup.backupCodes[1]!, method: "backup", ip: "203.0.113.6" });
    if (!secureAnswer.ok) throw new Error(secureAnswer.message);
    expect(secureAnswer.headers.getSetCookie().find((c) => c.includes("session_token="))).toMatch(/^__Host-site\.session_token=[^;]+;.*Secure/i);
    expect((await getSession(secure, requestWith(cookieFrom(secureAnswer.headers), "GET")))?.user.email).toBe("treasurer@example.org");

    const codes = await newBackupCodes(auth(), requestWith(cookie), current, "ledgers in the lamplight");
    expect(codes).toMatchObject({ ok: true });

    const actions = new Set((await listAudit(getDb(), { limit: 500, offset: 0 })).entries.map((e) => e.action));
    for (const action of ["invitation.created", "invitation.withdrawn", "session.revoked", "sessions.revoked-others", "two-factor.enabled", "sign-in.two-factor-required", "sign-in.two-factor-failure"]) {
      expect(actions, action).toContain(action);
    }
  });

  it("can require two-factor for every admin, which then cannot be turned off; another admin can reset a lost one", async () => {
    expect(await requiresTwoFactor(getDb())).toBe(false);
    await setRequireTwoFactor(getDb(), true, chair);
    expect(await requiresTwoFactor(getDb())).toBe(true);

    const treasurer = await getDb().db.selectFrom("users").select("id").where("email", "=", "treasurer@example.org").executeTakeFirstOrThrow();
    expect((await listSessions(getDb(), { userId: treasurer.id })).length).toBeGreaterThan(0);

    await setRequireTwoFactor(getDb(), false, chair);
    expect(await requiresTwoFactor(getDb())).toBe(false);

    expect(await resetTwoFactorFor(getDb(), treasurer.id, chair)).toBe(true);
    expect((await listAccounts(getDb())).find((a) => a.email === "treasurer@example.org")).toMatchObject({ twoFactorEnabled: false, activeSessions: 0 });
    const plain = await signIn(auth(), { email: "treasurer@example.org", password: "ledgers in the lamplight", ip: "203.0.113.6" });
    expect(plain).toMatchObject({ ok: true, twoFactorRequired: false });
    expect(await getDb().db.selectFrom("two_factors").select("id").where("user_id", "=", treasurer.id).execute()).toEqual([]);
  });

  it("refuses to turn two-factor off while the site requires it, and turns it off with the password otherwise", async () => {
    let cookie = await signedIn("chair@example.org");
    const current = (await getSession(auth(), requestWith(cookie, "GET")))!;
    const begun = await beginTwoFactorSetup(auth(), requestWith(cookie), current, PASSWORD);
    if (!begun.ok) throw new Error(begun.message);
    const confirmed = await confirmTwoFactorSetup(auth(), requestWith(cookie), current, totp(begun.setup.secret));
    if (!confirmed.ok) throw new Error(confirmed.message);
    cookie = cookieFrom(confirmed.headers, cookie);
    const now = (await getSession(auth(), requestWith(cookie, "GET")))!;

    await setRequireTwoFactor(getDb(), true, chair);
    expect(await disableTwoFactor(auth(), requestWith(cookie), now, PASSWORD)).toMatchObject({ ok: false, status: 403 });
    await setRequireTwoFactor(getDb(), false, chair);
    expect(await disableTwoFactor(auth(), requestWith(cookie), now, "not my password at all")).toMatchObject({ ok: false, status: 400 });
    const off = await disableTwoFactor(auth(), requestWith(cookie), now, PASSWORD);
    expect(off).toMatchObject({ ok: true });
    expect(await signIn(auth(), { email: "chair@example.org", password: PASSWORD, ip: "203.0.113.5" })).toMatchObject({ ok: true, twoFactorRequired: false });
  });

  it("the operator's admin:create --reset-two-factor is the way back for an admin who lost their authenticator", async () => {
    const cookie = await signedIn("chair@example.org");
    const current = (await getSession(auth(), requestWith(cookie, "GET")))!;
    const begun = await beginTwoFactorSetup(auth(), requestWith(cookie), current, PASSWORD);
    if (!begun.ok) throw new Error(begun.message);
    const confirmed = await confirmTwoFactorSetup(auth(), requestWith(cookie), current, totp(begun.setup.secret));
    if (!confirmed.ok) throw new Error(confirmed.message);
    const NEW_PASSWORD = "a new passphrase for the chair 9";
    // A new password alone keeps two-factor on.
    expect(await createOrResetAdmin(auth(), { email: "chair@example.org", password: NEW_PASSWORD })).toMatchObject({ ok: true, created: false });
    expect(await signIn(auth(), { email: "chair@example.org", password: NEW_PASSWORD, ip: "203.0.113.7" })).toMatchObject({ ok: true, twoFactorRequired: true });
    // With --reset-two-factor it is off, its secret gone, and the reset is in the audit log.
    expect(await createOrResetAdmin(auth(), { email: "chair@example.org", password: NEW_PASSWORD, resetTwoFactor: true })).toMatchObject({ ok: true });
    expect(await signIn(auth(), { email: "chair@example.org", password: NEW_PASSWORD, ip: "203.0.113.7" })).toMatchObject({ ok: true, twoFactorRequired: false });
    const user = await getDb().db.selectFrom("users").select("id").where("email", "=", "chair@example.org").executeTakeFirstOrThrow();
    expect(await getDb().db.selectFrom("two_factors").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect((await listAudit(getDb(), { limit: 5, offset: 0 })).entries.map((e) => e.action)).toContain("two-factor.reset");
  });

  it("a password asked for again by the two-factor settings spends the sign-in budget: wrong guesses are audited, then even the right one is refused", async () => {
    const email = "guarded@example.org";
    await createOrResetAdmin(auth(), { email, password: PASSWORD });
    let cookie = await signedIn(email);
    const current = (await getSession(auth(), requestWith(cookie, "GET")))!;
    const ip = "192.0.2.50";
    const begun = await beginTwoFactorSetup(auth(), requestWith(cookie), current, PASSWORD, ip);
    if (!begun.ok) throw new Error(begun.message);
    const confirmed = await confirmTwoFactorSetup(auth(), requestWith(cookie), current, totp(begun.setup.secret), ip);
    if (!confirmed.ok) throw new Error(confirmed.message);
    cookie = cookieFrom(confirmed.headers, cookie);
    const now = (await getSession(auth(), requestWith(cookie, "GET")))!;

    // Five wrong guesses between the three places that ask, each written down under the account's name.
    const wrong = "is it this one perhaps";
    expect(await beginTwoFactorSetup(auth(), requestWith(cookie), now, wrong, ip)).toMatchObject({ ok: false, status: 400, message: "That password is not right." });
    expect(await newBackupCodes(auth(), requestWith(cookie), now, wrong, ip)).toMatchObject({ ok: false, status: 400 });
    expect(await newBackupCodes(auth(), requestWith(cookie), now, wrong, ip)).toMatchObject({ ok: false, status: 400 });
    expect(await disableTwoFactor(auth(), requestWith(cookie), now, wrong, ip)).toMatchObject({ ok: false, status: 400 });
    expect(await disableTwoFactor(auth(), requestWith(cookie), now, wrong, ip)).toMatchObject({ ok: false, status: 400 });

    // Then the right password is refused too, within the window, and changes nothing.
    const refused = { ok: false, status: 429, message: "Too many password attempts. Please wait 10 minutes and try again." };
    const codes = await newBackupCodes(auth(), requestWith(cookie), now, PASSWORD, ip);
    expect(codes).toMatchObject(refused);
    expect(codes).not.toHaveProperty("backupCodes");
    expect(await disableTwoFactor(auth(), requestWith(cookie), now, PASSWORD, ip)).toMatchObject(refused);
    expect(await beginTwoFactorSetup(auth(), requestWith(cookie), now, PASSWORD, ip)).toMatchObject(refused);
    expect((await listAccounts(getDb())).find((a) => a.email === email)?.twoFactorEnabled).toBe(true);
    // It is the sign-in's own budget (this browser's): signing in from it is refused as well.
    expect(await signIn(auth(), { email, password: PASSWORD, ip, request: requestWith(cookie) })).toMatchObject({ ok: false, status: 429 });

    const entries = (await listAudit(getDb(), { limit: 500, offset: 0 })).entries.filter((e) => e.actorEmail === email && e.action.startsWith("sign-in."));
    const failures = entries.filter((e) => e.action === "sign-in.failure");
    expect(failures).toHaveLength(5);
    for (const entry of failures) expect(entry).toMatchObject({ actorId: now.user.id, ip });
    expect(failures.map((e) => e.detail?.during).sort()).toEqual([
      "new backup codes",
      "new backup codes",
      "setting up two-factor sign-in",
      "turning off two-factor sign-in",
      "turning off two-factor sign-in",
    ]);
    // Four refusals of one lock: one entry.
    expect(entries.filter((e) => e.action === "sign-in.refused")).toHaveLength(1);
  });
});
