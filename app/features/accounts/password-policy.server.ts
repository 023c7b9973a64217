import commonPasswordList from "./common-passwords.txt?raw";

/**
 * Password rules after NIST SP 800-63B and OWASP ASVS 5 (V6): length is
 * what counts, so no composition rules; any characters (spaces, emoji) are
 * allowed and pasting works; a password anyone would guess is refused.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

const common = new Set(
  commonPasswordList
    .split("\n")
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith("#")),
);

/** Length in characters as a person counts them (an emoji is one). */
function length(password: string): number {
  return [...password.normalize("NFC")].length;
}

/**
 * Returns why a password is not acceptable, or null when it is. `context`
 * holds words specific to this account and site that must not be the
 * password (e.g. the e-mail address).
 */
export function checkPassword(password: string, context: { email?: string } = {}): string | null {
  const size = length(password);
  if (size < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (size > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  const lowered = password.normalize("NFC").toLowerCase();
  if (common.has(lowered) || common.has(lowered.trim())) {
    return "This password is too common and easy to guess. Choose a longer or less predictable one.";
  }
  if (new Set(lowered).size <= 2) return "This password is too easy to guess: use more varied characters or a few words.";
  const email = context.email?.trim().toLowerCase();
  if (email) {
    const local = email.split("@")[0] ?? "";
    if (lowered === email || lowered.replace(/\d+$/, "") === local || lowered === local) {
      return "The password must not be your e-mail address.";
    }
  }
  return null;
}

export function isCommonPassword(password: string): boolean {
  return common.has(password.normalize("NFC").toLowerCase());
}
