import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { failWrites } from "../../../test/failing-writes";
import { VALID_REGISTRATION } from "../../../test/registration-fixture";
import { serveSite } from "../../../test/site-process";

/**
 * A parent who spent ten minutes on a child's registration keeps it when
 * the database fails: the form comes back (503) with everything typed and a
 * message, and nothing is half saved; when only the staff notice cannot be
 * recorded, the registration stands and the family is told it arrived, so
 * they do not send it twice. Over HTTP against the production build, as a
 * browser without JavaScript sends it, on each database engine.
 */

// Names with an apostrophe, which the page escapes, so the check below reads them back as typed.
const registration = { ...VALID_REGISTRATION, childName: "Riley O'Neill", parentName: "Jo O'Neill" } as Record<string, string | string[]>;

describeEachEngine("a public form the database cannot save", (getDb) => {
  const served = serveSite(getDb);

  /** The form as a browser sends it: a ticked box per programme. */
  const post = (fields: Record<string, string | string[]>) =>
    fetch(`${served.site.url}/contact/register-child`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: served.site.url },
      body: new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, v]))),
    });
  const count = async (table: "registrations" | "outbox") => Number((await getDb().db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("gives the registration back as typed, with a message, and saves nothing", async () => {
    const before = await count("registrations");
    await failWrites(getDb(), "registrations", true);
    try {
      const response = await post(registration);
      expect(response.status).toBe(503);
      // It holds what the parent typed: no cache may keep it, nor the browser's history on a shared computer.
      expect(response.headers.get("cache-control")).toBe("no-store");
      const page = (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
      expect(page).toContain("We could not send your form");
      expect(page).toContain("Sorry, we could not save this just now. What you typed is still here");
      for (const value of [registration.childName, registration.parentName, registration.parentPhone, registration.needs]) expect(page).toContain(value as string);
    } finally {
      await failWrites(getDb(), "registrations", false);
    }
    expect(await count("registrations")).toBe(before);
    // Sent again once the database is back, it is saved.
    expect((await post(registration)).status).toBe(302);
    expect(await count("registrations")).toBe(before + 1);
  });

  it("keeps a registration whose staff notice cannot be recorded, and tells the family it arrived", async () => {
    const before = await count("registrations");
    await failWrites(getDb(), "outbox", true);
    try {
      const response = await post({ ...registration, childName: "Sam O'Neill" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toContain("/contact/register-child?sent");
    } finally {
      await failWrites(getDb(), "outbox", false);
    }
    expect(await count("registrations")).toBe(before + 1);
  });
});
