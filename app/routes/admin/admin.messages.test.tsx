import crypto from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/engines";
import type { Route } from "./+types/admin.messages";
import Messages, { action, loader } from "./admin.messages";
import { listAudit } from "#app/features/audit/audit.server";
import type * as DbModule from "#app/platform/db/db.server";
import type { Message } from "#app/features/messages/messages.server";

/** The admin signed in (the action checks the session itself; here it is whoever `signedIn` names) and the database the route opens. */
const site = vi.hoisted(() => ({
  signedIn: { id: "admin-1", email: "office@example.org" },
  database: undefined as unknown,
}));
vi.mock("#app/features/accounts/auth.server", () => ({
  requireStaff: async () => ({ user: { ...site.signedIn, name: "Staff", role: "admin" }, sessionId: "session-1", endsAt: "2099-01-01T00:00:00.000Z" }),
}));
vi.mock("#app/platform/db/db.server", async (importOriginal) => ({
  ...(await importOriginal<typeof DbModule>()),
  getDatabase: async () => site.database,
}));

const SPAM: Message = {
  id: "5d1c0a9e-3f7b-4e0a-8c4d-2b6e9f1a7c30",
  name: "Sam Parent",
  email: "sam@example.org",
  topic: "other",
  topicLabel: "Something else",
  message: "Is there a girls' team?",
  status: "spam",
  passesChecks: true,
  answeredBy: null,
  answeredAt: null,
  createdAt: "2025-06-15T10:00:00.000Z",
};

/** A tab of the Messages screen as staff see it, with what the last button press answered above it. */
function tab(status: Message["status"], messages: Message[], actionData?: unknown): string {
  const loaderData = { counts: { new: 0, answered: 0, spam: 0, [status]: messages.length }, status, page: 1, pages: 1, messages, total: messages.length };
  const props = { loaderData, actionData, params: {} } as unknown as Route.ComponentProps;
  const Stub = createRoutesStub([{ path: "/admin/messages", Component: () => <Messages {...props} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={[`/admin/messages?status=${status}`]} />).replaceAll("<!-- -->", "");
}
const spamTab = (messages: Message[]) => tab("spam", messages);

const text = (html: string) => html.replace(/<[^>]*>/g, "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

interface ShownButton {
  /** The words on it. */
  visible: string;
  /** What a screen reader or voice control calls it. */
  name: string;
  /** What its form sends. */
  fields: URLSearchParams;
}

/**
 * Each question's form's button: the words on it, its accessible name (aria-label, else its text, screen-reader-only text included) and its form's fields.
 * The bulk bar's form acts on the ticked questions, not one, and is checked on its own.
 */
function shownButtons(html: string): ShownButton[] {
  return [...html.matchAll(/<form(?![^>]*id="bulk-)[^>]*>([\s\S]*?)<\/form>/g)].flatMap(([, form]) => {
    const button = /<button([^>]*)>([\s\S]*?)<\/button>/.exec(form!);
    if (!button) return [];
    const label = /aria-label="([^"]*)"/.exec(button[1]!)?.[1];
    const visible = text(button[2]!.replace(/<span class="sr-only">[\s\S]*?<\/span>/g, "")).trim();
    const fields = new URLSearchParams([...form!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map((m) => [m[1]!, text(m[2]!)] as [string, string]));
    return [{ visible, name: label === undefined ? text(button[2]!).trim() : text(label), fields }];
  });
}
const buttons = (html: string) => shownButtons(html).map((b) => b.visible);

describe("the Messages screen's Spam tab", () => {
  it("offers Not spam only for a question that passes the contact form's checks, and says why the others stay", () => {
    const passes = spamTab([SPAM]);
    expect(buttons(passes)).toEqual(expect.arrayContaining(["Mark as answered", "Not spam"]));
    expect(passes).not.toContain("cannot be moved out of spam");

    const refused = spamTab([{ ...SPAM, email: "not an address", topic: "casino", topicLabel: "casino", passesChecks: false }]);
    expect(buttons(refused)).not.toContain("Not spam");
    expect(buttons(refused)).not.toContain("Mark as answered");
    expect(refused).toContain("This did not pass the contact form&#x27;s checks, so it cannot be moved out of spam.");
  });

  it("shows who answered a question marked as spam afterwards, and offers Not spam to put it back under Answered", () => {
    const page = text(spamTab([{ ...SPAM, answeredBy: "colleague@example.org", answeredAt: "2025-06-16T09:30:00.000Z" }]));
    expect(page).toContain("Answered by colleague@example.org on 16 Jun 2025, 10:30. Not spam puts it back under Answered.");
    expect(buttons(spamTab([{ ...SPAM, answeredBy: "colleague@example.org", answeredAt: "2025-06-16T09:30:00.000Z" }]))).toEqual(["Not spam", "Yes, delete"]);
  });
});

describe("the Messages screen's buttons", () => {
  const ALEX: Message = { ...SPAM, id: "9a0e7c1d-2b3f-4c5d-8e6f-7a8b9c0d1e2f", name: "Alex Carer", email: "alex@example.org" };
  const screens: [string, string][] = [
    ["Not answered", tab("new", [{ ...SPAM, status: "new" }, { ...ALEX, status: "new" }])],
    ["Answered", tab("answered", [{ ...SPAM, status: "answered", answeredBy: "office@example.org", answeredAt: "2025-06-16T09:30:00.000Z" }, { ...ALEX, status: "answered", answeredBy: "office@example.org", answeredAt: "2025-06-16T09:31:00.000Z" }])],
    ["Spam", spamTab([SPAM, ALEX])],
  ];

  for (const [name, html] of screens) {
    it(`on ${name}, are called by the words on them first, then which question (WCAG 2.5.3)`, () => {
      const shown = shownButtons(html);
      expect(shown.length).toBeGreaterThanOrEqual(4);
      for (const button of shown) {
        expect(button.name.startsWith(button.visible), `"${button.name}" starts with "${button.visible}"`).toBe(true);
        expect(button.name).toMatch(/the question from (Sam Parent|Alex Carer)$/);
      }
      const names = shown.map((b) => b.name);
      expect(new Set(names).size).toBe(names.length);
    });
  }

  it("offer a bulk Delete, with one checkbox per question named after it, outside every question's own form", () => {
    const html = screens[0]![1];
    expect(html).toMatch(/<form[^>]*id="bulk-messages"[^>]*>[\s\S]*Select all on this page[\s\S]*Delete selected[\s\S]*?<\/form>/);
    const boxes = [...html.matchAll(/<input type="checkbox"[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes('name="ids"') && tag.includes('form="bulk-messages"'))
      .map((tag) => [/value="([^"]+)"/.exec(tag)?.[1], /aria-label="([^"]+)"/.exec(tag)?.[1]]);
    expect(boxes).toEqual([
      [SPAM.id, "Select the question from Sam Parent"],
      [ALEX.id, "Select the question from Alex Carer"],
    ]);
  });

  it("say in full what each one does to whose question", () => {
    const names = (html: string) => shownButtons(html).map((b) => b.name);
    expect(names(screens[0]![1])).toEqual(expect.arrayContaining(["Mark as answered: the question from Sam Parent", "Spam: the question from Sam Parent"]));
    expect(names(screens[1]![1])).toEqual(expect.arrayContaining(["Mark as not answered: the question from Alex Carer", "Spam: the question from Alex Carer"]));
    expect(names(screens[2]![1])).toEqual(expect.arrayContaining(["Mark as answered: the question from Sam Parent", "Not spam: the question from Sam Parent"]));
  });
});

describe("pressing a button on the Messages screen", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    site.database = database;
  });
  afterAll(() => database.close());

  const OFFICE = { id: "admin-1", email: "office@example.org" };
  const COLLEAGUE = { id: "admin-2", email: "colleague@example.org" };

  async function asked(name: string): Promise<string> {
    const id = crypto.randomUUID();
    const values = { id, name, email: "asker@example.org", topic: "other", message: `A question from ${name}`, status: "new", answered_by: null, answered_at: null, created_at: new Date().toISOString() };
    await database.db.insertInto("messages").values(values).execute();
    return id;
  }
  const row = (id: string) => database.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** The tab as `who` loads it. */
  async function open(status: Message["status"], who = OFFICE): Promise<string> {
    site.signedIn = who;
    const loaded = await loader({ request: new Request(`http://localhost/admin/messages?status=${status}`), params: {}, context: {} } as unknown as Route.LoaderArgs);
    return tab(status, loaded.messages);
  }

  /** Presses the button called `name` on `page` as `who`: the status and what the action answered. */
  async function press(page: string, name: string, who = OFFICE): Promise<{ status: number; refusal?: { title: string; description?: string }; data?: unknown }> {
    const button = shownButtons(page).find((b) => b.name === name);
    if (!button) throw new Error(`no button "${name}" on the page: ${shownButtons(page).map((b) => b.name).join(", ")}`);
    return send(button.fields, who);
  }
  async function send(fields: URLSearchParams, who = OFFICE) {
    site.signedIn = who;
    const request = new Request("http://localhost/admin/messages", { method: "POST", body: fields });
    const answer = (await action({ request, params: {}, context: { clientIp: "192.0.2.7" } } as unknown as Route.ActionArgs)) as unknown;
    if (answer instanceof Response) return { status: answer.status };
    const { data, init } = answer as { data: { refusal?: { title: string; description?: string } }; init: ResponseInit | null };
    return { status: init?.status ?? 200, refusal: data.refusal, data };
  }

  it("marks a question answered by whoever pressed the button", async () => {
    const id = await asked("Robin Answered");
    expect((await press(await open("new"), "Mark as answered: the question from Robin Answered")).status).toBe(302);
    expect(await row(id)).toMatchObject({ status: "answered", answered_by: OFFICE.email });
  });

  it("takes a question marked as spam by mistake back under Answered, with who answered it", async () => {
    const id = await asked("Kit Mistaken");
    await press(await open("new", COLLEAGUE), "Mark as answered: the question from Kit Mistaken", COLLEAGUE);
    const answered = await row(id);
    expect((await press(await open("answered"), "Spam: the question from Kit Mistaken")).status).toBe(302);
    expect(text(await open("spam"))).toContain(`Answered by ${COLLEAGUE.email} on`);

    expect((await press(await open("spam"), "Not spam: the question from Kit Mistaken")).status).toBe(302);
    expect(await row(id)).toEqual(answered);
    expect(text(await open("answered"))).toContain(`Answered by ${COLLEAGUE.email} on`);
  });

  it("refuses a move from a page loaded before a colleague's, says what happened, and changes nothing", async () => {
    const id = await asked("Jo Stale");
    const mine = await open("new");
    await press(await open("new", COLLEAGUE), "Mark as answered: the question from Jo Stale", COLLEAGUE);
    const theirs = await row(id);

    const refused = await press(mine, "Spam: the question from Jo Stale");
    expect(refused.status).toBe(409);
    expect(refused.refusal?.title).toBe("Question not changed");
    expect(refused.refusal?.description).toMatch(
      /^colleague@example\.org marked the question from Jo Stale as answered at .+, after this page was loaded, so nothing was changed\. It is now under Answered: check it there/,
    );
    // What staff see: the message above the list.
    expect(text(tab("new", [], refused.data))).toContain(refused.refusal!.description!);
    expect(await row(id)).toEqual(theirs);

    // Nor can the stale page answer it again in the admin's name, nor take it back to Not answered.
    expect((await press(mine, "Mark as answered: the question from Jo Stale")).status).toBe(409);
    expect(await row(id)).toEqual(theirs);

    // Loaded again, the page shows it as it is, and a move from there is made.
    expect((await press(await open("answered"), "Mark as not answered: the question from Jo Stale")).status).toBe(302);
    expect(await row(id)).toMatchObject({ status: "new", answered_by: null });
  });

  it("refuses a Not spam from a page loaded before a colleague put the question back", async () => {
    const id = await asked("Lee Twice");
    await press(await open("new"), "Spam: the question from Lee Twice");
    const mine = await open("spam");
    await press(await open("spam", COLLEAGUE), "Not spam: the question from Lee Twice", COLLEAGUE);
    await press(await open("new", COLLEAGUE), "Mark as answered: the question from Lee Twice", COLLEAGUE);
    const theirs = await row(id);
    const refused = await press(mine, "Not spam: the question from Lee Twice");
    expect(refused.status).toBe(409);
    expect(refused.refusal?.description).toContain("colleague@example.org marked the question from Lee Twice as answered at");
    expect(await row(id)).toEqual(theirs);
  });

  it("does not say a colleague answered it after this page was loaded when they only took an answered question out of spam", async () => {
    const id = await asked("Sol Back");
    await press(await open("new", COLLEAGUE), "Mark as answered: the question from Sol Back", COLLEAGUE);
    await press(await open("answered"), "Spam: the question from Sol Back");
    const mine = await open("spam");
    await press(await open("spam", COLLEAGUE), "Not spam: the question from Sol Back", COLLEAGUE);
    const theirs = await row(id);
    const refused = await press(mine, "Not spam: the question from Sol Back");
    expect(refused.status).toBe(409);
    expect(refused.refusal?.description).toBe(
      "Since this page was loaded, the question from Sol Back has been moved to Answered, so nothing was changed. It is now under Answered: check it there and try again if it still needs changing.",
    );
    expect(await row(id)).toEqual(theirs);
  });

  it("refuses a move whose form does not say how the question stood, and changes nothing", async () => {
    const id = await asked("Pat Bare");
    const before = await row(id);
    const refused = await send(new URLSearchParams({ intent: "spam", id }));
    expect(refused.status).toBe(400);
    expect(refused.refusal?.description).toBe("The page did not say how the question stood when you pressed the button, so nothing was changed. Reload the page, check the question and try again.");
    expect(await row(id)).toEqual(before);
  });

  it("records in the audit log who deleted a question", async () => {
    const id = await asked("Del Gone");
    expect((await press(await open("new", COLLEAGUE), "Yes, delete the question from Del Gone", COLLEAGUE)).status).toBe(302);
    expect(await database.db.selectFrom("messages").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    const entries = (await listAudit(database, { limit: 1000, offset: 0 })).entries.filter((e) => e.detail?.messageId === id);
    expect(entries.map((e) => ({ action: e.action, actorId: e.actorId, actorEmail: e.actorEmail, ip: e.ip }))).toEqual([
      { action: "message.deleted", actorId: COLLEAGUE.id, actorEmail: COLLEAGUE.email, ip: "192.0.2.7" },
    ]);
  });
});
