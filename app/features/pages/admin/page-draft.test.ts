import { describe, expect, it } from "vitest";
import { DRAFT_MAX_AGE_MS, draftIsDone, pageDraftKey, readPageDraft, restorableValues, type PageDraft } from "./page-draft";

const draft: PageDraft = {
  values: { heroTitle: "Typed", heroSubtitle: "", mainTitle: "Main", content: "Body", layout: "text-only", images: [] },
  baseRevision: 3,
  changedAt: "2026-11-21T22:00:00.000Z",
};

const revision = (n: number, email: string | null) => ({ revision: n, createdAt: "2026-11-21T22:05:00.000Z", createdByEmail: email, restoredFrom: null, heroTitle: "" });

describe("page drafts kept in the browser", () => {
  it("reads back what the editor stored", () => {
    expect(readPageDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it("ignores anything that is not a whole draft, rather than put it in the editor", () => {
    expect(readPageDraft(null)).toBeNull();
    expect(readPageDraft("not json")).toBeNull();
    expect(readPageDraft("null")).toBeNull();
    expect(readPageDraft(JSON.stringify({ ...draft, baseRevision: "3" }))).toBeNull();
    expect(readPageDraft(JSON.stringify({ ...draft, values: { ...draft.values, layout: "sideways" } }))).toBeNull();
    expect(readPageDraft(JSON.stringify({ ...draft, values: { ...draft.values, content: 7 } }))).toBeNull();
    expect(readPageDraft(JSON.stringify({ ...draft, values: { ...draft.values, images: "none" } }))).toBeNull();
    expect(readPageDraft(JSON.stringify({ ...draft, values: { ...draft.values, images: [{ id: "a", filename: 7 }] } }))).toBeNull();
    const withImage = { ...draft, values: { ...draft.values, images: [{ id: "a", filename: "a.jpg", alt: "A", caption: "", position: "hero", order: 0 }] } };
    expect(readPageDraft(JSON.stringify(withImage))).toEqual(withImage);
  });

  it("counts a draft as done only when it was sent with Save and the same person saved a newer revision, or when it is two weeks old", () => {
    const sent = { ...draft, submitted: true };
    const now = new Date(draft.changedAt).getTime() + 60_000;
    expect(draftIsDone(sent, [revision(3, "me@example.org")], "me@example.org", now)).toBe(false);
    expect(draftIsDone(sent, [revision(4, "me@example.org"), revision(3, "me@example.org")], "me@example.org", now)).toBe(true);
    // Never sent: my save of the page elsewhere (another tab, the other editor) was not this draft.
    expect(draftIsDone(draft, [revision(4, "me@example.org")], "me@example.org", now)).toBe(false);
    // A colleague's save since: the draft stands, and saving it will meet the conflict check.
    expect(draftIsDone(sent, [revision(4, "colleague@example.org")], "me@example.org", now)).toBe(false);
    expect(draftIsDone(sent, [revision(4, null)], undefined, now)).toBe(false);
    expect(draftIsDone(draft, [], "me@example.org", new Date(draft.changedAt).getTime() + DRAFT_MAX_AGE_MS + 1)).toBe(true);
  });

  it("restores only the fields the editor edits: the Content tab leaves images and layout as they are now", () => {
    const now = { ...draft.values, heroTitle: "Saved", layout: "gallery" as const, images: [{ id: "n", filename: "n.jpg", alt: "", caption: "", position: "gallery" as const, order: 0 }] };
    const kept = { ...draft.values, layout: "image-left" as const, images: [] };
    expect(restorableValues(kept, now, ["content"])).toEqual({ ...kept, layout: "gallery", images: now.images });
    expect(restorableValues(kept, now, ["content", "images", "layout"])).toEqual(kept);
  });

  it("keeps each person's drafts of each page and editor apart", () => {
    const keys = new Set([
      pageDraftKey("user-1", "about", ["content", "images", "layout"]),
      pageDraftKey("user-2", "about", ["content", "images", "layout"]),
      pageDraftKey("user-1", "mission", ["content", "images", "layout"]),
      pageDraftKey("user-1", "about", ["content"]),
    ]);
    expect(keys.size).toBe(4);
  });
});
