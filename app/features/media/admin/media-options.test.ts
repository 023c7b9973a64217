import { describe, expect, it } from "vitest";
import { describeMediaPlace, PAGE_OPTIONS } from "./media-options";

const image = { fileType: "image" as const, pageAssignment: null, sectionAssignment: null };

describe("where the media list says a file is shown", () => {
  it("names the places that use it once, with no 'No page' beside them", () => {
    const said = describeMediaPlace(image, ["Home page (Hero section image)"]);
    expect(said).toBe("Used on Home page (Hero section image)");
    expect(said).not.toMatch(/No page|No section/);
  });

  it("says plainly when nothing uses it, and when that could not be checked", () => {
    expect(describeMediaPlace(image, [])).toBe("Not used on the site yet");
    expect(describeMediaPlace(image, undefined)).toBe("Where it is used could not be checked just now");
  });

  it("adds the gallery a video is assigned to, and what a file is filed under", () => {
    const gallery = PAGE_OPTIONS[0]!;
    expect(describeMediaPlace({ fileType: "video", pageAssignment: gallery.value, sectionAssignment: null }, [])).toBe(`In the video gallery of ${gallery.label}`);
    expect(describeMediaPlace({ ...image, sectionAssignment: "hero" }, ["Home page"])).toBe("Used on Home page; filed under the Hero section");
    expect(describeMediaPlace({ ...image, sectionAssignment: "gallery" }, [])).toBe("Not used on the site yet; filed under the Gallery section");
  });
});
