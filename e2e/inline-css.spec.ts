import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { readBuild } from "../bench/lib/bundle.mjs";
import { enhanced, expectAccessible, useTheme as chooseTheme } from "./helpers";

/**
 * Each public page carries its stylesheet inline, trimmed to the rules its
 * markup and scripts can use (app/platform/render/css-prune.server.ts). If
 * the trimming ever took out a rule a page needs, something on the page
 * would be styled differently: here every element of every page in the
 * sitemap (and its ::before and ::after) is compared, every computed
 * property, with the trimmed stylesheet and with the whole built one in its
 * place, at phone and desktop width, in both themes, once the enhancement
 * script has run (it sets classes of its own). Both readings happen in one
 * synchronous step, so nothing moves in between.
 */
const buildDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build");
const { clientDir, publicCssUrl } = readBuild(buildDir);
const fullCss = fs.readFileSync(path.join(clientDir, publicCssUrl), "utf8");

test.use({ reducedMotion: "reduce" });

/**
 * Elements (with their pseudo-elements) whose computed style differs between
 * the trimmed and the whole stylesheet: as the page stands, and with each
 * link, button and field in turn focused as from the keyboard (focus rings,
 * menus that open on :focus-within), reading what focus changes (outline,
 * shadow, colours, display) of the focused element, its parent and the
 * parent's children.
 */
function differences(page: Page, focus: boolean): Promise<string[]> {
  return page.evaluate(
    ({ whole, focus }) => {
      const style = document.querySelector<HTMLStyleElement>("style[data-react-router-critical-css]");
      if (!style) return ["no inline stylesheet"];
      const elements = [document.documentElement, ...document.documentElement.querySelectorAll("*")];
      const focusable = [...document.querySelectorAll<HTMLElement>("a[href],button,input,select,textarea,summary,[tabindex]")];
      const serialize = (computed: CSSStyleDeclaration) => {
        let text = "";
        // Custom properties nobody reads are trimmed on purpose: what they would style is compared instead.
        for (let i = 0; i < computed.length; i++) if (!computed[i]!.startsWith("--")) text += `${computed[i]}:${computed.getPropertyValue(computed[i]!)};`;
        return text;
      };
      // A pseudo-element is read in full only where it exists (has content) or, for ::placeholder, can show.
      const readOne = (element: Element) => {
        let text = serialize(getComputedStyle(element));
        for (const pseudo of ["::before", "::after"]) {
          const computed = getComputedStyle(element, pseudo);
          const content = computed.getPropertyValue("content");
          text += `|${content === "none" || content === "normal" ? content : serialize(computed)}`;
        }
        if (element.localName === "input" || element.localName === "textarea") text += `|${serialize(getComputedStyle(element, "::placeholder"))}`;
        return text;
      };
      // What focus changes on this site: rings, outlines, colours, and menus shown or hidden.
      const FOCUS_PROPERTIES = ["outline-style", "outline-width", "outline-color", "outline-offset", "box-shadow", "color", "background-color", "border-color", "text-decoration-line", "display", "visibility", "opacity", "transform"];
      const readFocus = (element: Element) => {
        const computed = getComputedStyle(element);
        return FOCUS_PROPERTIES.map((name) => computed.getPropertyValue(name)).join(";");
      };
      const read = () => {
        const texts = elements.map(readOne);
        if (!focus) return texts;
        // Focus moves from one element to the next without a blur in between, so each keeps
        // :focus-visible as keyboard focus would (Chromium gives it to script focus that follows it).
        for (const element of focusable) {
          element.focus({ preventScroll: true });
          const parent = element.parentElement!;
          texts.push([element, parent, ...parent.children].map(readFocus).join("#"));
        }
        (document.activeElement as HTMLElement | null)?.blur();
        return texts;
      };
      const describe = (i: number) => {
        const element = i < elements.length ? elements[i]! : focusable[i - elements.length]!;
        const name = `<${element.localName}${element.id ? `#${element.id}` : ""} class="${element.getAttribute("class") ?? ""}">`;
        return i < elements.length ? name : `${name} when focused`;
      };
      const trimmed = style.textContent!;
      const before = read();
      style.textContent = whole;
      const after = read();
      style.textContent = trimmed;
      return before.flatMap((text, i) => (text === after[i] ? [] : [describe(i)])).slice(0, 5);
    },
    { whole: fullCss, focus },
  );
}

/**
 * Every page at a phone width in the light theme and at a desktop width in
 * the dark one (each media query and each theme met); a few pages whose
 * parts cover the rest in all four combinations.
 */
const SHAPES = [
  { width: 390, height: 844, theme: "light", every: true },
  { width: 1280, height: 800, theme: "dark", every: true },
  { width: 390, height: 844, theme: "dark", every: false },
  { width: 1280, height: 800, theme: "light", every: false },
] as const;
const SAMPLE = ["/", "/about/mission", "/contact", "/donate"];

test("every public page is styled the same by its trimmed stylesheet as by the whole one, at 390 and 1280 px in both themes", async ({ page, request, baseURL }) => {
  test.setTimeout(480_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(pages.length, "pages in the sitemap").toBeGreaterThan(20);
  const differ: string[] = [];
  for (const [index, shape] of SHAPES.entries()) {
    await page.setViewportSize({ width: shape.width, height: shape.height });
    await page.context().clearCookies();
    await chooseTheme(page, shape.theme, baseURL!);
    for (const pathname of shape.every ? [...pages, "/no-such-page"] : SAMPLE) {
      await page.goto(pathname);
      await enhanced(page);
      for (const element of await differences(page, shape.every)) differ.push(`${pathname} at ${shape.width}px, ${shape.theme}: ${element}`);
      // Each page is checked with axe once here (all of them in both themes in axe-check.spec.ts).
      if (index === 0) await expectAccessible(page, pathname);
    }
  }
  expect(differ, "elements styled differently by the trimmed stylesheet").toEqual([]);
});
