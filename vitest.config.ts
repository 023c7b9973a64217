import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "#app": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["**/*.integration.test.ts"],
          exclude: ["node_modules/**", "build/**"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Hostile input against the production build (npm run test:security).
        resolve: { alias },
        test: {
          name: "security",
          include: ["test/security/**/*.security.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 240_000,
        },
      },
      {
        // Crash safety, graceful shutdown and backups: server processes killed and restarted.
        resolve: { alias },
        test: {
          name: "ops",
          include: ["test/ops/**/*.ops.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
