import pino from "pino";
import { logger } from "#app/platform/log/logger.server";

export interface CapturedLogs {
  /** Each line as the logger would have written it: JSON, after its serializers and redaction. */
  lines: string[];
  /** Every line so far, as one string, for "does not contain" checks. */
  text(): string;
  /** Puts the logger back as it was. */
  stop(): void;
}

/**
 * Captures what the site's logger writes from now until `stop`. The logger is
 * silent under Vitest, so this turns it up to every level for the duration;
 * the lines are the real output (serializers and redaction applied), only
 * collected here instead of written to stdout.
 */
export function captureLogs(): CapturedLogs {
  const target = logger as unknown as Record<symbol, unknown>;
  const stream = target[pino.symbols.streamSym];
  const level = logger.level;
  const lines: string[] = [];
  target[pino.symbols.streamSym] = { write: (line: string) => void lines.push(line) };
  logger.level = "trace";
  return {
    lines,
    text: () => lines.join(""),
    stop: () => {
      target[pino.symbols.streamSym] = stream;
      logger.level = level;
    },
  };
}
