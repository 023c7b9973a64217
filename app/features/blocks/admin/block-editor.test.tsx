import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BlockEditor } from "./block-editor";
import type { DraftBlock } from "./block-list";

const blocks: DraftBlock[] = [
  { id: "hero", type: "hero", title: "Bike Rides", subtitle: "", image: null, buttons: [{ label: "Join Next Ride", href: "/contact" }] },
  { id: "figs", type: "figures", title: "", hidden: true, figures: [{ value: 600, suffix: "+", label: "Young people", tone: "primary" }] },
];

const render = (errors = {}, lockedFields = {}) =>
  renderToStaticMarkup(<BlockEditor name="blocks" blocks={blocks} onChange={() => {}} errors={errors} lockedFields={lockedFields} pages={[{ title: "Contact", path: "/contact" }]} videoPages={[]} />);

describe("the block editor as the server renders it", () => {
  it("lists every block by place and kind with its first words, and carries the list in one field", () => {
    const html = render();
    expect(html).toContain("Block 1: Hero<span class=\"font-normal text-muted-foreground\"> — Bike Rides</span>");
    expect(html).toContain("Block 2: Impact figures");
    expect(html).toContain(">Hidden<");
    expect(html).toContain('aria-label="Move Block 1: Hero down"');
    expect(html).toContain('aria-label="Show Block 2: Impact figures"');
    expect(html).toMatch(/aria-label="Move Block 1: Hero up"[^>]*disabled=""|disabled=""[^>]*aria-label="Move Block 1: Hero up"/);
    const hidden = /<input type="hidden" name="blocks" value="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"');
    expect(JSON.parse(hidden)).toEqual(blocks);
    expect(html).toContain('<option value="/contact">Contact</option>');
  });

  it("opens a block with a refused field and shows its message beside the field", () => {
    const html = render({ "0.buttons.0.href": "Button link must be a page of this site (starting with /), a #section, or a full https:// address" });
    expect(html).toContain("Needs attention");
    expect(html).toContain("Button link must be a page of this site");
    expect(html).toMatch(/<label[^>]*>Hero Title<\/label>/);
    expect(html).toContain('value="Join Next Ride"');
  });

  it("points to the tab that edits a field owned elsewhere instead of offering a second box for it", () => {
    const html = render({ "0.buttons.0.label": "Button label is required" }, { hero: { title: "Content", subtitle: "Content" } });
    expect(html).toContain('<span class="font-semibold text-foreground">Hero Title</span> is edited in the Content tab.');
    expect(html).not.toMatch(/<label[^>]*>Hero Title<\/label>/);
    expect(html).toMatch(/<label[^>]*>Button label<\/label>/);
  });
});
