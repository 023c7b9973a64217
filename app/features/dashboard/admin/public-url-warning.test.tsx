import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PublicUrlWarning } from "./public-url-warning";

describe("the dashboard's PUBLIC_URL warning", () => {
  it("names the address links would point at and what to set", () => {
    const text = renderToStaticMarkup(<PublicUrlWarning address="http://localhost:3000" />).replace(/<[^>]+>/g, " ");
    expect(text).toContain("Links in e-mails will point at http://localhost:3000");
    expect(text).toContain("Set PUBLIC_URL to the site’s public address");
  });

  it("shows nothing for a real address", () => {
    expect(renderToStaticMarkup(<PublicUrlWarning address={null} />)).toBe("");
  });
});
