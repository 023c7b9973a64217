import { describe, expect, it } from "vitest";
import { ATTENTION_AREAS, attentionAreasFor } from "./attention";

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
