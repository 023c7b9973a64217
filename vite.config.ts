import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkModules } from "./scripts/vite-chunk-modules.ts";
import { precompress } from "./scripts/vite-precompress.ts";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our own Node server (server/app.ts), which
  // imports React Router's server build; see docs/decisions/001-server.md.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter(), chunkModules(), precompress()],
  // The public pages' one script (app/enhance/site.ts, imported with
  // ?worker&url in app/root.tsx so it is bundled on its own, React-free) goes
  // to assets/enhance/: that folder is how the JS budget finds it
  // (bench/lib/bundle.mjs, decision 010).
  worker: { format: "iife", rolldownOptions: { output: { entryFileNames: "assets/enhance/[name]-[hash].js" } } },
  // Bundled into the server build, so only the icons and primitives we use
  // are loaded at start-up: as external packages their barrels cost ~0.4 s
  // of CPU to import (docs/decisions/011-start-up-and-render-cost.md).
  // Kysely, zod and Hono are bundled too: each is hundreds of small ES
  // modules, and resolving, reading and linking them one by one was the
  // largest part of a cold start left.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//, "kysely", "zod", "hono", "@hono/node-server", "better-auth", /^@better-auth\//, "better-call"] },
}));
