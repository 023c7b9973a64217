import pino from "pino";

/**
 * Structured JSON logs. Never log personal data or secrets: log ids, paths
 * and outcomes, not e-mail addresses, names or form contents.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: { paths: ["*.password", "*.email", "*.cookie", "*.authorization", "req.headers.cookie"], remove: true },
});
