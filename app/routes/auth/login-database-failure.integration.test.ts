import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { failWrites } from "../../../test/failing-writes";
import { serveSite } from "../../../test/site-process";

/**
 * 'Create Admin User' on a new site when the database fails part-way: no
 * account is made, the answer says so ('Error' / 'An unexpected error
 * occurred') instead of an error page, and the next try works.
 * A claim on the first admin left by a creation that could not even give
 * it back does not block the site for ever. Signing in while the database
 * refuses writes answers 'Error' / 'An error occurred during login.' in
 * the form, signed in to nothing. Over HTTP against the production build,
 * on each database engine.
 */

const PASSWORD = "first light over the moor";

describeEachEngine("signing in and creating the first admin when the database fails", (getDb) => {
  const served = serveSite(getDb);

  const create = (email: string) =>
    fetch(`${served.site.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: served.site.url },
      body: new URLSearchParams({ intent: "create-admin", email, password: PASSWORD, confirm: PASSWORD }),
    });
  const users = async () => (await getDb().db.selectFrom("users").select("email").execute()).map((u) => u.email);
  const claims = async () => (await getDb().db.selectFrom("setup_claims").select("name").execute()).length;

  it("a failure part-way makes no account, says so, and gives the claim back", async () => {
    await failWrites(getDb(), "users", true, ["insert"]);
    try {
      const failed = await create("chair@example.org");
      expect(failed.status).toBe(500);
      const page = (await failed.text()).replaceAll("<!-- -->", "");
      expect(page).toContain("An unexpected error occurred");
      expect(page).not.toContain("Unexpected Application Error");
    } finally {
      await failWrites(getDb(), "users", false);
    }
    expect(await users()).toEqual([]);
    expect(await claims()).toBe(0);
  });

  it("a claim left behind by such a failure is taken over once it is a minute old", async () => {
    const leftBehind = (ms: number) => getDb().db.insertInto("setup_claims").values({ name: "first-admin", claimed_at: new Date(Date.now() - ms).toISOString() }).execute();
    // A claim made a moment ago may be a creation still under way: it stands.
    await leftBehind(5_000);
    expect((await create("chair@example.org")).status).toBe(403);
    await getDb().db.deleteFrom("setup_claims").execute();
    await leftBehind(2 * 60_000);
    expect((await create("chair@example.org")).status).toBe(302);
    expect(await users()).toEqual(["chair@example.org"]);
  });

  it("signing in while the database refuses writes says so in the form and signs nobody in", async () => {
    const signIn = () =>
      fetch(`${served.site.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: served.site.url },
        body: new URLSearchParams({ intent: "sign-in", email: "chair@example.org", password: PASSWORD, redirectTo: "/admin" }),
      });
    await failWrites(getDb(), "login_attempts", true, ["insert"]);
    try {
      const failed = await signIn();
      expect(failed.status).toBe(500);
      expect(failed.headers.getSetCookie().filter((c) => /session/i.test(c))).toEqual([]);
      const page = (await failed.text()).replaceAll("<!-- -->", "");
      expect(page).toContain("An error occurred during login.");
      expect(page).toContain('value="chair@example.org"');
      expect(page).not.toContain("Unexpected Application Error");
    } finally {
      await failWrites(getDb(), "login_attempts", false);
    }
    const signedIn = await signIn();
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");
  });
});
