import commonPasswordList from "./common-passwords.txt?raw";
// Types only: the estimator itself is imported when first needed (loadEstimator).
import type { ZxcvbnFactory, ZxcvbnResult } from "@zxcvbn-ts/core";

/**
 * Password rules after NIST SP 800-63B and OWASP ASVS 5 (V6): length is
 * what counts, so no composition rules; any characters (spaces, emoji) are
 * allowed and pasting works; a password anyone would guess is refused.
 *
 * Beyond the fixed rules, a maintained strength estimator (zxcvbn-ts, with
 * its common and English dictionaries) judges how many guesses a password
 * would take, knowing the site's own words and the person's address. The
 * length rule alone let through "abcabcabcabc" and "Summer2026!!", which
 * are among the first things a cracker tries.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The estimator's score (0 to 4) a password must reach: 4, "very hard to
 * guess", about ten billion guesses or more. The usual bar is 3, but the
 * estimator gives "Summer2026!!" a 3 (a season, this year and two
 * exclamation marks), and an admin account opens children's records. A
 * passphrase of three or four ordinary words reaches 4 easily.
 */
export const PASSWORD_MIN_SCORE = 4;

/**
 * The estimator reads this much of a password. Its cost grows quickly with
 * length (a random 128 characters took seconds), and a start this long that
 * is hard to guess makes the whole hard to guess; a weak start is judged
 * weak whatever follows it.
 */
const ESTIMATED_LENGTH = 64;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator, loaded on the first password that reaches it: its
 * dictionaries are several megabytes and take a few hundred milliseconds to
 * load and index, which neither the start of the server nor any public page
 * should pay for. Only this server module imports it, so it never reaches a
 * browser bundle.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  const loading = (estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      maxLength: ESTIMATED_LENGTH,
      // Trying every look-alike swap ("p@$$w0rd") in a long string of symbols took over a second;
      // a password needing more than ten swaps to become a word is not guessed that way.
      l33tMaxSubstitutions: 10,
    });
  })());
  // A failed load is tried again next time rather than remembered.
  loading.catch(() => {
    estimator = undefined;
  });
  return loading;
}

/** When the estimator refuses a password but has nothing specific to say (it found a word, a year and symbols). */
const GENERIC_ADVICE =
  "Words, names, years and symbols in a familiar order are among the first things tried. Three or four ordinary words that do not usually go together make a strong passphrase.";

const OWN_WORDS = "It is built from the charity's name, the site's address or your e-mail address, which anyone can find. Add other words that have nothing to do with them.";

/**
 * Why the estimator refused a password, in words. It explains only its
 * weakest scores, so for the others the site says what it can: that the
 * site's or the person's own words were found, or the general advice.
 */
function whyWeak(estimate: ZxcvbnResult): string {
  const said = [estimate.feedback.warning, ...estimate.feedback.suggestions].filter((line): line is string => Boolean(line?.trim()));
  if (said.length > 0) return said.join(" ");
  // A piece guessed from the words passed in (guessableWords) is named "userInputs".
  return estimate.sequence.some((piece) => "dictionaryName" in piece && piece.dictionaryName === "userInputs") ? OWN_WORDS : GENERIC_ADVICE;
}

/** The words the estimator should treat as guessable for this account: its address and its parts, and the site's own words and theirs. */
function guessableWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  for (const phrase of [context.email, ...(context.siteWords ?? [])]) {
    const clean = phrase?.trim().toLowerCase();
    if (!clean) continue;
    words.add(clean);
    for (const part of clean.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

export interface PasswordContext {
  /** The account's address, which must not be (or make up) the password. */
  email?: string;
  /** The site's own words: the charity's name, the site's host. */
  siteWords?: string[];
}

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
 * password (the e-mail address, the charity's name).
 */
export async function checkPassword(password: string, context: PasswordContext = {}): Promise<string | null> {
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
  const estimate = (await loadEstimator()).check(password.normalize("NFC"), guessableWords(context));
  if (estimate.score < PASSWORD_MIN_SCORE) return `This password is too easy to guess. ${whyWeak(estimate)}`;
  return null;
}

export function isCommonPassword(password: string): boolean {
  return common.has(password.normalize("NFC").toLowerCase());
}
