// Production entry: the server build bundles server/app.ts with the site.
import { existsSync } from "node:fs";

const entry = new URL(`./${process.env.BUILD_DIR ?? "build"}/server/index.js`, import.meta.url);
if (!existsSync(entry)) {
  console.error("No production build found. Run `npm run build` (npm start does it for you).");
  process.exit(1);
}
try {
  const { start } = await import(entry.href);
  await start();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
