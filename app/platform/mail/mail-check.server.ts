import { loadNodemailer, transportOptions, type SmtpTarget } from "./mailer.server";

/**
 * Trying a mail server from the admin (Settings → E-mail → Send test
 * e-mail): one message on a connection of its own, and the answer in words
 * staff can act on, never an error object or stack.
 */

export type MailCheckResult = { ok: true; reply: string } | { ok: false; reason: string };

/** Shorter than a real delivery's waits: staff are looking at the page. */
const CHECK_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** "host:port" of a target, as staff would write it. */
export function serverName(target: SmtpTarget): string {
  if (!("url" in target)) return `${target.host}:${target.port}`;
  try {
    const url = new URL(target.url);
    return `${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "587")}`;
  } catch {
    return "the mail server";
  }
}

interface MailError {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  command?: unknown;
  message?: unknown;
  reason?: unknown;
}

/** The mail server's own answer line, when it gave one (e.g. "535 5.7.8 Authentication failed"), trimmed to one line. */
function serverAnswer(error: MailError): string | null {
  return typeof error.response === "string" && error.response.trim() ? error.response.trim().split(/\r?\n/)[0]!.slice(0, 300) : null;
}

/** What went wrong, in a sentence that names the server and quotes its answer: never a stack trace. */
export function describeMailError(error: unknown, target: SmtpTarget): string {
  const server = serverName(target);
  const e = (error && typeof error === "object" ? error : { message: String(error) }) as MailError;
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";
  const answer = serverAnswer(e);
  const quoted = answer ? ` (${answer})` : "";
  if (code === "EAUTH") {
    if (/missing credentials/i.test(message)) return `The mail server at ${server} asks for a user name and password, and none is set.`;
    return `The mail server refused the user name or password${quoted || (message ? ` (${message})` : "")}.`;
  }
  if (code === "ENOAUTH" || /authentication.*not supported|AUTH.*not.*(supported|advertised)/i.test(message)) {
    return `The mail server at ${server} does not accept a user name and password on this connection${quoted}. Check the security setting (STARTTLS or TLS), or clear the user name.`;
  }
  if (code === "ETLS" || /\b(SSL|TLS)\b|certificate|wrong version number|self[- ]signed|handshake/i.test(message)) {
    return `The secure (TLS) connection to ${server} failed: ${answer ?? message.split("\n")[0]}. Check the security setting and port (TLS is usually 465, STARTTLS 587).`;
  }
  if (/ECONNREFUSED/.test(message) || e.reason === "ECONNREFUSED") return `Could not connect to ${server} (connection refused).`;
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(message) || code === "EDNS") return `Could not connect to ${server} (no such host: check the host name).`;
  if (code === "ETIMEDOUT" || /timeout|timed out/i.test(message)) return `Could not connect to ${server} (no answer in time: the server may be down, or the port blocked).`;
  if (/ECONNRESET|EHOSTUNREACH|ENETUNREACH|closed|Connection/i.test(message) && !answer) return `Could not connect to ${server} (${message.split("\n")[0]}).`;
  if (code === "EENVELOPE" || typeof e.responseCode === "number") return `The mail server refused the message${quoted || ` (${message.split("\n")[0]})`}.`;
  return `The mail server at ${server} could not take the message (${message.split("\n")[0] || "no reason given"}).`;
}

/** Sends one message through `target` on a connection of its own, and says how it went. */
export async function sendCheckMessage(target: SmtpTarget, message: { from: string; to: string; subject: string; text: string }): Promise<MailCheckResult> {
  const nodemailer = await loadNodemailer();
  const transport = nodemailer.createTransport({ ...transportOptions(target), ...CHECK_TIMEOUTS_MS } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    const info = (await transport.sendMail(message)) as { response?: unknown; rejected?: unknown[]; accepted?: unknown[] };
    if ((info.rejected ?? []).length > 0 && (info.accepted ?? []).length === 0) return { ok: false, reason: `The mail server refused the address ${message.to}.` };
    return { ok: true, reply: typeof info.response === "string" ? info.response.trim().split(/\r?\n/)[0]!.slice(0, 300) : "accepted" };
  } catch (error) {
    return { ok: false, reason: describeMailError(error, target) };
  } finally {
    transport.close();
  }
}
