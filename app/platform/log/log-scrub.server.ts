import pino from "pino";

/**
 * Anything shaped like an e-mail address in free text: a mail server's reply
 * usually names the recipient ("550 5.1.1 <jo@example.org>: user unknown").
 * The local part may be quoted or hold an apostrophe (o'reilly@…); the
 * match errs on the side of taking too much.
 */
const ADDRESS_IN_TEXT = /(?:"[^"\r\n]*"|[^\s@<>()[\]{},;:"]+)@[^\s@<>()[\]{},;:"']+/g;

/**
 * `text` with every e-mail address replaced, for the server log, which holds
 * no personal data (docs/decisions/007-personal-data.md). The logger applies
 * it to every `err` it writes; the outbox row keeps a mail server's reason as
 * it was: staff read it beside the address it went to.
 */
export function withoutEmailAddresses(text: string): string {
  return text.replace(ADDRESS_IN_TEXT, "[e-mail address]");
}

/**
 * The logger's serializer for `err`: a message (or an Error, serialized as
 * pino does) with any e-mail address taken out, wherever it was logged from
 * (a job that failed, a mail server's reply, a database error quoting a row).
 */
export function serializeErrForLog(value: unknown): unknown {
  if (typeof value === "string") return withoutEmailAddresses(value);
  const serialized = pino.stdSerializers.err(value as Error) as unknown;
  if (serialized && typeof serialized === "object") {
    const record = serialized as { message?: unknown; stack?: unknown };
    if (typeof record.message === "string") {
      const message = record.message;
      record.message = withoutEmailAddresses(message);
      // The stack repeats the message on its first lines; its frames are file paths, where "@" is a package's scope, not an address.
      if (typeof record.stack === "string" && message && record.stack.includes(message)) record.stack = record.stack.replace(message, record.message as string);
    }
  }
  return serialized;
}
