import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

/** Where a browser would go when sent `location` from this site. */
const browserTarget = (location: string) => new URL(location, "https://charity.example/login").href;

describe("safeRedirect: where signing in may send an admin", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeRedirect("/admin/media?page=2")).toBe("/admin/media?page=2");
    expect(safeRedirect("/admin?page=about#hero")).toBe("/admin?page=about#hero");
  });

  it("sends anything that could leave the site to the admin area instead", () => {
    const hostile = [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/ /evil.example",
      "\t//evil.example",
      "javascript:alert(1)",
      "admin",
      "",
    ];
    for (const target of hostile) {
      expect(safeRedirect(target), JSON.stringify(target)).toBe("/admin");
    }
    expect(safeRedirect(undefined)).toBe("/admin");
    expect(safeRedirect(["/admin/users"])).toBe("/admin");
  });

  it("checks the path as it will be written: dot segments cannot hide a second slash", () => {
    // "/.//evil.example" looks like a path, but once its "." is resolved it is "//evil.example".
    for (const target of ["/.//evil.example", "/./\\/evil.example", "/admin/../..//evil.example", "/%2e//evil.example", "/a/..//evil.example/x?y=1"]) {
      const answer = safeRedirect(target);
      expect(answer, JSON.stringify(target)).toBe("/admin");
    }
    // What it answers is already normal: reading it again as a URL changes nothing.
    expect(safeRedirect("/admin/./media/../users?tab=1#top")).toBe("/admin/users?tab=1#top");
    expect(safeRedirect("/news/%2e%2e/donate")).toBe("/donate");
  });

  it("never gives an address a browser would resolve to another site", () => {
    // Every one-character gap after the first slash, as a browser reads it.
    for (let code = 0; code < 128; code++) {
      const target = `/${String.fromCharCode(code)}/evil.example`;
      expect(new URL(browserTarget(safeRedirect(target))).host, JSON.stringify(target)).toBe("charity.example");
    }
  });
});
