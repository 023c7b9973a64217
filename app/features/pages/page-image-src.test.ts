import { describe, expect, it } from "vitest";
import { resolveImageSrc } from "./page-image-src";

const SITE = "https://www.example.org";

describe("resolveImageSrc on the site's own origin", () => {
  it("takes an address on the site's own origin as its path", () => {
    expect(resolveImageSrc(`${SITE}/media/general/x.jpg`, SITE)).toBe("/media/general/x.jpg");
    expect(resolveImageSrc("HTTPS://WWW.EXAMPLE.ORG:443/media/general/x.jpg", SITE)).toBe("/media/general/x.jpg");
    expect(resolveImageSrc(` ${SITE}/media/general/x.jpg?v=2#top `, SITE)).toBe("/media/general/x.jpg?v=2#top");
    expect(resolveImageSrc(`${SITE}/images/hero.svg`, SITE)).toBe("/images/hero.svg");
    expect(resolveImageSrc("http://localhost:3000/media/a.png", "http://localhost:3000")).toBe("/media/a.png");
    // Paths and bare names are as before.
    expect(resolveImageSrc("/images/hero.svg", SITE)).toBe("/images/hero.svg");
    expect(resolveImageSrc(" general/x.jpg ", SITE)).toBe("/media/general/x.jpg");
  });

  it("leaves any other origin's address as it is, and never makes one of its own into another site's", () => {
    expect(resolveImageSrc(`${SITE}/media/general/x.jpg`, SITE)).toBe("/media/general/x.jpg");
    for (const address of [
      "https://example.org/media/general/x.jpg",
      "http://www.example.org/media/general/x.jpg",
      "https://www.example.org:8443/media/general/x.jpg",
      "https://www.example.org.evil.test/media/general/x.jpg",
      "https://user:secret@www.example.org/media/general/x.jpg",
      // Their paths ("//evil.test/x.jpg") would load from evil.test.
      `${SITE}//evil.test/x.jpg`,
      `${SITE}/\\evil.test/x.jpg`,
    ]) {
      expect(resolveImageSrc(address, SITE)).toBe(address);
    }
    // Without the origin (the browser's preview), a full address stays whole.
    expect(resolveImageSrc(`${SITE}/media/general/x.jpg`)).toBe(`${SITE}/media/general/x.jpg`);
  });
});
