import { describe, expect, it } from "vitest";
import { trimInlineStylesheet } from "./inline-css.server";

const STYLE = (css: string) => `<style data-react-router-critical-css="">${css}</style>`;
const page = (css: string, body: string) => `<html><head>${STYLE(css)}</head><body>${body}</body></html>`;
const styleOf = (html: string) => /<style data-react-router-critical-css="">([\s\S]*?)<\/style>/.exec(html)![1]!;

describe("trimming a page's inline stylesheet to its markup", () => {
  it("keeps rules for every class of every element, a class list met again included, and drops the rest", () => {
    const css = ".a{color:red}.b{color:blue}.c{color:green}.d{color:black}.unused{color:pink}";
    const body = `<p class="a b">one</p><p class="a b">two</p><p class='c'>three</p><div id="x" class="a b  d">four</div>`;
    const kept = styleOf(trimInlineStylesheet(page(css, body)));
    for (const name of ["a", "b", "c", "d"]) expect(kept).toContain(`.${name}{`);
    expect(kept).not.toContain(".unused");
  });

  it("reads entities in a class attribute as the characters they stand for, and classes set in script strings", () => {
    const css = ".w\\&x{color:red}.on{color:blue}.never{color:green}";
    const body = `<i class="w&amp;x"></i><i class="w&amp;x"></i><script>el.classList.add("on")</script>`;
    const kept = styleOf(trimInlineStylesheet(page(css, body)));
    expect(kept).toContain(".w\\&x{");
    expect(kept).toContain(".on{");
    expect(kept).not.toContain(".never");
  });

  it("leaves a document without the inline stylesheet as it is, and the rest of the document unchanged", () => {
    expect(trimInlineStylesheet(`<html><body class="a"></body></html>`)).toBe(`<html><body class="a"></body></html>`);
    const body = `<p class="a">x</p>`;
    expect(trimInlineStylesheet(page(".a{color:red}.z{color:blue}", body))).toBe(page(".a{color:red}", body));
  });
});
