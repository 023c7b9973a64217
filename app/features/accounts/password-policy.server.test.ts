import { describe, expect, it } from "vitest";
import { checkPassword, isCommonPassword, PASSWORD_MAX_LENGTH } from "./password-policy.server";

describe("password policy", () => {
  it("refuses passwords shorter than 12 characters", () => {
    expect(checkPassword("Tr0ub4dor&3")).toBe("Password must be at least 12 characters long.");
  });

  it("accepts a long passphrase with no digits, capitals or symbols", () => {
    expect(checkPassword("purple ferns under the canal")).toBeNull();
  });

  it("accepts up to the maximum length and counts emoji as one character each", () => {
    expect(checkPassword("canal ferns ".repeat(20).slice(0, PASSWORD_MAX_LENGTH))).toBeNull();
    expect(checkPassword("canal ferns ".repeat(20).slice(0, PASSWORD_MAX_LENGTH + 1))).toMatch(/at most 128/);
    expect(checkPassword("🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂")).toMatch(/at least 12/);
  });

  it("refuses common passwords whatever their case", () => {
    expect(isCommonPassword("Password1234")).toBe(true);
    expect(checkPassword("PASSWORD1234")).toMatch(/too common/);
    expect(checkPassword("qwertyuiop123")).toMatch(/too common/);
    expect(checkPassword("123456789012")).toMatch(/too common/);
  });

  it("refuses a password made of one or two repeated characters", () => {
    expect(checkPassword("abababababababab")).toMatch(/too easy/);
  });

  it("refuses the account's own e-mail address", () => {
    expect(checkPassword("coordinator@example.org", { email: "coordinator@example.org" })).toMatch(/e-mail/);
    expect(checkPassword("coordinatorjones", { email: "coordinatorjones@example.org" })).toMatch(/e-mail/);
  });
});
