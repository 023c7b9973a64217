import { describe, expect, it } from "vitest";
import { parseYouTubeId, youTubeEmbedUrl } from "./youtube";

const ID = "dQw4w9WgXcQ";

describe("parseYouTubeId", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s&list=PL123`,
    `https://m.youtube.com/watch?feature=share&v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abcDEF123&t=10`,
    `youtu.be/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`,
    `https://www.youtube.com/live/${ID}`,
    `https://www.youtube.com/v/${ID}`,
    `  https://youtu.be/${ID}  `,
  ])("reduces %s to the video id", (url) => {
    expect(parseYouTubeId(url)).toBe(ID);
  });

  it.each([
    "",
    "   ",
    ID,
    "not a link",
    "https://vimeo.com/123456789",
    `https://www.youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/?v=${ID}`,
    `https://evilyoutube.com/watch?v=${ID}`,
    "https://www.youtube.com/watch?v=short",
    `https://www.youtube.com/watch?v=${ID}x`,
    "https://www.youtube.com/channel/UC1234567890abcdefghij",
    "https://www.youtube.com/playlist?list=PL1234567890",
    "https://www.youtube.com/@charity",
    `javascript:alert(1)//youtu.be/${ID}`,
    `ftp://youtu.be/${ID}`,
    `https://user:pw@youtu.be/${ID}`,
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}<`,
  ])("refuses %j", (url) => {
    expect(parseYouTubeId(url)).toBeNull();
  });

  it("embeds from the privacy-enhanced host only", () => {
    expect(new URL(youTubeEmbedUrl(ID)).origin).toBe("https://www.youtube-nocookie.com");
  });
});
