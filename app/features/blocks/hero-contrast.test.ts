import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pageDocumentSchema } from "#app/features/pages/page-document";
import { heroBlockSchema } from "./block-schema";
import { canPublish, checkPageDocument } from "./page-checks";
import { HERO_LOOKS, THEME_COLOURS, contrastRatio, heroContrastProblems, heroLookPasses, relativeLuminance, worstContrast, type HeroLook, type HeroStyle } from "./hero-contrast";
import { HeroBlock } from "./site/hero";

const hero = (extra: Record<string, unknown> = {}) =>
  heroBlockSchema.parse({ id: "hero", type: "hero", title: "Bike Rides", subtitle: "Ride with us on Sundays", image: { src: "/media/ride.webp", alt: "Riders by the canal" }, ...extra });
const lum = (hex: string) => relativeLuminance([1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as unknown as [number, number, number]);

describe("WCAG contrast arithmetic", () => {
  it("gives the ratios WCAG's own examples give", () => {
    expect(contrastRatio(lum("#000000"), lum("#ffffff"))).toBeCloseTo(21, 5);
    expect(contrastRatio(lum("#ffffff"), lum("#ffffff"))).toBe(1);
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 just fails.
    expect(contrastRatio(lum("#767676"), lum("#ffffff"))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(lum("#777777"), lum("#ffffff"))).toBeLessThan(4.5);
  });

  it("takes an overlay over the picture's lightest and darkest values, and the worst between", () => {
    // White text over a black overlay at 60%: the worst place is a white patch of the picture, grey #666666 underneath.
    expect(worstContrast("#ffffff", { kind: "overlay", colour: "#000000", opacity: 0.6 }, "light")).toBeCloseTo(contrastRatio(1, lum("#666666")), 2);
    // Mid-grey text over a half-black overlay matches the backdrop somewhere in a picture that runs from black to white.
    expect(worstContrast("#404040", { kind: "overlay", colour: "#000000", opacity: 0.5 }, "light")).toBe(1);
    // A fully opaque overlay hides the picture: it is a band.
    expect(worstContrast("#ffffff", { kind: "overlay", colour: "#0f172a", opacity: 1 }, "dark")).toBeCloseTo(worstContrast("#ffffff", { kind: "band", colour: "#0f172a" }, "dark"), 5);
  });
});

describe("the hero looks as the site draws them", () => {
  it("uses the colours app/theme.css defines for each theme", () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, "../../theme.css"), "utf8");
    const block = (selector: string) => css.slice(css.indexOf(`${selector} {`), css.indexOf("}", css.indexOf(`${selector} {`)));
    for (const [theme, selectors] of [["light", [":root"]], ["dark", [".dark", ":root:not(.light)"]]] as const) {
      for (const selector of selectors) {
        for (const [token, hex] of Object.entries(THEME_COLOURS[theme])) {
          expect(block(selector), `${selector} --${token}`).toContain(`--${token}: ${hex};`);
        }
      }
    }
  });

  const PICTURE = 'alt="Riders by the canal"';
  /** The colour classes (text-*, bg-*) on each tag from the hero's first tag to its h1, and on its subtitle. */
  function drawn(style: HeroStyle) {
    const Stub = createRoutesStub([{ path: "/", Component: () => createElement(HeroBlock, { block: hero({ style }) }) }]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
    const colours = (tags: string) =>
      [...tags.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter((c) => /^(text|bg)-(?!(\d?xl|xs|sm|base|lg|center|left|right)$)/.test(c));
    const h1 = html.indexOf("<h1");
    const bandEnd = html.indexOf(style === "home" ? "</section>" : "</header>");
    const subtitle = /<p class="([^"]*)">Ride with us on Sundays<\/p>/.exec(html);
    return { aboveTitle: colours(html.slice(0, html.indexOf(">", h1) + 1)), subtitle: colours(`class="${subtitle?.[1] ?? ""}"`), pictureAfterBand: !html.includes(PICTURE) || html.indexOf(PICTURE) > bandEnd };
  }

  it.each(Object.keys(HERO_LOOKS) as HeroStyle[])("the %s look is described as hero.tsx draws it", (style) => {
    const look = HERO_LOOKS[style];
    const { aboveTitle, subtitle, pictureAfterBand } = drawn(style);
    expect(look.backdrop.kind).toBe("band");
    // The band's colour is the only one set between the page and the title, which therefore keeps the page's own text colour.
    expect(aboveTitle).toEqual([`bg-${look.backdrop.colour}`]);
    expect(look.title).toBe("foreground");
    expect(subtitle).toEqual([`text-${look.subtitle}`]);
    // The picture comes after the band, so no text lies over it.
    expect(pictureAfterBand).toBe(true);
  });

  it("keeps every look's title and subtitle readable in both themes, so no page today is refused for it", () => {
    for (const look of Object.values(HERO_LOOKS)) expect(heroLookPasses(look)).toBe(true);
    for (const style of Object.keys(HERO_LOOKS)) expect(heroContrastProblems(hero({ style }))).toEqual([]);
    // The closest call: the grey subtitle on the light band, still above 4.5:1.
    expect(worstContrast("muted-foreground", { kind: "band", colour: "muted" }, "light")).toBeGreaterThan(6.9);
  });
});

describe("publishing a hero whose text would sit on its picture", () => {
  /** A look as a future design might add: white text straight over the picture under a black overlay. */
  const overlay = (opacity: number, text: HeroLook["title"] = "#ffffff"): Record<HeroStyle, HeroLook> => ({
    ...HERO_LOOKS,
    banner: { label: "Text over the picture", backdrop: { kind: "overlay", colour: "#000000", opacity }, title: text, subtitle: text },
  });
  const page = (extra: Record<string, unknown> = {}) => pageDocumentSchema.parse({ title: "Bike Rides", blocks: [hero(extra)] });

  it("refuses a light overlay under white text, naming the block and the look to choose", () => {
    const findings = checkPageDocument(page(), { heroLooks: overlay(0.3) });
    expect(canPublish(findings)).toBe(false);
    expect(findings.map((f) => [f.blockId, f.level])).toEqual([
      ["hero", "error"],
      ["hero", "error"],
      ["hero", "error"],
      ["hero", "error"],
    ]);
    expect(findings[0]!.message).toBe(
      'Block 1 (Hero): the hero\'s title over its picture can have a contrast as low as 2.1:1 in the light theme, below the 3:1 large text needs to be read by people with low vision: choose the "Logo over large centred title (as the home page)" look.',
    );
    expect(findings[1]!.message).toContain("the hero's subtitle over its picture can have a contrast as low as 2.1:1 in the light theme, below the 4.5:1");
  });

  it("passes the same look once the overlay is dark enough for both sizes of text", () => {
    expect(checkPageDocument(page(), { heroLooks: overlay(0.6) })).toEqual([]);
    // Between the two: dark enough for the large title (3:1), not for the subtitle (4.5:1).
    const between = checkPageDocument(page(), { heroLooks: overlay(0.45) });
    expect(between.map((f) => f.message.match(/hero's (\w+)/)?.[1])).toEqual(["subtitle", "subtitle"]);
    // Without a subtitle only the title is judged.
    expect(checkPageDocument(page({ subtitle: "" }), { heroLooks: overlay(0.45) })).toEqual([]);
  });

  it("refuses light grey text even under a dark overlay, and ignores a hidden hero", () => {
    const findings = checkPageDocument(page(), { heroLooks: overlay(0.6, "#a8b5c7") });
    expect(findings.some((f) => f.level === "error" && f.message.includes("subtitle"))).toBe(true);
    expect(checkPageDocument(page({ hidden: true }), { heroLooks: overlay(0.3) }).filter((f) => f.level === "error")).toEqual([]);
  });
});
