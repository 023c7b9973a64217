import { describe, expect, it } from "vitest";
import { filterImages } from "./image-picker";
import { type PickerImage } from "#app/features/media/picker-image";

const images: PickerImage[] = [
  { id: "1", filename: "/media/a.jpg", alt: "Boxing gloves on a bench", category: "boxing", source: "upload" },
  { id: "2", filename: "/images/x.svg", alt: "A bike", description: "Sunday RIDE to the hills", category: "cycling", source: "built-in" },
  { id: "3", filename: "/images/y.svg", alt: "Community event", category: "general", source: "built-in" },
];

describe("filterImages", () => {
  it("matches alt text and description, ignoring case", () => {
    expect(filterImages(images, "GLOVES", "all").map((i) => i.id)).toEqual(["1"]);
    expect(filterImages(images, "ride", "all").map((i) => i.id)).toEqual(["2"]);
  });
  it("filters by category, and 'all' keeps every one in order", () => {
    expect(filterImages(images, "", "cycling").map((i) => i.id)).toEqual(["2"]);
    expect(filterImages(images, "", "all").map((i) => i.id)).toEqual(["1", "2", "3"]);
    expect(filterImages(images, "bike", "boxing")).toEqual([]);
  });
});
