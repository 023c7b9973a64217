import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/admin.messages";
import Messages from "./admin.messages";
import type { Message } from "#app/lib/messages.server";

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

/** The Spam tab as staff see it: the buttons under each question, and any note. */
function spamTab(messages: Message[]): string {
  const loaderData = { counts: { new: 0, answered: 0, spam: messages.length }, status: "spam", page: 1, pages: 1, messages, total: messages.length };
  const props = { loaderData, actionData: undefined, params: {} } as unknown as Route.ComponentProps;
  const Stub = createRoutesStub([{ path: "/admin/messages", Component: () => <Messages {...props} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/messages?status=spam"]} />).replaceAll("<!-- -->", "");
}

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((m) => m[1]);

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
});
