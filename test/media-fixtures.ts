import crypto from "node:crypto";
import zlib from "node:zlib";
import sharp from "sharp";

/** Test files made on the fly, so nothing binary is committed for the unit suites. */

/** A JPEG photo with a GPS position and a "rotate 90°" orientation in its EXIF. */
export async function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: "Test camera", Make: "TestCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "53/1 43/1 29/1", GPSLongitudeRef: "W", GPSLongitude: "1/1 51/1 57/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function smallPng(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
}

/** A real, valid PNG of noise, just over `bytes` long (stored uncompressed). */
export async function noisePng(bytes: number): Promise<Buffer> {
  const width = 2000;
  const height = Math.ceil(bytes / (width * 3)) + 2;
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A tiny PNG whose header declares a 60,000 × 60,000 picture: a decompression bomb. */
export async function pixelBombPng(): Promise<Buffer> {
  const png = Buffer.from(await smallPng(8, 8));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); CRC covers type + data.
  png.writeUInt32BE(60_000, 16);
  png.writeUInt32BE(60_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** A JPEG that is also a web page: markup hidden after the picture. */
export async function polyglotJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#fff" } }).jpeg().toBuffer();
  return Buffer.concat([jpeg, Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>")]);
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export const textFile = Buffer.from("Just some notes, not a picture at all.\n");

/** The start of a WebM file: enough for the content check, which does not decode video. */
export function webmStub(size = 64 * 1024): Buffer {
  const header = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
    Buffer.from("webm"),
    Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
  ]);
  return Buffer.concat([header, crypto.randomBytes(size - header.length)]);
}

export function mp4Stub(size = 64 * 1024): Buffer {
  const header = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isommp42")]);
  return Buffer.concat([header, Buffer.alloc(size - header.length, 7)]);
}
