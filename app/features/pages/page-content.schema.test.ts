import { describe, expect, it } from "vitest";
import {
  IMAGE_ADDRESS_MESSAGE,
  imageErrors,
  OTHER_SITE_IMAGE_MESSAGE,
  pageContentFormSchemaFor,
  pageImageSchema,
  sectionImageSchemaFor,
} from "./page-content.schema";

/**
 * Picture addresses staff may give a page: only those the page can show.
 * The site's Content-Security-Policy lets a page load pictures from its own
 * origin and from the S3_PUBLIC_URL bucket only, so an address anywhere
 * else would be refused by the browser and a stock drawing shown instead.
 */

const SITE = "https://www.example.org";
const BUCKET = "https://media.example.org";
const ORIGINS = [SITE, BUCKET];

const entry = (filename: string) => ({ id: "img-1", filename, alt: "Children at the summer camp", caption: "", position: "inline", order: 1 });

/** The Pages tab's form with one image entry: its messages, or [] when it is accepted. */
function pagesTab(filename: string, origins: readonly string[] = ORIGINS): string[] {
  const result = pageContentFormSchemaFor(origins).safeParse({ pageId: "about", images: JSON.stringify([entry(filename)]) });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The Page Images tab's form with a typed address: its messages, or [] when it is accepted. */
function pageImagesTab(imageUrl: string, origins: readonly string[] = ORIGINS): string[] {
  const result = sectionImageSchemaFor(origins).safeParse({ pageId: "about", section: "team", imageUrl, altText: "Our team" });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const SHOWN = [
  "/media/gallery/summer-camp.jpg",
  "/images/hiking.svg",
  // A bare file name is served from the uploads folder.
  "gallery/summer-camp.jpg",
  // Copied from the public page: an upload on the site's own origin.
  `${SITE}/media/gallery/summer-camp.jpg`,
  // An upload served from the bucket, as the media library gives it with S3_PUBLIC_URL set.
  `${BUCKET}/gallery/summer-camp.jpg`,
];

const ELSEWHERE = [
  "https://other.example/x.jpg",
  "http://www.example.org/media/x.jpg",
  "https://www.example.org.other.example/x.jpg",
  "https://editor:secret@www.example.org/media/x.jpg",
  "https://www.example.org//other.example/x.jpg",
];

describe("a page's picture addresses", () => {
  it("accepts the site's own paths, its own origin and the media bucket's, and refuses a picture from another website, saying to upload it to the Media library", () => {
    for (const address of SHOWN) {
      expect(pagesTab(address), address).toEqual([]);
      expect(pageImagesTab(address), address).toEqual([]);
    }
    expect(OTHER_SITE_IMAGE_MESSAGE).toBe("Pictures from other websites cannot be shown here: upload it to the Media library and choose it from there.");
    for (const address of ELSEWHERE) {
      expect(pagesTab(address), address).toEqual([`Image 1: ${OTHER_SITE_IMAGE_MESSAGE}`]);
      expect(pageImagesTab(address), address).toEqual([OTHER_SITE_IMAGE_MESSAGE]);
    }
    // The bucket's addresses only while S3_PUBLIC_URL names it.
    expect(pagesTab(`${BUCKET}/gallery/summer-camp.jpg`, [SITE])).toEqual([`Image 1: ${OTHER_SITE_IMAGE_MESSAGE}`]);
    // An entry saved before these rules is still read, so the editor lists it for staff to replace.
    expect(pageImageSchema.safeParse(entry("https://other.example/x.jpg")).success).toBe(true);
  });

  it("names the address field for the editor, which checks with the same origins", () => {
    expect(imageErrors([entry("https://other.example/x.jpg"), entry(`${SITE}/media/x.jpg`)], ORIGINS)).toEqual({ 0: { filename: OTHER_SITE_IMAGE_MESSAGE } });
    expect(imageErrors([entry("javascript:alert(1)")], ORIGINS)).toEqual({ 0: { filename: IMAGE_ADDRESS_MESSAGE } });
  });
});
