/**
 * Whether a hero's title and subtitle can be read against what lies under
 * them, by WCAG 2 AA: 4.5:1 for normal text, 3:1 for large text (the hero
 * title is 36–60 px bold; the subtitle is 20 px regular, so normal text).
 *
 * What the renderer (site/hero.tsx) draws for each look is described here,
 * in the theme's colours (app/theme.css), and a unit test holds the two to
 * each other, so a new look or a changed colour is checked as it is drawn.
 * Today's two looks put the text on a solid band (`bg-muted`) with the
 * picture below it, so they pass in both themes whatever the picture.
 *
 * A look may instead lay a tinted overlay of known opacity over the picture
 * and the text over both. The picture is then taken at its realistic
 * extremes, white (sky, a lit wall) and black: browsers composite in sRGB,
 * so the backdrop's luminance runs between the overlay over black and the
 * overlay over white, and the text must pass against every value between.
 * Limits: this is the worst case, not the picture staff chose — a light
 * overlay over a dark photo that reads well is still refused — and it
 * cannot judge text straight on a picture with no overlay; that would need
 * the picture's measured luminance under the text (sharp's statistics of
 * that region) at publish time, and the look type has no such kind, so
 * adding one means extending this check first.
 */
import type { BlockOf } from "#app/features/blocks/block-schema";

export type HeroStyle = BlockOf<"hero">["style"];
export type Theme = "light" | "dark";

/** The theme colours a hero uses, as app/theme.css defines them for each theme. */
export const THEME_COLOURS = {
  light: { background: "#ffffff", foreground: "#0f172a", muted: "#f1f5f9", "muted-foreground": "#475569" },
  dark: { background: "#0b1120", foreground: "#e2e8f0", muted: "#1e293b", "muted-foreground": "#a8b5c7" },
} as const satisfies Record<Theme, Record<string, string>>;

export type ThemeToken = keyof (typeof THEME_COLOURS)["light"];
/** A theme colour by name, or a fixed colour (white text, a black overlay) as #rrggbb. */
export type Colour = ThemeToken | `#${string}`;

export interface HeroLook {
  /** What the look is called in the editor's Look list. */
  label: string;
  /** What lies directly under the title and subtitle. */
  backdrop: { kind: "band"; colour: Colour } | { kind: "overlay"; colour: Colour; opacity: number };
  title: Colour;
  subtitle: Colour;
}

/** Each hero look as site/hero.tsx draws it. */
export const HERO_LOOKS: Record<HeroStyle, HeroLook> = {
  banner: { label: "Title band", backdrop: { kind: "band", colour: "muted" }, title: "foreground", subtitle: "muted-foreground" },
  home: { label: "Logo over large centred title (as the home page)", backdrop: { kind: "band", colour: "muted" }, title: "foreground", subtitle: "muted-foreground" },
};

export const LARGE_TEXT_RATIO = 3;
export const NORMAL_TEXT_RATIO = 4.5;

type Rgb = readonly [number, number, number];

function rgb(colour: Colour, theme: Theme): Rgb {
  const hex = colour.startsWith("#") ? colour : THEME_COLOURS[theme][colour as ThemeToken];
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(match[1]!, 16) / 255, parseInt(match[2]!, 16) / 255, parseInt(match[3]!, 16) / 255];
}

/** WCAG 2's relative luminance of an sRGB colour (channels 0–1). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2's contrast ratio of two luminances, 1 to 21. */
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** A colour laid at this opacity over another, as the browser blends them (in sRGB). */
function over(top: Rgb, opacity: number, under: Rgb): Rgb {
  return [0, 1, 2].map((i) => opacity * top[i]! + (1 - opacity) * under[i]!) as unknown as Rgb;
}

const WHITE: Rgb = [1, 1, 1];
const BLACK: Rgb = [0, 0, 0];

/** The lowest contrast a text colour can have against the look's backdrop in this theme. */
export function worstContrast(text: Colour, backdrop: HeroLook["backdrop"], theme: Theme): number {
  const ink = relativeLuminance(rgb(text, theme));
  if (backdrop.kind === "band") return contrastRatio(ink, relativeLuminance(rgb(backdrop.colour, theme)));
  const tint = rgb(backdrop.colour, theme);
  const darkest = relativeLuminance(over(tint, backdrop.opacity, BLACK));
  const lightest = relativeLuminance(over(tint, backdrop.opacity, WHITE));
  // Somewhere in the picture the backdrop may match the text exactly.
  if (ink >= darkest && ink <= lightest) return 1;
  return Math.min(contrastRatio(ink, darkest), contrastRatio(ink, lightest));
}

const rounded = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;

/**
 * What makes a hero's text hard to read, as sentences for the publish
 * refusal (the caller names the block), each saying what to do; empty when
 * it passes in both themes.
 */
export function heroContrastProblems(block: BlockOf<"hero">, looks: Record<HeroStyle, HeroLook> = HERO_LOOKS): string[] {
  const look = looks[block.style];
  const readable = Object.values(looks).filter((candidate) => heroLookPasses(candidate, block.subtitle !== ""));
  const fix = readable.length ? `choose the "${readable[0]!.label}" look` : "choose another look";
  const where = look.backdrop.kind === "overlay" ? (block.image ? "over its picture" : "over the overlay") : "on its band";
  const problems: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    const texts = [
      { what: "title", colour: look.title, needs: LARGE_TEXT_RATIO, kind: "large text" },
      ...(block.subtitle ? [{ what: "subtitle", colour: look.subtitle, needs: NORMAL_TEXT_RATIO, kind: "text of that size" }] : []),
    ];
    for (const text of texts) {
      const ratio = worstContrast(text.colour, look.backdrop, theme);
      if (ratio < text.needs) {
        problems.push(
          `the hero's ${text.what} ${where} can have a contrast as low as ${rounded(ratio)} in the ${theme} theme, below the ${text.needs}:1 ${text.kind} needs to be read by people with low vision: ${fix}`,
        );
      }
    }
  }
  return problems;
}

/** Whether a look keeps its title (and subtitle, when there is one) readable in both themes. */
export function heroLookPasses(look: HeroLook, withSubtitle = true): boolean {
  return (["light", "dark"] as const).every(
    (theme) =>
      worstContrast(look.title, look.backdrop, theme) >= LARGE_TEXT_RATIO &&
      (!withSubtitle || worstContrast(look.subtitle, look.backdrop, theme) >= NORMAL_TEXT_RATIO),
  );
}
