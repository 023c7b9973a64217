// Runs an operator command from the production build: node scripts/cli.mjs <command> [args]
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// BUILD_DIR may be relative to the project folder or absolute, as for server.js.
const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", process.env.BUILD_DIR ?? "build");
const { runCli } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
process.exitCode = await runCli(process.argv.slice(2));
