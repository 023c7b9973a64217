import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets several builds live side by side (e.g. parallel test runs).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
