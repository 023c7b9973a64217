import { describe, expect, it } from "vitest";
import { parseCss, pruneCss, selectorCanMatch } from "./css-prune.server";

const prune = (css: string, classes: string[], customProperties: string[] = []) =>
  pruneCss(parseCss(css), { classes: new Set(classes), customProperties });

describe("trimming a stylesheet to one page", () => {
  it("keeps rules for classes the page has and drops those for classes it never has", () => {
    expect(prune(".a{color:red}.b{color:blue}p{margin:0}", ["a"])).toBe(".a{color:red}p{margin:0}");
  });

  it("needs every class of a compound or descendant selector", () => {
    expect(prune(".a .b{color:red}.a.c{color:blue}.a>.b{top:0}", ["a", "b"])).toBe(".a .b{color:red}.a>.b{top:0}");
  });

  it("keeps only the selectors of a list that can match, and the rule if any can", () => {
    expect(prune(".a,.b,p{color:red}.c,.d{top:0}", ["b"])).toBe(".b,p{color:red}");
  });

  it("reads Tailwind's escaped class names as the class names they are", () => {
    const css = ".hover\\:bg-x:hover{color:red}.w-1\\/2{width:50%}.\\[\\&_svg\\]\\:size-4 svg{width:1rem}.\\31 0{top:0}";
    expect(prune(css, ["hover:bg-x", "w-1/2", "[&_svg]:size-4", "10"])).toBe(css);
    expect(prune(css, [])).toBe("");
  });

  it("never needs a class named inside :not() or an attribute selector", () => {
    expect(prune(":root:not(.light){color:red}[class~=x] .y{top:0}a[href$=\".pdf\"]{top:1px}", ["y"])).toBe(
      ':root:not(.light){color:red}[class~=x] .y{top:0}a[href$=".pdf"]{top:1px}',
    );
  });

  it("needs one alternative of :is() and :where(), not all", () => {
    expect(selectorCanMatch(":is(.a,.b) span", new Set(["b"]))).toBe(true);
    expect(selectorCanMatch(":where(.a,.b):hover", new Set(["c"]))).toBe(false);
    expect(selectorCanMatch(":is(:where(.group):hover .group-hover\\:x)", new Set(["group"]))).toBe(false);
    expect(selectorCanMatch(":is(:where(.group):hover .group-hover\\:x)", new Set(["group", "group-hover:x"]))).toBe(true);
  });

  it("prunes inside @media, @supports and @layer, and drops the ones left empty", () => {
    const css = "@layer utilities{.a{top:0}@media (width>=40rem){.sm\\:b{top:1px}}}@layer theme;@supports (x:y){.c{top:2px}}";
    expect(prune(css, ["a"])).toBe("@layer utilities{.a{top:0}}@layer theme;");
    expect(prune(css, ["sm:b", "c"])).toBe("@layer utilities{@media (width>=40rem){.sm\\:b{top:1px}}}@layer theme;@supports (x:y){.c{top:2px}}");
  });

  it("drops custom properties, their @property and their fallback nobody reads, following chains", () => {
    const css =
      "@property --tw-shadow{syntax:\"*\";inherits:false;initial-value:0 0 #0000}@property --tw-ring{syntax:\"*\";inherits:false}" +
      "*,:before{--tw-shadow:0 0 #0000;--tw-ring:0 0 #0000}" +
      ".shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}.ring{--tw-ring:0 0 0 1px blue;box-shadow:var(--tw-ring)}" +
      ":root{--a:var(--b);--b:red;--c:var(--d);--d:blue}.x{color:var(--a)}";
    expect(prune(css, ["shadow", "x"])).toBe(
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}*,:before{--tw-shadow:0 0 #0000}.shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}:root{--a:var(--b);--b:red}.x{color:var(--a)}',
    );
  });

  it("keeps a custom property the page itself reads or sets in its markup", () => {
    expect(prune(":root{--brand:red;--other:blue}", [], ["--brand"])).toBe(":root{--brand:red}");
  });

  it("keeps a custom property named in a transition, and keyframes only while an animation names them", () => {
    const css = "@keyframes pulse{50%{opacity:.5}}@keyframes spin{to{rotate:1turn}}.pulse{animation:pulse 2s infinite}.t{transition-property:--x}:root{--x:1}";
    expect(prune(css, ["pulse", "t"])).toBe(css.replace("@keyframes spin{to{rotate:1turn}}", ""));
    expect(prune(css, ["t"])).toBe(".t{transition-property:--x}:root{--x:1}");
  });

  it("keeps what it does not understand, and survives braces and semicolons in strings and comments", () => {
    const css = '/* a { comment } */.q:before{content:"{;}"}@font-face{font-family:X}.nest{color:red;&:hover{color:blue}}';
    expect(prune(css, ["q"])).toBe('.q:before{content:"{;}"}@font-face{font-family:X}.nest{color:red;&:hover{color:blue}}');
  });
});
