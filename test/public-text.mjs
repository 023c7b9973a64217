// What a visitor reads on each public page of a running site: the visible
// text of <main> (whitespace collapsed, pictures by their alt text), the
// document title and the meta description. Used to record the built-in
// site's pages and to check that rebuilding them from blocks changed no word.

/** Pages with forms or records of their own, which the sitemap may not list. */
export const SPECIAL_PATHS = [
  "/",
  "/donate",
  "/join-us",
  "/volunteer",
  "/volunteer/vacancies",
  "/volunteer/apply",
  "/contact",
  "/contact/register-child",
  "/contact/faqs",
  "/news",
  "/newsletter",
];

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === "#") return String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const collapse = (text) => text.replace(/\s+/g, " ").trim();

/** The words of an HTML fragment as a reader meets them, in order. */
export function visibleText(html) {
  const text = html
    .replace(/<(script|style|template|svg)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<img\b[^>]*>/gi, (tag) => {
      const alt = /\balt="([^"]*)"/i.exec(tag)?.[1];
      return alt ? ` [image: ${alt}] ` : " ";
    })
    .replace(/<[^>]+>/g, " ");
  return collapse(decode(text));
}

/** The page's title, meta description and the text of its <main>. */
export function pageText(html) {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? "";
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "";
  const description = /<meta\s+name="description"\s+content="([^"]*)"/i.exec(html)?.[1] ?? "";
  return { title: collapse(decode(title)), description: collapse(decode(description)), main: visibleText(main) };
}

/** Every path the sitemap lists plus the special pages, sorted. */
export async function publicPaths(origin) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(decode(m[1])).pathname);
  return [...new Set([...listed, ...SPECIAL_PATHS])].sort();
}

/** Each public page's text, keyed by path. */
export async function capturePublicText(origin) {
  const result = {};
  for (const path of await publicPaths(origin)) {
    const response = await fetch(`${origin}${path}`, { redirect: "manual" });
    result[path] = { status: response.status, ...pageText(await response.text()) };
  }
  return result;
}
