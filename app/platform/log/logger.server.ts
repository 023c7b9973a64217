import pino from "pino";
import { serializePathForLog } from "./log-path.server";
import { serializeErrForLog } from "./log-scrub.server";

/**
 * Structured JSON logs. Never log personal data or secrets: log ids, paths
 * and outcomes, not e-mail addresses, names or form contents.
 *
 * A `path` or `url` field goes through pathForLog wherever it is logged from
 * (the access log, a page not found, a render error), so an invitation token
 * or a ?token= in the address never reaches the log; an `err` has any
 * e-mail address in it replaced.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: { paths: ["*.password", "*.email", "*.cookie", "*.authorization", "req.headers.cookie"], remove: true },
  serializers: { path: serializePathForLog, url: serializePathForLog, err: serializeErrForLog },
});
