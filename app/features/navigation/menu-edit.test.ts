import { describe, expect, it } from "vitest";
import { addItem, applyMenuOp, editItemsFromForm, flattenForForm, toSubmission, type EditItem } from "./menu-edit";
import { headerMenuSchema } from "./menu-schema";

const link = (id: string, children: EditItem[] = []): EditItem => ({ id, label: id.toUpperCase(), kind: "page", pageId: id, href: "", children });
const ids = (items: readonly EditItem[]): string => items.map((item): string => (item.children.length ? `${item.id}(${ids(item.children)})` : item.id)).join(" ");

describe("the navigation editor's changes", () => {
  const menu = [link("home"), link("about", [link("mission"), link("funders")]), link("news"), link("contact")];

  it("moves an item with its sub-items, and a sub-item within its parent", () => {
    expect(ids(applyMenuOp(menu, "down", "about", "header"))).toBe("home news about(mission funders) contact");
    expect(ids(applyMenuOp(menu, "up", "funders", "header"))).toBe("home about(funders mission) news contact");
    // At an end nothing changes (the same array: the button is disabled).
    expect(applyMenuOp(menu, "up", "home", "header")).toBe(menu);
    expect(applyMenuOp(menu, "down", "funders", "header")).toBe(menu);
  });

  it("nests a header item under the one above, and moves a sub-item out after its parent", () => {
    expect(ids(applyMenuOp(menu, "nest", "news", "header"))).toBe("home about(mission funders news) contact");
    expect(ids(applyMenuOp(menu, "unnest", "mission", "header"))).toBe("home about(funders) mission news contact");
    // The footer has one level; an item with sub-items cannot go a level down (that would make three).
    expect(applyMenuOp(menu, "nest", "news", "footer")).toBe(menu);
    expect(applyMenuOp(menu, "nest", "about", "header")).toBe(menu);
  });

  it("removes an item (with its sub-items) and adds one at the end or under a parent", () => {
    expect(ids(applyMenuOp(menu, "remove", "about", "header"))).toBe("home news contact");
    expect(ids(addItem(menu, link("faqs"), "contact"))).toBe("home about(mission funders) news contact(faqs)");
    expect(ids(addItem(menu, link("donate"), null))).toBe("home about(mission funders) news contact donate");
  });

  it("reads back from the form what it wrote, two levels whatever is posted", () => {
    const form = new FormData();
    for (const { item, depth } of flattenForForm(menu)) {
      form.append("id", item.id);
      form.append("depth", String(depth));
      form.append("label", item.label);
      form.append("target", item.kind === "address" ? "address" : `page:${item.pageId}`);
      form.append("href", item.href);
    }
    expect(editItemsFromForm(form)).toEqual(menu);
    // A first row posted as a sub-item has no parent: it stays at the top level.
    const odd = new FormData();
    for (const [key, value] of [["id", "a"], ["depth", "1"], ["label", "A"], ["target", "address"], ["href", "/a"]]) odd.append(key!, value!);
    expect(editItemsFromForm(odd)).toEqual([{ id: "a", label: "A", kind: "address", pageId: "", href: "/a", children: [] }]);
  });

  it("sends the chosen destination only", () => {
    const typed: EditItem = { id: "x", label: "X", kind: "address", pageId: "about", href: " https://example.org ", children: [] };
    expect(toSubmission([typed], "footer")).toEqual([{ id: "x", label: "X", href: "https://example.org" }]);
    expect(toSubmission([{ ...typed, kind: "page" }], "footer")).toEqual([{ id: "x", label: "X", pageId: "about" }]);
  });
});

describe("the menu's shape", () => {
  it("cannot hold a loop: items nest by value, and a sub-item cannot have sub-items of its own", () => {
    const third = [{ id: "a", label: "A", pageId: "about", children: [{ id: "b", label: "B", pageId: "mission", children: [{ id: "a", label: "A", pageId: "about" }] }] }];
    const parsed = headerMenuSchema.safeParse(third);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([[0, "children", 0]]);
    // Two levels pass.
    expect(headerMenuSchema.safeParse([{ id: "a", label: "A", pageId: "about", children: [{ id: "b", label: "B", pageId: "mission" }] }]).success).toBe(true);
  });
});
