import { describe, expect, it } from "vitest";
import { eventHandlerAttributes } from "./checks";

describe("finding event-handler attributes in a page", () => {
  it("finds one on any element, quoted, unquoted or bare", () => {
    expect(eventHandlerAttributes('<p>x</p><img src=x onerror=alert(1)><svg onload="go()"></svg><div ONCLICK>')).toEqual([
      "<img src=x onerror=alert(1)>",
      '<svg onload="go()">',
      "<div ONCLICK>",
    ]);
  });

  it("does not mistake a hostile name quoted inside another attribute for one", () => {
    expect(eventHandlerAttributes('<input aria-label="Select the application from &lt;img src=x onerror=alert(1)&gt;" type="checkbox"/>')).toEqual([]);
    expect(eventHandlerAttributes("<a title='an onload= in words' href=\"/x\">x</a>")).toEqual([]);
  });
});
