import { describe, expect, it } from "vitest";
import { slugWords } from "./slug";

describe("slugWords", () => {
  it("keeps the words of a title, drops accents and punctuation, and cuts at the limit without a trailing dash", () => {
    expect(slugWords("Fun Day: Music & Food!", 80)).toBe("fun-day-music-and-food");
    expect(slugWords("Café Crème", 80)).toBe("cafe-creme");
    expect(slugWords("Youth Club (Tuesdays)", 11)).toBe("youth-club");
    expect(slugWords("!!!", 80)).toBe("");
  });
});
