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

/**
 * Marks of markup or script inside a file that claims to be a picture or
 * film. Long marks count wherever they appear. A short one could turn up by
 * chance in any compressed picture or film, whose bytes look random: "<svg"
 * (any case) about once in 500 MB, so a bare search refused roughly one
 * 10 MB photo in fifty. A short mark only counts as what a browser would
 * run: a whole start tag written in plain text ("<svg onload=…>", up to its
 * ">"), or "<?php" and a space.
 */
const LONG_MARKS = ["<script", "<iframe", "<object", "<!doctype", "javascript:"].map((s) => Buffer.from(s, "latin1"));
const TAG_MARKS = ["<svg", "<html", "<body", "<embed"].map((s) => Buffer.from(s, "latin1"));
const PHP_MARK = Buffer.from("<?php", "latin1");
/** How far a start tag may run to its ">". */
const TAG_REACH = 1024;
const LONGEST_MARK = Math.max(...[...LONG_MARKS, ...TAG_MARKS, PHP_MARK].map((s) => s.length));

const GT = 0x3e;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d;
const isPlainText = (byte: number) => isSpace(byte) || (byte >= 0x20 && byte <= 0x7e);

/** Whether the tag name ending at `at` is followed by the rest of a start tag in plain text. */
function startTagAt(bytes: Buffer, at: number): boolean {
  const next = bytes[at];
  if (next === GT) return true;
  if (next === undefined || !(isSpace(next) || next === 0x2f)) return false;
  for (let i = at + 1; i < Math.min(bytes.length, at + TAG_REACH); i++) {
    if (bytes[i] === GT) return true;
    if (!isPlainText(bytes[i]!)) return false;
  }
  return false;
}

/** Whether `bytes` (lower-cased) holds a mark starting before `limit`. */
function markBefore(bytes: Buffer, limit: number): boolean {
  const found = (mark: Buffer, counts: (end: number) => boolean) => {
    for (let at = bytes.indexOf(mark); at !== -1 && at < limit; at = bytes.indexOf(mark, at + 1)) {
      if (counts(at + mark.length)) return true;
    }
    return false;
  };
  return (
    LONG_MARKS.some((mark) => found(mark, () => true)) ||
    TAG_MARKS.some((mark) => found(mark, (end) => startTagAt(bytes, end))) ||
    found(PHP_MARK, (end) => end === bytes.length || isSpace(bytes[end]!))
  );
}

function lowerAscii(buffer: Buffer): Buffer {
  const out = Buffer.from(buffer);
  for (let i = 0; i < out.length; i++) if (out[i]! >= 0x41 && out[i]! <= 0x5a) out[i]! += 0x20;
  return out;
}

/**
 * Looks for markup anywhere in the given part of a file, chunk by chunk.
 * The end of each chunk is carried into the next, so a mark split across
 * chunks, or a tag whose ">" is in the next one, is still found. A real
 * photo or video does not contain "<script" or "<svg onload=…>"; a
 * polyglot built to be both an image and a web page does.
 */
export async function containsMarkup(filePath: string, range?: { start: number; end: number }): Promise<boolean> {
  const carried = LONGEST_MARK + TAG_REACH;
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(filePath, { ...range, highWaterMark: 256 * 1024 })) {
    const bytes = Buffer.concat([pending, lowerAscii(chunk as Buffer)]);
    // Marks that start near the end are judged with the next chunk, when what follows them is known.
    const limit = bytes.length - carried;
    if (limit <= 0) {
      pending = bytes;
      continue;
    }
    if (markBefore(bytes, limit)) return true;
    pending = bytes.subarray(limit);
  }
  return markBefore(pending, pending.length);
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
