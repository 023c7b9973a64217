import { afterEach, expect, it, vi } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { secretOf, totp } from "../../../test/totp";
import { createAuth, createOrResetAdmin, getSession, signIn, type SiteAuth } from "./auth.server";
import { beginTwoFactorSetup, confirmTwoFactorSetup, TWO_FACTOR_MESSAGES, verifySignInCode } from "./two-factor.server";

/**
 * A code from the authenticator app works once. It stays valid for its
 * 30-second step (and a step either side, for phones whose clocks drift),
 * so without a record of the last step used, whoever saw the code over a
 * shoulder or in a proxy's log could sign in with it again in that time.
 * Only the clock is faked, so the database's own timers run as usual.
 */

const PASSWORD = "kingfishers over the calder";
const EMAIL = "treasurer@example.org";
const IP = "203.0.113.8";
const options = { secret: "test-secret-test-secret-test-secret-0123", baseURL: "http://127.0.0.1:3999" };
const STEP_MS = 30_000;

const requestWith = (cookie: string) => new Request("http://127.0.0.1:3999/two-factor", { method: "POST", headers: { cookie } });
const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

afterEach(() => vi.useRealTimers());

describeEachEngine("two-factor codes are single-use", (getDb) => {
  let site: SiteAuth;
  const auth = () => (site ??= createAuth(getDb(), options));
  let secret = "";
  /** Five seconds into a 30-second step, so each "later" below lands in the next one. */
  const start = Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000;
  const at = (steps: number) => vi.setSystemTime(start + steps * STEP_MS);

  /** A password sign-in that stops at the code, and its challenge cookie. */
  async function challenge(): Promise<string> {
    const result = await signIn(auth(), { email: EMAIL, password: PASSWORD, ip: IP });
    if (!result.ok) throw new Error(result.message);
    expect(result.twoFactorRequired).toBe(true);
    return cookieFrom(result.headers);
  }
  const answer = (cookie: string, code: string) => verifySignInCode(auth(), requestWith(cookie), { code, method: "totp", ip: IP });
  const lastStep = async () =>
    (await getDb().db.selectFrom("two_factors").innerJoin("users", "users.id", "two_factors.user_id").select("two_factors.last_totp_step").where("users.email", "=", EMAIL).executeTakeFirstOrThrow()).last_totp_step;

  it("counts the code that turned two-factor on: it cannot sign in afterwards", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    at(0);
    await createOrResetAdmin(auth(), { email: EMAIL, password: PASSWORD });
    const signedIn = await signIn(auth(), { email: EMAIL, password: PASSWORD, ip: IP });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const cookie = cookieFrom(signedIn.headers);
    const current = (await getSession(auth(), requestWith(cookie)))!;
    const begun = await beginTwoFactorSetup(auth(), requestWith(cookie), current, PASSWORD, IP);
    if (!begun.ok) throw new Error(begun.message);
    secret = secretOf(begun.setup.uri);
    const confirmed = await confirmTwoFactorSetup(auth(), requestWith(cookie), current, totp(secret, Date.now()), IP);
    expect(confirmed).toMatchObject({ ok: true });
    expect(Number(await lastStep())).toBe(Math.floor(Date.now() / STEP_MS));

    // Ten seconds later, the same code is still inside its window, but it was used.
    vi.setSystemTime(start + 10_000);
    const pending = await challenge();
    expect(await answer(pending, totp(secret, start))).toEqual({ ok: false, status: 400, message: TWO_FACTOR_MESSAGES.badCode });
    expect(await getSession(auth(), requestWith(pending))).toBeNull();

    // The next code works, on the same pending sign-in.
    at(1);
    const next = await answer(pending, totp(secret, Date.now()));
    if (!next.ok) throw new Error(next.message);
    expect((await getSession(auth(), requestWith(cookieFrom(next.headers))))?.user.email).toBe(EMAIL);
  });

  it("refuses a second sign-in with the same code, and with an older one still in the window; a later code works", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    at(3);
    const code = totp(secret, Date.now());
    const first = await answer(await challenge(), code);
    expect(first).toMatchObject({ ok: true });

    // Someone who saw the code tries it at once, with the password.
    const second = await challenge();
    const replay = await answer(second, code);
    expect(replay).toEqual({ ok: false, status: 400, message: TWO_FACTOR_MESSAGES.badCode });
    // The previous step's code is still accepted by the clock-drift window, but it is older than the one used.
    expect(await answer(second, totp(secret, Date.now() - STEP_MS))).toEqual({ ok: false, status: 400, message: TWO_FACTOR_MESSAGES.badCode });
    expect(Number(await lastStep())).toBe(Math.floor(Date.now() / STEP_MS));

    at(4);
    const later = await answer(second, totp(secret, Date.now()));
    if (!later.ok) throw new Error(later.message);
    expect((await getSession(auth(), requestWith(cookieFrom(later.headers))))?.user.email).toBe(EMAIL);
  });

  it("lets only one of two sign-ins racing with the same code through", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    at(6);
    const code = totp(secret, Date.now());
    const [a, b] = [await challenge(), await challenge()];
    const results = await Promise.all([answer(a, code), answer(b, code)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, status: 400, message: TWO_FACTOR_MESSAGES.badCode });
  });
});
