import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy } from "./security-headers.server";

describe("security headers", () => {
  it("sends HSTS only when the site is served over https", () => {
    expect(baseSecurityHeaders(true)["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}/);
    expect(baseSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
  });

  it("allows scripts only by nonce and names the third parties pages need", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123" });
    const directives = Object.fromEntries(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'none'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["frame-src"]).toContain("https://www.youtube-nocookie.com");
  });

  it("allows a cached page's scripts by their hashes alone, without a shared nonce", () => {
    const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-abc='", "'sha256-def='"] });
    const scriptSrc = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'sha256-abc=' 'sha256-def='");
  });
});
