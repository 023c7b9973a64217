import { describe, expect, it } from "vitest";
import { checkPassword, isCommonPassword, PASSWORD_MAX_LENGTH } from "./password-policy.server";

describe("password policy", () => {
  it("refuses passwords shorter than 12 characters", async () => {
    expect(await checkPassword("Tr0ub4dor&3")).toBe("Password must be at least 12 characters long.");
  });

  it("accepts a long passphrase with no digits, capitals or symbols", async () => {
    expect(await checkPassword("purple ferns under the canal")).toBeNull();
  });

  it("accepts up to the maximum length and counts emoji as one character each", async () => {
    expect(await checkPassword("canal ferns ".repeat(20).slice(0, PASSWORD_MAX_LENGTH))).toBeNull();
    expect(await checkPassword("canal ferns ".repeat(20).slice(0, PASSWORD_MAX_LENGTH + 1))).toMatch(/at most 128/);
    expect(await checkPassword("🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂")).toMatch(/at least 12/);
  });

  it("refuses common passwords whatever their case", async () => {
    expect(isCommonPassword("Password1234")).toBe(true);
    expect(await checkPassword("PASSWORD1234")).toMatch(/too common/);
    expect(await checkPassword("qwertyuiop123")).toMatch(/too common/);
    expect(await checkPassword("123456789012")).toMatch(/too common/);
  });

  it("refuses a password made of one or two repeated characters", async () => {
    expect(await checkPassword("abababababababab")).toMatch(/too easy/);
  });

  it("refuses the account's own e-mail address", async () => {
    expect(await checkPassword("coordinator@example.org", { email: "coordinator@example.org" })).toMatch(/e-mail/);
    expect(await checkPassword("coordinatorjones", { email: "coordinatorjones@example.org" })).toMatch(/e-mail/);
  });
});

describe("password strength, as the estimator judges it", () => {
  it("refuses patterns long enough for the length rule but quick to guess, saying why", async () => {
    const repeated = await checkPassword("abcabcabcabc");
    expect(repeated).toMatch(/^This password is too easy to guess\./);
    expect(repeated).toContain('Repeated character patterns like "abcabcabc" are easy to guess.');
    expect(await checkPassword("123412341234")).toContain('Repeated character patterns like "abcabcabc" are easy to guess.');
  });

  it("refuses a word, a year and symbols, which the estimator finds without a warning of its own", async () => {
    const seasonal = await checkPassword("Summer2026!!");
    expect(seasonal).toMatch(/^This password is too easy to guess\./);
    // Always a reason and a way forward, in words.
    expect(seasonal).toMatch(/words/);
  });

  it("refuses the site's own words and the person's address used as the password", async () => {
    const context = { email: "treasurer@example.org", siteWords: ["Halifax Community Development", "charity.example"] };
    expect(await checkPassword("Halifax Community", context)).toMatch(/too easy to guess\. It is built from the charity's name, the site's address or your e-mail address/);
    expect(await checkPassword("Halifax Community Development", context)).toMatch(/too easy to guess\. There should not be any personal or page related data\./);
    expect(await checkPassword("treasurer2026!!", context)).toMatch(/too easy to guess\. It is built from/);
    // The same words are fine for a site that is not called that.
    expect(await checkPassword("kingfisher halifax calder bridge", context)).toBeNull();
  });

  it("accepts the passphrases the site's own tests sign in with", async () => {
    for (const phrase of ["canal boats at dawn", "ledgers in the lamplight", "herons on the towpath", "lantern over the moor 42", "pennine drizzle at noon", "kingfisher over the calder"]) {
      expect(await checkPassword(phrase), phrase).toBeNull();
    }
  });

  it("judges a long password by its first 64 characters, quickly", async () => {
    // A weak start is not made strong by what follows it, and the estimator's cost stays bounded.
    expect(await checkPassword(`${"abc".repeat(22)}x7Qv!pL2#kR9zW`)).toMatch(/too easy to guess/);
    const started = performance.now();
    expect(await checkPassword("Zq8#vL2!pR9@kW4$mN7%tB3^xC6&yH1*".repeat(4))).toBeNull();
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
