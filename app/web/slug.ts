/**
 * URL-safe words of a title, at most `max` characters, cut at a word:
 * "Fun Day: Music & Food!" -> "fun-day-music-and-food". Accents are dropped
 * rather than the letters they sit on. Empty when the title has no letters or digits.
 */
export function slugWords(title: string, max: number): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}
