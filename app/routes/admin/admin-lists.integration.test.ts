import crypto from "node:crypto";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { serveWithFirstAdmin } from "../../../test/site-process";
import { recordAudit } from "#app/features/audit/audit.server";

/**
 * The dashboard's lists of what visitors send in (questions, volunteer
 * applications, children's registrations) and the audit log hold years of
 * records: every one of them must be reachable, a page at a time, newest
 * first, over HTTP against the production build, on each database engine.
 */

const ADMIN = { email: "lists@example.org", password: "ledgers by lamplight" };
const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 9, n)).toISOString();
const pad = (n: number) => String(n).padStart(3, "0");

describeEachEngine("admin lists page through every record", (getDb) => {
  const served = serveWithFirstAdmin(getDb, ADMIN, async () => {
    const { db } = getDb();
    // Created one a minute apart, so "newest first" has one right answer.
    await db
      .insertInto("messages")
      .values(Array.from({ length: 53 }, (_, i) => ({ id: crypto.randomUUID(), name: `Asker ${pad(i + 1)}`, email: `asker${i + 1}@example.org`, topic: "general", message: "When is the next session?", status: "new", answered_by: null, answered_at: null, created_at: at(i) })))
      .execute();
    await db
      .insertInto("volunteer_applications")
      .values(
        Array.from({ length: 51 }, (_, i) => ({
          id: crypto.randomUUID(),
          name: `Applicant ${pad(i + 1)}`,
          email: `applicant${i + 1}@example.org`,
          phone: "01422 000000",
          roles: JSON.stringify(["Youth Mentor"]),
          availability: "Weekends",
          message: "",
          consent_at: at(i),
          status: "pending",
          decided_by: null,
          decided_at: null,
          hours: 0,
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
    await db
      .insertInto("registrations")
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          id: crypto.randomUUID(),
          registrant: "parent",
          child_name: `Child ${pad(i + 1)}`,
          child_dob: "2014-05-01",
          programmes: JSON.stringify(["open-access"]),
          parent_name: "A Parent",
          parent_phone: "01422 000000",
          parent_email: `parent${i + 1}@example.org`,
          emergency_name: "A Neighbour",
          emergency_phone: "01422 111111",
          needs: "",
          photo_consent: 0,
          declared_at: at(i),
          status: "new",
          last_contact_at: at(i),
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
    for (let i = 0; i < 60; i++) await recordAudit(getDb(), { action: "event.created", actorEmail: ADMIN.email, detail: { title: `Event ${i}` } });
  });

  const get = (path: string) => fetch(`${served.site.url}${path}`, { redirect: "manual", headers: { cookie: served.cookie } });
  const html = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    // Without the markers React puts between neighbouring pieces of text.
    return (await response.text()).replaceAll("<!-- -->", "");
  };
  /** The names a page lists, in order: each is the whole text of its element. */
  const names = (page: string, prefix: string) => [...page.matchAll(new RegExp(`>(${prefix} \\d{3})<`, "g"))].map((m) => m[1]);
  const expectedNames = (prefix: string, from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => `${prefix} ${pad(from - i)}`);

  it("shows questions fifty to a page, newest first, with links between the pages that keep the filter", async () => {
    const first = await html("/admin/messages");
    expect(names(first, "Asker")).toEqual(expectedNames("Asker", 53, 4));
    expect(first).toContain("Page 1 of 2 (53 questions)");
    expect(first).toContain('href="/admin/messages?status=new&amp;page=2"');

    const second = await html("/admin/messages?status=new&page=2");
    expect(names(second, "Asker")).toEqual(expectedNames("Asker", 3, 1));
    expect(second).toContain("Page 2 of 2 (53 questions)");
    expect(second).toContain('href="/admin/messages?status=new"');
  });

  it("sends a page past the end to the last page, and reads a page number that is not one as page 1", async () => {
    const past = await get("/admin/messages?status=new&page=9");
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/admin/messages?status=new&page=2");
    for (const page of ["abc", "0", "-2", "1.5"]) expect(names(await html(`/admin/messages?page=${page}`), "Asker")[0]).toBe("Asker 053");
  });

  it("returns to the same page after marking a question on it answered", async () => {
    const second = await html("/admin/messages?status=new&page=2");
    const id = /<article aria-labelledby="message-([0-9a-f-]{36})"/.exec(second)?.[1];
    expect(id).toBeTruthy();
    const answered = await fetch(`${served.site.url}/admin/messages?status=new&page=2`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: served.site.url, cookie: served.cookie },
      body: new URLSearchParams({ intent: "answered", id: id!, seenStatus: "new", seenAnsweredAt: "" }),
    });
    expect(answered.status).toBe(302);
    expect(answered.headers.get("Location")).toBe("/admin/messages?status=new&page=2");
    expect(names(await html("/admin/messages?status=new&page=2"), "Asker")).toEqual(["Asker 002", "Asker 001"]);
  });

  it("shows volunteer applications fifty to a page", async () => {
    const first = await html("/admin/volunteers");
    expect(names(first, "Applicant")).toEqual(expectedNames("Applicant", 51, 2));
    expect(first).toContain("Page 1 of 2 (51 applications)");
    const second = await html("/admin/volunteers?status=pending&page=2");
    expect(names(second, "Applicant")).toEqual(["Applicant 001"]);
  });

  it("shows registrations a hundred to a page", async () => {
    const first = await html("/admin/registrations");
    expect(names(first, "Child")).toEqual(expectedNames("Child", 101, 2));
    expect(first).toContain("Page 1 of 2 (101 registrations)");
    const second = await html("/admin/registrations?status=new&page=2");
    expect(names(second, "Child")).toEqual(["Child 001"]);
  });

  it("pages the audit log with the same links", async () => {
    const first = await html("/admin/audit");
    expect(first).toContain('aria-label="Audit log pages"');
    expect(first).toMatch(/href="\/admin\/audit\?page=2"[^>]*>.*Older entries/s);
    const second = await html("/admin/audit?page=2");
    expect(second).toMatch(/href="\/admin\/audit"[^>]*>.*Newer entries/s);
  });
});
