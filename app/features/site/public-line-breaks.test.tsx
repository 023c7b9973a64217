import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TestimonialCarousel } from "#app/features/testimonials/site/testimonial-carousel";
import { VideoGallery } from "#app/features/videos/site/video-gallery";

/**
 * Text staff type in an admin textarea keeps its line breaks ("\n"), and
 * visitors see them: the element holding it shows them (whitespace-pre-line,
 * as the admin lists do), so the paragraphs do not run together.
 */
const TYPED = "The first thing he said was that he had made a friend.\n\nNow he cannot wait for Saturdays.";

/** The classes of the element whose text is exactly `text` (React escapes ' as &#x27;). */
function classesAround(html: string, tag: string, text: string): string[] {
  const escaped = text.replaceAll("'", "&#x27;").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`<${tag}(?: [^>]*?class="([^"]*)")?[^>]*>${escaped}</${tag}>`).exec(html);
  if (!match) throw new Error(`no <${tag}> holding the typed text in:\n${html}`);
  return (match[1] ?? "").split(/\s+/);
}

describe("staff-typed line breaks on public pages", () => {
  it("shows a testimonial's paragraphs apart in the home carousel", () => {
    const html = renderToStaticMarkup(
      <TestimonialCarousel items={[{ id: "t1", quote: TYPED, author: "Amira", role: "Parent", color: "primary" }]} />,
    );
    expect(html).toContain(TYPED);
    expect(classesAround(html, "p", TYPED)).toContain("whitespace-pre-line");
  });

  it("shows the line breaks in an uploaded video's caption and a YouTube video's description", () => {
    const caption = "Our under-12s at the cup final.\nFilmed with parents' consent.";
    const html = renderToStaticMarkup(
      <VideoGallery
        gallery={{
          videos: [{ id: "v1", fileUrl: "/media/final.mp4", caption, altText: "Cup final" }],
          youtube: [{ id: "y1", videoId: "dQw4w9WgXcQ", title: "Summer camp", description: TYPED }],
          failed: false,
        }}
      />,
    );
    expect(classesAround(html, "figcaption", caption)).toContain("whitespace-pre-line");
    expect(classesAround(html, "figcaption", TYPED)).toContain("whitespace-pre-line");
  });
});
