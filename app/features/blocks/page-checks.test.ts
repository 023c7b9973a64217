import { describe, expect, it } from "vitest";
import { pageDocumentSchema, type PageDocument } from "#app/features/pages/page-document";
import { markdownToRichText } from "./rich-text";
import { canPublish, checkPageDocument, headingSkip, linkTextProblem } from "./page-checks";
import { compareDocuments, describeChanges } from "./page-compare";

const doc = (blocks: unknown[], extra: Record<string, unknown> = {}): PageDocument => pageDocumentSchema.parse({ title: "Bike Rides", blocks, ...extra });
const hero = { id: "hero", type: "hero", title: "Bike Rides", subtitle: "Ride with us", buttons: [{ label: "Join Next Ride", href: "/contact" }] };
const text = (md: string) => ({ id: "text", type: "text", title: "About the rides", body: markdownToRichText(md) });

describe("checks before publishing", () => {
  it("lets a page with a hero, described pictures and ordered headings go live", () => {
    const page = doc([hero, text("## Where\n\nFrom the [hub](/what-we-deliver/active-travel-hub).\n\n### When"), { id: "pic", type: "image", image: { src: "/media/bike.webp", alt: "Riders on the canal path" } }]);
    expect(checkPageDocument(page)).toEqual([]);
    expect(canPublish(checkPageDocument(page))).toBe(true);
  });

  it("stops a picture with no alt text unless it is decorative, naming the block", () => {
    const page = doc([hero, { id: "pic", type: "image", image: { src: "/media/bike.webp", alt: "" } }, { id: "deco", type: "image", image: { src: "/media/line.webp", alt: "", decorative: true } }]);
    const findings = checkPageDocument(page);
    expect(findings).toEqual([{ blockId: "pic", level: "error", message: "Block 2 (Image): its picture has no alt text. Describe it for people who cannot see it, or mark it decorative." }]);
    expect(canPublish(findings)).toBe(false);
  });

  it("stops a skipped heading level, and says which level to use", () => {
    expect(headingSkip(markdownToRichText("## A\n\ntext"))).toBeNull();
    const skipped = { ...text("## A"), body: { type: "doc", content: [...markdownToRichText("## A").content, { type: "heading", attrs: { level: 4 }, content: [{ type: "text", text: "C" }] }] } };
    const findings = checkPageDocument(doc([hero, skipped]));
    expect(findings[0]).toMatchObject({ blockId: "text", level: "error" });
    expect(findings[0]!.message).toBe("Block 2 (Text and pictures): a Heading 4 follows a Heading 2 with no Heading 3 between: change it to Heading 3.");
    expect(checkPageDocument(doc([hero, text("### Starts too deep")]))[0]!.message).toContain("a Heading 3 follows the block's title");
  });

  it("warns about link text that says nothing on its own, without stopping the publish", () => {
    expect(linkTextProblem("Click here")).toMatch(/does not say where it leads/);
    expect(linkTextProblem("read more…")).toMatch(/does not say where it leads/);
    expect(linkTextProblem("https://example.org/x")).toMatch(/bare address/);
    expect(linkTextProblem("www.halifax.gov.uk")).toMatch(/bare address/);
    expect(linkTextProblem("Volunteer vacancies")).toBeNull();
    const findings = checkPageDocument(doc([{ ...hero, buttons: [{ label: "Read more", href: "/about" }] }, text("See [here](/about) or [bad](javascript:alert(1))")]));
    expect(findings.map((f) => f.level)).toEqual(["warning", "warning", "warning"]);
    expect(canPublish(findings)).toBe(true);
  });

  it("ignores hidden blocks and warns when no hero gives the page its main heading", () => {
    const findings = checkPageDocument(doc([{ ...hero, hidden: true }, { id: "pic", type: "image", hidden: true, image: { src: "/x.webp", alt: "" } }]));
    expect(findings).toEqual([{ blockId: null, level: "warning", message: "The page has no hero, so it has no main heading: add a Hero block at the top." }]);
  });
});

describe("comparing two versions block by block", () => {
  it("names what was added, removed, changed and moved", () => {
    const before = doc([hero, text("Old words"), { id: "faq", type: "faq", entries: [{ id: "q1", topic: "Rides", question: "When?", answer: "Sundays" }] }]);
    const after = doc(
      [{ id: "faq", type: "faq", entries: [{ id: "q1", topic: "Rides", question: "When?", answer: "Saturdays" }] }, { ...hero, title: "Bike Rides for all" }, { id: "new", type: "buttons", buttons: [{ label: "Donate", href: "/donate" }] }],
      { seo: { description: "Rides around Halifax" } },
    );
    const changes = compareDocuments(before, after);
    expect(describeChanges(changes)).toEqual([
      "Page description changed",
      "Text and pictures (block 2): About the rides: removed",
      "Questions and answers (block 1): questions changed",
      "Questions and answers (block 1): moved from place 3 to 1",
      "Hero (block 2): Bike Rides for all: title changed",
      "Hero (block 2): Bike Rides for all: moved from place 1 to 2",
      "Buttons (block 3): added",
    ]);
  });

  it("says so when nothing differs", () => {
    const page = doc([hero]);
    expect(describeChanges(compareDocuments(page, page))).toEqual(["No differences"]);
  });
});
