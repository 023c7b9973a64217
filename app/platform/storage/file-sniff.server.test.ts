import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { webmStub } from "../../../test/media-fixtures";
import sharp from "sharp";
import { contentTypeForKey } from "./objects";
import { ACCEPTED_TYPES, containsMarkup, sniffFile } from "./file-sniff.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "file-sniff-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Bytes that look like compressed picture data, the same on every run. */
const NOISE = (() => {
  const blocks: Buffer[] = [];
  for (let i = 0; i < (600 * 1024) / 64; i++) blocks.push(crypto.createHash("sha512").update(`noise:${i}`).digest());
  return Buffer.concat(blocks);
})();

let count = 0;
function fileOf(bytes: Buffer): string {
  const file = path.join(dir, `f${count++}`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The noise with `insert` written at `at`. */
function noiseWith(insert: Buffer | string, at: number): Buffer {
  const bytes = Buffer.from(NOISE);
  (typeof insert === "string" ? Buffer.from(insert, "latin1") : insert).copy(bytes, at);
  return bytes;
}

const CHUNK = 256 * 1024; // what containsMarkup reads at a time

describe("containsMarkup: a picture or film that is also a web page", () => {
  const payloads = [
    "<script>alert(document.cookie)</script>",
    "<SVG onload=alert(1)>",
    "<svg/onload=alert(1)>",
    "<svg>",
    '<html lang="en"><body>',
    "<Body onload=alert(1)>",
    "<embed src=x>",
    "<?php system($_GET['c']); ?>",
    "<iframe src=//example.com>",
    "<object data=x>",
    "<!DOCTYPE html>",
    "JavaScript:alert(1)",
  ];

  it.each(payloads)("finds %s at the start, in the middle, split across two reads and at the end", async (payload) => {
    for (const at of [0, 300_000, CHUNK - 3, NOISE.length - payload.length]) {
      expect(await containsMarkup(fileOf(noiseWith(payload, at))), `at ${at}`).toBe(true);
    }
  });

  it("finds a start tag whose > is in the next read", async () => {
    const tag = `<svg ${"x".repeat(600)} onload=alert(1)>`;
    expect(await containsMarkup(fileOf(noiseWith(tag, CHUNK - 100)))).toBe(true);
  });

  it("does not take the chance bytes of compressed data for markup", async () => {
    // Each of these is what random bytes produce now and then: a short tag
    // name that is not followed by the rest of a tag a browser would run.
    const chance = [
      Buffer.concat([Buffer.from("<sVg"), Buffer.from([0x9a, 0x3e])]),
      Buffer.concat([Buffer.from("<svg "), Buffer.from([0x00, 0x3e])]),
      Buffer.concat([Buffer.from("<HTML"), Buffer.from([0xc3])]),
      Buffer.from(`<body ${"a".repeat(1100)}>`),
      Buffer.concat([Buffer.from("<embed"), Buffer.from([0xff])]),
      Buffer.from("<?phpx"),
    ];
    for (const bytes of chance) {
      for (const at of [0, 300_000, CHUNK - 2]) {
        expect(await containsMarkup(fileOf(noiseWith(bytes, at))), `${bytes.toString("latin1")} at ${at}`).toBe(false);
      }
    }
    // A short tag name as the very last bytes never became a tag.
    expect(await containsMarkup(fileOf(noiseWith("<svg", NOISE.length - 4)))).toBe(false);
  });

  it("looks only inside the range it is given", async () => {
    const file = fileOf(noiseWith("<script>", 500_000));
    expect(await containsMarkup(file, { start: 0, end: 499_999 })).toBe(false);
    expect(await containsMarkup(file, { start: 490_000, end: 510_000 })).toBe(true);
  });
});

describe("sniffFile", () => {
  it("accepts a film whose data happens to hold a short tag name, and refuses one carrying a tag", async () => {
    const film = webmStub(3 * 1024 * 1024);
    const chance = Buffer.from(film);
    Buffer.concat([Buffer.from("<SVG"), Buffer.from([0x07])]).copy(chance, chance.length - 5000);
    expect(await sniffFile(fileOf(chance), "clip.webm", chance.length)).toEqual({ mime: "video/webm", kind: "video", ext: "webm" });

    const hostile = Buffer.from(film);
    Buffer.from("<svg onload=alert(1)>").copy(hostile, hostile.length - 5000);
    expect(await sniffFile(fileOf(hostile), "clip.webm", hostile.length)).toBeNull();
  });

  it("keeps a JPEG's .jfif name, and every name it keeps is served as its type, not as a download", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#369" } }).jpeg().toBuffer();
    const sniffed = await sniffFile(fileOf(jpeg), "IMG_0042.JFIF", jpeg.length);
    expect(sniffed).toEqual({ mime: "image/jpeg", kind: "image", ext: "jfif" });
    expect(contentTypeForKey(`general/1700000000000-abc.${sniffed!.ext}`)).toBe("image/jpeg");
    for (const [mime, type] of Object.entries(ACCEPTED_TYPES)) {
      for (const ext of [type.ext, ...type.also]) expect(contentTypeForKey(`library/1700000000000-abc.${ext}`), ext).toBe(mime);
    }
  });
});
