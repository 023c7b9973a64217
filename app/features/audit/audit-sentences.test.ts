import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS } from "./audit-labels";
import { AUDIT_SENTENCES, auditSentence, NO_RECORDS, sentenceText, type AuditRecords } from "./audit-sentences";

const entry = (action: string, detail: Record<string, unknown> | null = null, actorEmail: string | null = "sam@example.org", actorId: string | null = "u1") => ({
  action,
  actorId,
  actorEmail,
  detail,
});

const RECORDS: AuditRecords = {
  people: { u1: "Sam Staff" },
  applications: { a1: { name: "Jo Volunteer" } },
  messages: { m1: { name: "Kim Parent", status: "answered" } },
  registrations: { r1: true },
  content: { "media:f1": "live", "event:e1": "binned" },
};

describe("the audit log in words", () => {
  it("has a sentence for every action that has a label, and no other", () => {
    expect(Object.keys(AUDIT_SENTENCES).sort()).toEqual(Object.keys(AUDIT_ACTION_LABELS).sort());
  });

  it("words every action as a sentence naming who did it, with no raw code or undefined in it", () => {
    for (const action of Object.keys(AUDIT_ACTION_LABELS)) {
      const words = sentenceText(auditSentence(entry(action, { applicationId: "a1", messageId: "m1", registrationId: "r1", pageId: "home", count: 2, of: "lee@example.org", email: "new@example.org", section: "hero", status: "answered", from: "pending" }), RECORDS));
      expect(words, action).toMatch(/Sam Staff/);
      expect(words, action).not.toContain(action);
      expect(words, action).not.toMatch(/undefined|null|\[object/);
    }
  });

  it("names the staff member and the record, and links to the record while it exists", () => {
    expect(auditSentence(entry("volunteer-application.approved", { applicationId: "a1" }), RECORDS)).toEqual([
      "Sam Staff approved ",
      { text: "Jo Volunteer's application", href: "/admin/volunteers/applications/a1" },
    ]);
    expect(auditSentence(entry("message.status", { messageId: "m1", status: "answered" }), RECORDS)).toEqual([
      "Sam Staff marked ",
      { text: "Kim Parent's question", href: "/admin/messages?status=answered" },
      " as answered",
    ]);
    expect(auditSentence(entry("registration.viewed", { registrationId: "r1" }), RECORDS)).toEqual(["Sam Staff opened ", { text: "a registration", href: "/admin/registrations/r1" }]);
    expect(sentenceText(auditSentence(entry("page.saved", { pageId: "home" }), RECORDS))).toMatch(/^Sam Staff saved the .+ page$/);
  });

  it("says a record was deleted instead of linking to it, and uses the e-mail of a staff member without a name", () => {
    expect(sentenceText(auditSentence(entry("volunteer-application.rejected", { applicationId: "gone" }), NO_RECORDS))).toBe(
      "sam@example.org rejected a volunteer application (since deleted)",
    );
    expect(auditSentence(entry("registration.viewed", { registrationId: "gone" }), RECORDS).some((part) => typeof part !== "string")).toBe(false);
  });

  it("links a media file, event or other record while it can be opened, and names it in words while in the Bin or gone", () => {
    expect(auditSentence(entry("media.updated", { id: "f1", name: "ride.png", changed: "category", fromCategory: "general", toCategory: "cycling" }), RECORDS)).toEqual([
      "Sam Staff changed the category of ",
      { text: 'the media file "ride.png"', href: "/admin/media?q=ride.png&edit=f1" },
      " (from General to Cycling)",
    ]);
    expect(auditSentence(entry("bin.restored", { kind: "media", id: "f1", name: "ride.png" }), RECORDS)).toEqual([
      "Sam Staff restored ",
      { text: 'the media file "ride.png"', href: "/admin/media?q=ride.png&edit=f1" },
      " from the ",
      { text: "Bin", href: "/admin/bin" },
    ]);
    expect(auditSentence(entry("bin.deleted", { kind: "event", id: "e1", name: "Canal ride" }), RECORDS)).toEqual([
      "Sam Staff moved ",
      'the event "Canal ride"',
      " to the ",
      { text: "Bin", href: "/admin/bin" },
    ]);
    expect(sentenceText(auditSentence(entry("media.updated", { id: "gone", name: "old.png", changed: "alt text" }), RECORDS))).toBe('Sam Staff changed the alt text of the media file "old.png"');
  });

  it("names the site for its own jobs and 'Someone' for an unknown actor", () => {
    expect(sentenceText(auditSentence(entry("registrations.retention-deleted", { count: 3, retentionMonths: 24 }, "system", null)))).toBe(
      "The site deleted 3 registrations with no contact for 24 months",
    );
    expect(sentenceText(auditSentence(entry("sign-in.two-factor-failure", null, null, null)))).toBe("A sign-in failed: wrong two-factor code");
  });

  it("still reads an unknown action as a sentence with its raw name", () => {
    expect(sentenceText(auditSentence(entry("something.new", { x: 1 }), RECORDS))).toBe('Sam Staff did something the log calls "something.new"');
    expect(sentenceText(auditSentence(entry("constructor"), RECORDS))).toBe('Sam Staff did something the log calls "constructor"');
  });
});
