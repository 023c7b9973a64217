import { describe, expect, it } from "vitest";
import { ATTENTION_AREAS, attentionAreasFor, attentionItems, pageEditorHref, tabAttention } from "./attention";

describe("what each role is counted on the landing page", () => {
  it("counts everything for an Admin", () => {
    expect(attentionAreasFor("admin")).toEqual([...ATTENTION_AREAS]);
  });

  it("never tells an Editor how many applications, questions, registrations or unsent e-mails there are", () => {
    expect(attentionAreasFor("editor")).toEqual(["testimonials", "media", "scheduled"]);
  });

  it("counts only registrations for Safeguarding", () => {
    expect(attentionAreasFor("safeguarding")).toEqual(["registrations"]);
  });

  it("counts nothing for an account without a staff role", () => {
    expect(attentionAreasFor("member")).toEqual([]);
  });
});

describe("the summary's words and links for scheduled publishes", () => {
  it("says one page or several, and leads to the Pages tab", () => {
    expect(attentionItems({ scheduled: 1 })).toEqual([{ area: "scheduled", count: 1, href: "/admin", text: "1 page with changes scheduled to go live" }]);
    expect(attentionItems({ scheduled: 3 })).toEqual([{ area: "scheduled", count: 3, href: "/admin", text: "3 pages with changes scheduled to go live" }]);
  });

  it("leads to the page itself when the shell knows which one", () => {
    expect(attentionItems({ scheduled: 1 }, { scheduled: pageEditorHref("privacy policy") })[0]!.href).toBe("/admin?page=privacy%20policy");
  });

  it("says nothing when no page has a change scheduled, and comes after the other counts", () => {
    expect(attentionItems({ scheduled: 0 })).toEqual([]);
    expect(attentionItems({ scheduled: 2, messages: 1 }).map((item) => item.text)).toEqual(["1 unanswered question", "2 pages with changes scheduled to go live"]);
  });

  it("puts no badge on the Pages tab, whose landing page shows the summary", () => {
    expect(tabAttention("/admin", { scheduled: 2 })).toBe(0);
  });
});
