// Draws public/images/share.png, the picture link previews show for a page
// without one of its own. Facebook, X, LinkedIn and WhatsApp show no SVG, so
// the site's community drawing is rendered once to a 1200×630 PNG (the size
// they crop to). Run it again after changing community.svg:
//   node scripts/share-image.mjs
import path from "node:path";
import sharp from "sharp";

const images = path.resolve(import.meta.dirname, "../public/images");
const info = await sharp(path.join(images, "community.svg"))
  .resize(1200, 800)
  // The drawing is 1200×800: keep the people and the houses, drop sky.
  .extract({ left: 0, top: 140, width: 1200, height: 630 })
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(images, "share.png"));
console.log(`public/images/share.png: ${info.width}×${info.height}, ${info.size} bytes`);
