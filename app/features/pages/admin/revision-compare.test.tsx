import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RevisionComparison } from "#app/features/pages/revision-comparison";
import { Differences, compareAddress } from "./revision-compare";

const base: RevisionComparison = {
  pageTitle: "Bike Rides",
  revision: { number: 3, createdAt: "2026-11-20T10:00:00.000Z", createdByEmail: "editor@example.org" },
  against: "draft",
  differences: { page: [], blocks: [] },
};

/** The dialog's body as text, one line per element that holds words, so a test reads it as a person would. */
const shown = (comparison: RevisionComparison) =>
  renderToStaticMarkup(<Differences comparison={comparison} />)
    .replace(/<(h3|p|dt|dd)[^>]*>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

describe("a revision compared on screen", () => {
  it("labels each changed field's words by the version they come from, and shows an empty side as empty", () => {
    const lines = shown({
      ...base,
      differences: {
        page: [{ field: "Description", before: "", after: "Rides around Halifax" }],
        blocks: [{ kind: "changed", blockId: "hero", label: "Hero (block 1): Bike Rides for all", fields: [{ field: "Title", before: "Bike Rides", after: "Bike Rides for all" }] }],
      },
    });
    expect(lines).toEqual([
      "Page",
      "Description",
      "Revision 3",
      "(empty)",
      "Current draft",
      "Rides around Halifax",
      "Hero (block 1): Bike Rides for all · changed",
      "Title",
      "Revision 3",
      "Bike Rides",
      "Current draft",
      "Bike Rides for all",
    ]);
  });

  it("says what added, removed and moved blocks mean against what is live", () => {
    const lines = shown({
      ...base,
      against: "live",
      differences: {
        page: [],
        blocks: [
          { kind: "removed", blockId: "text", label: "Text and pictures (block 2): About the rides" },
          { kind: "moved", blockId: "hero", label: "Hero (block 2): Bike Rides", from: 1, to: 2 },
          { kind: "added", blockId: "new", label: "Buttons (block 3)" },
          { kind: "changed", blockId: "pic", label: "Image (block 4)", fields: [] },
        ],
      },
    });
    expect(lines).toEqual([
      "Text and pictures (block 2): About the rides · removed",
      "Removed since revision 3: it is in revision 3, not in what is live now.",
      "Hero (block 2): Bike Rides · moved",
      "Moved from place 1 to place 2.",
      "Buttons (block 3) · added",
      "Added since revision 3: it is in what is live now, not in revision 3.",
      "Image (block 4) · changed",
      "Only details not shown here changed (such as a picture's measured size).",
    ]);
  });

  it("says when nothing differs, and asks the read-only route for a page's revision", () => {
    expect(shown(base)).toEqual(["No differences: the current draft is the same as revision 3."]);
    expect(compareAddress("a page/1", 12)).toBe("/admin/pages/a%20page%2F1/compare?revision=12");
  });
});
