// Runs an operator command from the production build: node scripts/cli.mjs <command> [args]
const { runCli } = await import(new URL(`../${process.env.BUILD_DIR ?? "build"}/server/index.js`, import.meta.url).href);
process.exitCode = await runCli(process.argv.slice(2));
