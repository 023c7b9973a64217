import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/admin.serving-humanity";
import ServingHumanityTab from "./admin.serving-humanity";
import type { SectionImageActionData } from "#app/features/pages/editor-route.server";
import { OTHER_SITE_IMAGE_MESSAGE } from "#app/features/pages/page-content.schema";

const loaderData = {
  page: { id: "serving-humanity", title: "Serving Humanity", path: "/what-we-offer/serving-humanity" },
  sections: [
    { section: "hero", label: "Hero", assigned: null },
    { section: "uc3-infographic", label: "UC3 Infographic", assigned: null },
    { section: "values", label: "Values", assigned: null },
  ],
};

/** The tab as staff see it after the server refused to apply an image (400). */
function refused(view: "browse" | "direct", actionData: SectionImageActionData): string {
  const props = { loaderData, actionData, params: {}, matches: [] } as unknown as Route.ComponentProps;
  const Stub = createRoutesStub([{ path: "/admin/serving-humanity", Component: () => <ServingHumanityTab {...props} /> }]);
  const url = view === "direct" ? "/admin/serving-humanity?view=direct" : "/admin/serving-humanity";
  return renderToStaticMarkup(<Stub initialEntries={[url]} />).replaceAll("<!-- -->", "");
}

/** The text of each role="alert" region, in page order. */
const alerts = (html: string) => [...html.matchAll(/<div[^>]*role="alert"[^>]*>((?:(?!<\/div>)[\s\S])*)<\/div>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, " ").trim());

describe("Serving Humanity: a refused image is announced", () => {
  it("Browse & Apply: by the Apply form, in an alert", () => {
    const html = refused("browse", { errors: { imageId: ["That image is no longer in the media library; choose another"] }, section: "values" });
    expect(alerts(html)).toEqual(["That image is no longer in the media library; choose another"]);
  });

  it("Direct Upload: in an alert by the section whose 'Use it for' was refused", () => {
    const html = refused("direct", { errors: { imageUrl: [OTHER_SITE_IMAGE_MESSAGE] }, section: "hero" });
    const hero = html.slice(html.indexOf(">Hero image<"), html.indexOf(">UC3 Infographic image<"));
    const uc3 = html.slice(html.indexOf(">UC3 Infographic image<"));
    expect(alerts(hero)).toEqual([OTHER_SITE_IMAGE_MESSAGE]);
    expect(alerts(uc3).filter(Boolean)).toEqual([]);
  });
});
