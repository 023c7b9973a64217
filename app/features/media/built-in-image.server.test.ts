import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { builtInSvgDataUri, inlinePictureUri, MAX_INLINE_SVG_BYTES, svgDataUri } from "./built-in-image.server";

const PREFIX = "data:image/svg+xml,";
const publicImages = path.resolve("public/images");
const decode = (uri: string) => decodeURIComponent(uri.slice(PREFIX.length));
const compact = (svg: string) => svg.replace(/\s+/g, " ").replace(/> </g, "><").trim();

describe("built-in pictures as data: URIs", () => {
  it("gives the home page's default still exactly as the file draws it, in fewer bytes than base64 once the page is compressed", () => {
    const file = fs.readFileSync(path.join(publicImages, "community.svg"), "utf8");
    const uri = builtInSvgDataUri("/images/community.svg");
    expect(uri).not.toBeNull();
    expect(uri!.startsWith(PREFIX)).toBe(true);
    expect(decode(uri!)).toBe(compact(file));
    // Every element and colour survives: the same tags, in order.
    expect(decode(uri!).match(/<\w+/g)).toEqual(file.match(/<\w+/g));
    // Pages go out brotli-compressed; base64 hides the markup's repetition from the compressor.
    const brotli = (text: string) => zlib.brotliCompressSync(text).length;
    expect(brotli(uri!)).toBeLessThan(brotli(`data:image/svg+xml;base64,${Buffer.from(file).toString("base64")}`) * 0.75);
  });

  it("leaves nothing in the URI that ends the attribute, starts a fragment or breaks the URL", () => {
    const uri = svgDataUri(`<svg xmlns="http://www.w3.org/2000/svg">\n  <rect fill="#0F9D8F" width="50%"/> &amp;\n</svg>`);
    expect(uri.slice(PREFIX.length)).not.toMatch(/[\s"<>#&]/);
    expect(decode(uri)).toBe(`<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#0F9D8F" width="50%"/> &amp; </svg>`);
  });

  it("inlines every built-in SVG small enough, and nothing that is not one", () => {
    for (const name of fs.readdirSync(publicImages).filter((n) => n.endsWith(".svg"))) {
      const size = fs.statSync(path.join(publicImages, name)).size;
      expect(builtInSvgDataUri(`/images/${name}`) !== null, name).toBe(size <= MAX_INLINE_SVG_BYTES);
    }
    for (const src of [
      "/media/photo.svg",
      "https://example.org/images/community.svg",
      "/images/../../package.json",
      "/images/..%2Fserver.svg",
      "/images/missing.svg",
      "/images/community.svg?x=1",
      "images/community.svg",
    ]) {
      expect(builtInSvgDataUri(src), src).toBeNull();
    }
  });

  it("puts a page's picture inline only when it is a built-in drawing, never an upload with its responsive sizes", () => {
    expect(inlinePictureUri({ filename: "/images/hiking.svg" })).toBe(builtInSvgDataUri("/images/hiking.svg"));
    expect(inlinePictureUri({ filename: "/images/hiking.svg" })).not.toBeNull();
    const responsive = { srcSet: "/media/a-640.webp 640w", avifSrcSet: "/media/a-640.avif 640w" };
    expect(inlinePictureUri({ filename: "/images/hiking.svg", responsive })).toBeNull();
    expect(inlinePictureUri({ filename: "summer-camp.jpg" })).toBeNull();
    expect(inlinePictureUri(undefined)).toBeNull();
  });
});
