// `react-router build`, less one line it cannot help printing. React Router
// 7.18 starts Vite with `envFile: false` for each route and config file it
// compiles, and Vite 8 answers each time that the option is deprecated: the
// same line up to nine times a build, about nobody's code here. Everything
// else the build prints, warnings included, passes through unchanged.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const upstreamNoise = "The `envFile` option is deprecated, please use `envDir: false` instead.";
const bin = path.join(root, "node_modules", "@react-router", "dev", "bin.js");

const child = spawn(process.execPath, [bin, "build", ...process.argv.slice(2)], {
  cwd: root,
  stdio: ["inherit", "pipe", "pipe"],
  // Piped, the build would think it is not on a terminal and drop its colours.
  env: process.stdout.isTTY && !("FORCE_COLOR" in process.env) ? { ...process.env, FORCE_COLOR: "1" } : process.env,
});
for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
  createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => {
    if (!line.includes(upstreamNoise)) to.write(line + "\n");
  });
}
child.on("close", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
