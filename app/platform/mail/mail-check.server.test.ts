import { describe, expect, it } from "vitest";
import { describeMailError, serverName } from "./mail-check.server";

const target = { host: "smtp.example.org", port: 587, security: "starttls" as const, user: "me", password: "pw" };

/** Errors shaped as nodemailer raises them (code, response, responseCode), as staff would read them. */
describe("describeMailError: a mail server's failure in words", () => {
  it("names a refused password with the server's answer", () => {
    const error = Object.assign(new Error("Invalid login: 535 5.7.8 Authentication failed"), { code: "EAUTH", response: "535 5.7.8 Authentication failed", responseCode: 535 });
    expect(describeMailError(error, target)).toBe("The mail server refused the user name or password (535 5.7.8 Authentication failed).");
  });

  it("says which server could not be reached, and why", () => {
    expect(describeMailError(Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:587"), { code: "ESOCKET" }), target)).toBe("Could not connect to smtp.example.org:587 (connection refused).");
    expect(describeMailError(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" }), target)).toBe(
      "Could not connect to smtp.example.org:587 (no answer in time: the server may be down, or the port blocked).",
    );
    expect(describeMailError(Object.assign(new Error("getaddrinfo ENOTFOUND smtp.example.org"), { code: "EDNS" }), target)).toBe(
      "Could not connect to smtp.example.org:587 (no such host: check the host name).",
    );
  });

  it("names a TLS failure and what to check", () => {
    const error = Object.assign(new Error("ssl3_get_record:wrong version number"), { code: "ESOCKET" });
    expect(describeMailError(error, { ...target, port: 25, security: "tls" })).toMatch(/^The secure \(TLS\) connection to smtp\.example\.org:25 failed: .*wrong version number\. Check the security setting and port/);
  });

  it("quotes a refusal of the message itself, and never a stack", () => {
    const error = Object.assign(new Error("Message failed: 554 5.7.1 Sender address rejected"), { code: "EMESSAGE", response: "554 5.7.1 Sender address rejected", responseCode: 554 });
    const words = describeMailError(error, target);
    expect(words).toBe("The mail server refused the message (554 5.7.1 Sender address rejected).");
    expect(words).not.toContain("    at ");
  });

  it("names the server of an SMTP_URL without its password", () => {
    expect(serverName({ url: "smtps://user:secret@mail.example.org" })).toBe("mail.example.org:465");
    expect(serverName({ url: "smtp://user:secret@mail.example.org:2525" })).toBe("mail.example.org:2525");
  });
});
