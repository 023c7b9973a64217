import fs from "node:fs";

/**
 * Decides what an uploaded file is from its bytes alone: never from its
 * name or the type the browser claimed. Only the formats below are
 * accepted; SVG (which can carry scripts), HTML and everything else is not.
 */
export const ACCEPTED_TYPES = {
  "image/jpeg": { kind: "image", ext: "jpg", also: ["jpeg", "jpe", "jfif"] },
  "image/png": { kind: "image", ext: "png", also: [] },
  "image/webp": { kind: "image", ext: "webp", also: [] },
  "image/avif": { kind: "image", ext: "avif", also: [] },
  "image/gif": { kind: "image", ext: "gif", also: [] },
  "video/mp4": { kind: "video", ext: "mp4", also: ["m4v"] },
  "video/webm": { kind: "video", ext: "webm", also: [] },
  "video/quicktime": { kind: "video", ext: "mov", also: ["qt"] },
} as const satisfies Record<string, { kind: "image" | "video"; ext: string; also: readonly string[] }>;

export type AcceptedMime = keyof typeof ACCEPTED_TYPES;

export interface Sniffed {
  mime: AcceptedMime;
  kind: "image" | "video";
  /** The original extension when it names the same format, else the format's own. */
  ext: string;
}

/** Other names file-type gives the same containers. */
const MIME_ALIASES: Record<string, AcceptedMime> = {
  "video/x-m4v": "video/mp4",
  "video/matroska": "video/webm",
};

/** Marks of markup or script inside a file that claims to be a picture or film. */
const MARKUP_SIGNATURES = ["<script", "<html", "<body", "<svg", "<iframe", "<?php", "<!doctype", "javascript:", "<object", "<embed"].map((s) =>
  Buffer.from(s, "latin1"),
);
const LONGEST_SIGNATURE = Math.max(...MARKUP_SIGNATURES.map((s) => s.length));

function lowerAscii(buffer: Buffer): Buffer {
  const out = Buffer.from(buffer);
  for (let i = 0; i < out.length; i++) if (out[i]! >= 0x41 && out[i]! <= 0x5a) out[i]! += 0x20;
  return out;
}

/**
 * Looks for markup anywhere in the given part of a file (chunk by chunk, with
 * an overlap so a signature split across chunks is still found). A real
 * photo or video does not contain "<script" or "<html"; a polyglot built to
 * be both an image and a web page does.
 */
export async function containsMarkup(filePath: string, range?: { start: number; end: number }): Promise<boolean> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(filePath, { ...range, highWaterMark: 256 * 1024 })) {
    const window = lowerAscii(Buffer.concat([carry, chunk as Buffer]));
    if (MARKUP_SIGNATURES.some((sig) => window.includes(sig))) return true;
    carry = window.subarray(Math.max(0, window.length - LONGEST_SIGNATURE + 1));
  }
  return false;
}

/** How much of a video's start and end is searched for markup. */
const VIDEO_SCAN_BYTES = 1024 * 1024;

/** Returns the accepted type of the file, or null when it is not one we take. */
export async function sniffFile(filePath: string, originalName: string, size: number): Promise<Sniffed | null> {
  // Imported on first use, so start-up does not pay for it.
  const { fileTypeFromFile } = await import("file-type");
  const detected = await fileTypeFromFile(filePath);
  if (!detected) return null;
  const mime = (MIME_ALIASES[detected.mime] ?? detected.mime) as AcceptedMime;
  const accepted = ACCEPTED_TYPES[mime];
  if (!accepted) return null;
  // Images are decoded and re-encoded anyway, but a file that is also a web
  // page is refused outright: nobody uploads one by accident. Videos are
  // stored as sent, so their ends (where such payloads hide) are searched.
  const markup =
    accepted.kind === "image"
      ? await containsMarkup(filePath)
      : (await containsMarkup(filePath, { start: 0, end: Math.min(size, VIDEO_SCAN_BYTES) - 1 })) ||
        (size > VIDEO_SCAN_BYTES && (await containsMarkup(filePath, { start: Math.max(VIDEO_SCAN_BYTES, size - VIDEO_SCAN_BYTES), end: size - 1 })));
  if (markup) return null;
  const originalExt = originalName.includes(".") ? originalName.split(".").pop()!.toLowerCase() : "";
  const known: readonly string[] = [accepted.ext, ...accepted.also];
  const ext = known.includes(originalExt) ? originalExt : accepted.ext;
  return { mime, kind: accepted.kind, ext };
}
