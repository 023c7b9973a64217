import { describe, expect, it } from "vitest";
import { responsiveImage } from "./responsive-image";

describe("responsiveImage", () => {
  it("lists each format's widths smallest first and keeps the original as src", () => {
    const image = responsiveImage({
      fileUrl: "/media/hero/1-a.jpg",
      width: 1000,
      height: 500,
      placeholder: "data:image/webp;base64,AAAA",
      variants: [
        { width: 640, format: "webp", url: "/media/hero/1-a.h.640w.webp" },
        { width: 320, format: "webp", url: "/media/hero/1-a.h.320w.webp" },
        { width: 320, format: "avif", url: "/media/hero/1-a.h.320w.avif" },
      ],
    });
    expect(image).toEqual({
      src: "/media/hero/1-a.jpg",
      srcSet: "/media/hero/1-a.h.320w.webp 320w, /media/hero/1-a.h.640w.webp 640w",
      avifSrcSet: "/media/hero/1-a.h.320w.avif 320w",
      sizes: "(min-width: 1024px) 50vw, 100vw",
      width: 1000,
      height: 500,
      placeholder: "data:image/webp;base64,AAAA",
    });
  });
  it("has empty srcsets before the variants exist", () => {
    expect(responsiveImage({ fileUrl: "/x.png", width: null, height: null, placeholder: null, variants: [] })).toMatchObject({
      srcSet: "",
      avifSrcSet: "",
      width: undefined,
    });
  });
});
