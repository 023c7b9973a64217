/**
 * YouTube links as staff paste them, reduced to the video id we store.
 * Shared by the browser (the form's schema) and the server.
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

export const YOUTUBE_URL_MESSAGE =
  "Enter a YouTube video link, e.g. https://www.youtube.com/watch?v=… or https://youtu.be/…";

/**
 * The 11-character id of a YouTube video link (watch, youtu.be, shorts, embed,
 * live or /v/ forms, with or without https:// and www.), or null when the text
 * is not a link to one YouTube video.
 */
export function parseYouTubeId(input: string): string | null {
  const text = input.trim();
  if (text === "" || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.port && url.port !== "443" && url.port !== "80")) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  let candidate: string | null = null;
  if (host === "youtu.be" || host === "www.youtu.be") {
    candidate = parts.length === 1 ? parts[0] : null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === "watch") {
      candidate = url.searchParams.get("v");
    } else if (parts.length === 2 && ["shorts", "embed", "live", "v", "e"].includes(parts[0])) {
      candidate = parts[1];
    }
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The canonical watch link of a video id, for staff to check what was saved. */
export function youTubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}

/** The privacy-enhanced player, loaded only when a visitor presses play. */
export function youTubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`;
}
