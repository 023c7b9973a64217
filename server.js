// Production entry: the server build bundles server/app.ts with the site.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// BUILD_DIR may be relative to this folder or absolute.
const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), process.env.BUILD_DIR ?? "build");
const entry = pathToFileURL(path.join(buildDir, "server/index.js"));
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
