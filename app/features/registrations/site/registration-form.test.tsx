import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { RegistrationForm } from "./registration-form";

/** The privacy note under the form, as a parent reads it. */
function privacyNote(retentionMonths: number): string {
  const Stub = createRoutesStub([{ path: "/register", Component: () => <RegistrationForm today="2025-06-15" retentionMonths={retentionMonths} /> }]);
  const html = renderToStaticMarkup(<Stub initialEntries={["/register"]} />);
  const note = /We keep these details only[^.<]*\./.exec(html.replaceAll("<!-- -->", ""));
  if (!note) throw new Error("no privacy note on the form");
  return note[0];
}

describe("RegistrationForm's privacy note", () => {
  it("says how long details are kept, in words a parent would write", () => {
    expect(privacyNote(1)).toMatch(/have not heard from you for 1 month\.$/);
    expect(privacyNote(18)).toMatch(/for 18 months\.$/);
    expect(privacyNote(12)).toMatch(/for 1 year\.$/);
    expect(privacyNote(24)).toMatch(/for 2 years\.$/);
  });
});
