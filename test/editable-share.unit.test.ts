// The counting rule and the marking of `npm run bench editable-share`: if
// either silently found nothing, the share it reports would mean nothing.
import fs from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyBlocks, collectVisibleBlocks, OPEN_MENUS_CSS, type VisibleBlock } from "../bench/lib/visible-blocks.mjs";
import { createMarker, markValue } from "../bench/lib/mark-editable.mjs";
import { pageDocumentSchema } from "#app/features/pages/page-document";
import { headerMenuSchema } from "#app/features/navigation/menu-schema";

const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find((p) => p && fs.existsSync(p));

const PAGE = `<!doctype html><html><head><style>
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .site-menu li > ul { visibility: hidden; opacity: 0; transition: opacity 0.15s; }
  .gone { display: none; }
</style></head><body>
  <a class="sr-only" href="#main">Skip to content</a>
  <header>
    <a href="/">Charity <span>name</span></a>
    <nav class="site-menu"><ul><li><a href="/about">About</a><ul><li><a href="/about/mission">Our Mission</a></li></ul></li></ul></nav>
  </header>
  <main id="main">
    <h1>Welcome <em>home</em></h1>
    <p>Read our <a href="/about">story</a> today.</p>
    <ul><li><a href="/join-us">Join us</a></li><li>Plain item</li></ul>
    <img src="/a.jpg" alt="Young people cycling" width="40" height="40">
    <img src="/b.jpg" alt="" width="40" height="40">
    <figure style="position:relative;width:80px;height:80px;margin:0"><span aria-hidden="true" style="position:absolute;inset:0">Loading...</span><img src="/c.jpg" alt="A covered placeholder" style="position:relative;display:block;width:100%;height:100%"></figure>
    <div><span aria-hidden="true">500+</span><span class="sr-only">500+ children</span></div>
    <div aria-hidden="true" style="position:absolute;left:-10000px"><label>Leave this empty</label></div>
    <p hidden>Not shown</p>
    <p class="gone">Also not shown</p>
    <script>var words = "never a block";</script>
    <svg><text>Drawing</text></svg>
    <label for="e">Email address</label><input id="e" value="typed">
    <header><h2>A header inside main</h2></header>
  </main>
  <footer><p>© 2026 Charity</p></footer>
</body></html>`;

describe("the visible blocks of a page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function blocksOf(html: string): Promise<VisibleBlock[]> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.setContent(html);
    await page.evaluate((css) => document.head.append(Object.assign(document.createElement("style"), { textContent: css })), OPEN_MENUS_CSS);
    const blocks = await page.evaluate(collectVisibleBlocks);
    await context.close();
    return blocks;
  }

  it("counts each visible leaf of text or picture once, in the region that holds it", async () => {
    const blocks = await blocksOf(PAGE);
    expect(blocks.map((b) => [b.region, b.tag, b.tag === "img" ? b.alt : b.text])).toEqual([
      ["header", "a", "Charity name"],
      ["header", "a", "About"],
      // The drop-down list, opened as hovering opens it.
      ["header", "a", "Our Mission"],
      ["main", "h1", "Welcome home"],
      ["main", "p", "Read our today."],
      ["main", "a", "story"],
      ["main", "a", "Join us"],
      ["main", "li", "Plain item"],
      ["main", "img", "Young people cycling"],
      ["main", "img", "A covered placeholder"],
      // Hidden from screen readers (which read the sr-only words) but seen.
      ["main", "div", "500+"],
      ["main", "label", "Email address"],
      ["main", "h2", "A header inside main"],
      ["footer", "p", "© 2026 Charity"],
    ]);
    expect(blocks.find((b) => b.tag === "img")?.src).toBe("/a.jpg");
  });

  it("leaves out the header's drop-down list without the opening style, as a page without hover would", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.setContent(PAGE);
    const blocks = await page.evaluate(collectVisibleBlocks);
    await context.close();
    expect(blocks.map((b) => b.text)).not.toContain("Our Mission");
    expect(blocks.map((b) => b.text)).toContain("About");
  });
});

describe("sorting blocks into editable and code", () => {
  const block = (shape: string, text: string, extra: Partial<VisibleBlock> = {}): VisibleBlock => ({ region: "main", shape, tag: shape.split(">").pop() ?? "", text, alt: "", src: "", ...extra });

  it("calls a block code when it reads the same after marking, editable when its words, alt or picture changed", () => {
    const seed = [block("main>h1", "Welcome"), block("main>p", "Fixed words"), block("main>img", "", { alt: "Cyclists", src: "/a.jpg" }), block("main>p", "Body text")];
    const marked = [block("main>h1", "ZQ1"), block("main>p", "Fixed words"), block("main>img", "", { alt: "Cyclists", src: "/images/ZQ2.jpg" }), block("main>p", "ZR3")];
    expect(classifyBlocks(seed, marked).map((b) => b.kind)).toEqual(["editable", "code", "editable", "rich"]);
  });

  it("pairs blocks by their place, so a block the marked page gains or loses moves nothing else", () => {
    const seed = [block("main>p", "Coming soon"), block("main>h2", "Contact"), block("main>a", "Email us")];
    const marked = [block("main>h2", "Contact"), block("main>ul>li>a", "ZQ1"), block("main>a", "Email us")];
    expect(classifyBlocks(seed, marked).map((b) => b.kind)).toEqual(["gone", "code", "code"]);
  });
});

describe("marking what staff can change", () => {
  const document = pageDocumentSchema.parse({
    title: "Football",
    blocks: [
      { id: "hero", type: "hero", title: "Football", subtitle: "", buttons: [{ label: "Join", href: "/join-us" }], image: { src: "/images/football.svg", alt: "A football" } },
      {
        id: "text",
        type: "text",
        title: "About",
        body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "We play", marks: [{ type: "link", attrs: { href: "/about" } }] }] }] },
      },
      { id: "figures", type: "figures", figures: [{ value: 250, suffix: "+", label: "Players", tone: "primary" }] },
    ],
  });

  it("replaces every text field the schema holds, and keeps ids, links and the page valid", () => {
    const marked = markValue(pageDocumentSchema, document, createMarker());
    const [hero, text, figures] = marked.blocks as [Extract<(typeof marked.blocks)[number], { type: "hero" }>, Extract<(typeof marked.blocks)[number], { type: "text" }>, Extract<(typeof marked.blocks)[number], { type: "figures" }>];
    expect(marked.title).toMatch(/^ZQ\d+$/);
    expect(hero.id).toBe("hero");
    expect(hero.title).toMatch(/^ZQ\d+$/);
    // An empty field is marked too: filling it in is a change staff can make (a form's empty consent shows the standard words).
    expect(hero.subtitle).toMatch(/^ZQ\d+$/);
    expect(hero.buttons[0]).toEqual({ label: expect.stringMatching(/^ZQ\d+$/), href: "/join-us" });
    expect(hero.image?.src).toMatch(/^\/images\/ZQ\d+\.jpg$/);
    expect(hero.image?.alt).toMatch(/^ZQ\d+$/);
    expect(text.title).toMatch(/^ZQ\d+$/);
    const words = text.body.content[0];
    expect(words.type === "paragraph" && words.content?.[0]).toEqual({ type: "text", text: expect.stringMatching(/^ZR\d+$/), marks: [{ type: "link", attrs: { href: "/about" } }] });
    expect(figures.figures[0]).toEqual({ value: 257, suffix: expect.stringMatching(/^ZQ\d+$/), label: expect.stringMatching(/^ZQ\d+$/), tone: "primary" });
    expect(pageDocumentSchema.safeParse(marked).success).toBe(true);
  });

  it("marks menu labels but not the pages they lead to", () => {
    const menu = [{ id: "header-0", label: "About", pageId: "about", children: [{ id: "header-0-0", label: "Our Mission", pageId: "mission" }] }];
    const marked = markValue(headerMenuSchema, menu, createMarker());
    expect(marked).toEqual([{ id: "header-0", label: expect.stringMatching(/^ZQ\d+$/), pageId: "about", children: [{ id: "header-0-0", label: expect.stringMatching(/^ZQ\d+$/), pageId: "mission" }] }]);
  });
});
