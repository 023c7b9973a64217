import { describe, expect, it } from "vitest";
import { withoutEmailAddresses } from "#app/platform/log/log-scrub.server";

describe("withoutEmailAddresses: a mail server's answer as the log may hold it", () => {
  it("replaces every address, however the server wrote it", () => {
    expect(withoutEmailAddresses("Can't send mail - all recipients were rejected: 550 5.1.1 <jo.bloggs@example.org>: Recipient address rejected: User unknown")).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[e-mail address]>: Recipient address rejected: User unknown",
    );
    expect(withoutEmailAddresses("550 Requested action not taken: mailbox unavailable (ann.o'reilly+1=1--@example.org)")).toBe(
      "550 Requested action not taken: mailbox unavailable ([e-mail address])",
    );
    expect(withoutEmailAddresses('452 4.2.2 "jo bloggs"@example.org is over quota; so is kit@sub.example.co.uk.')).toBe("452 4.2.2 [e-mail address] is over quota; so is [e-mail address]");
    // An apostrophe may belong to the local part (o'reilly), so a quoting one goes with the address.
    expect(withoutEmailAddresses("RCPT TO:<Kit@Example.ORG>, 'pat@example.org'")).toBe("RCPT TO:<[e-mail address]>, [e-mail address]'");
  });

  it("leaves an answer without an address as it was", () => {
    for (const text of ["connect ECONNREFUSED 127.0.0.1:25", "451 4.7.500 Server busy, please try again later", "the mail server refused the recipient's address", ""]) {
      expect(withoutEmailAddresses(text)).toBe(text);
    }
  });
});
