import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkModules } from "./scripts/vite-chunk-modules";
import { precompress } from "./scripts/vite-precompress";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our own Node server (server/app.ts), which
  // imports React Router's server build; see docs/decisions/001-server.md.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter(), chunkModules(), precompress()],
}));
