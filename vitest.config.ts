import { defineConfig } from "vitest/config";
import path from "node:path";
import { availableParallelism } from "node:os";

const alias = { "#app": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default leaves one core free, which on a 2-core CI machine
    // runs every file one after another. Most of these files wait on a
    // server process, a database or a socket rather than on the CPU, so two
    // at a time finish the suites in about 60% of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.unit.test.ts"],
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
