import net from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { closeMailer, configureMailer } from "#app/platform/mail/mailer.server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback for the test file that calls this (at its
 * top level): what it receives collects in `received`. It refuses
 * refused@example.org (550) and asks to try greylisted@example.org later
 * (451), naming the address in its reply as Postfix and Exchange do. After
 * the file, the mailer is reset and its pooled connections closed, or the
 * server could not close. With `auth`, it asks for that user name and
 * password (over plain SMTP: it offers no STARTTLS) and refuses any other
 * with 535, as real servers do.
 */
export function startSmtpServerForFile(options: { auth?: { user: string; pass: string } } = {}): { received: ReceivedMail[]; url: () => string; port: () => number } {
  const received: ReceivedMail[] = [];
  let port = 0;
  const { auth } = options;
  const smtp = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: Boolean(auth),
    authMethods: ["PLAIN", "LOGIN"],
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    logger: false,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.pass) return callback(null, { user: credentials.username });
      callback(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === "refused@example.org") return callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: no such mailbox`), { responseCode: 550 }));
      if (address.address === "greylisted@example.org") return callback(Object.assign(new Error(`4.7.1 <${address.address}>: Recipient address rejected: greylisted, try again later`), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  // A client killed mid-message (as the scale tests do to a process) resets its
  // connection inside a transaction, which smtp-server re-emits on the server;
  // a real server logs that and carries on, so this one does too rather than
  // letting the unhandled event end the test run.
  smtp.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
    throw error;
  });
  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    configureMailer(undefined);
    closeMailer();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return { received, url: () => `smtp://127.0.0.1:${port}`, port: () => port };
}
