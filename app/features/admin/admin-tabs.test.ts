import { describe, expect, it } from "vitest";
import { ADMIN_TABS, activeArea } from "./admin-tabs";

describe("admin tabs", () => {
  it("lists the ten tabs of the spec in order, Pages first", () => {
    expect(ADMIN_TABS.map((t) => t.label)).toEqual([
      "Pages",
      "Content",
      "Media",
      "Reviews",
      "Newsletter",
      "YouTube",
      "Events",
      "Volunteers",
      "Serving Humanity",
      "Page Images",
    ]);
  });

  it("finds the active tab for nested URLs, and Pages only for /admin itself", () => {
    expect(activeArea("/admin")?.label).toBe("Pages");
    expect(activeArea("/admin/")?.label).toBe("Pages");
    expect(activeArea("/admin/media/123")?.label).toBe("Media");
    expect(activeArea("/admin/page-images")?.label).toBe("Page Images");
    expect(activeArea("/admin/audit")?.label).toBe("Audit log");
    expect(activeArea("/admin/unknown")).toBeUndefined();
  });
});
