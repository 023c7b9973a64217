import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/admin.registrations_.$id";
import RegistrationDetail from "./admin.registrations_.$id";
import type { Registration } from "#app/features/registrations/registrations.server";

const REGISTRATION: Registration = {
  id: "0b6f2f7e-6a43-4c38-9a52-3d5f1c2b9e10",
  registrant: "parent",
  childName: "Riley Example",
  childDateOfBirth: "2014-09-01",
  age: 10,
  programmes: ["football"],
  parentName: "Jo Example",
  parentPhone: "+44 (0)7700 900123",
  parentEmail: "jo@example.org",
  emergencyName: "Pat Example",
  emergencyPhone: "01422 123456",
  needs: "",
  photoConsent: false,
  declaredAt: "2025-06-15T10:00:00.000Z",
  status: "new",
  lastContactAt: "2025-06-15T10:00:00.000Z",
  createdAt: "2025-06-15T10:00:00.000Z",
  updatedAt: "2025-06-15T10:00:00.000Z",
};

/** The registration's page as staff see it: each phone number's text and where tapping it rings. */
function phoneLinks(registration: Registration): Record<string, string> {
  const path = `/admin/registrations/${registration.id}`;
  const props = { loaderData: { registration, deleteOn: "2027-06-15T10:00:00.000Z" }, actionData: undefined, params: { id: registration.id } } as unknown as Route.ComponentProps;
  const Stub = createRoutesStub([{ path: "/admin/registrations/:id", Component: () => <RegistrationDetail {...props} /> }]);
  const html = renderToStaticMarkup(<Stub initialEntries={[path]} />);
  return Object.fromEntries([...html.matchAll(/<a href="(tel:[^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2]!, m[1]!]));
}

describe("a registration's page", () => {
  it("rings the parent's and the emergency contact's numbers as dialled, without the (0) after +44", () => {
    expect(phoneLinks(REGISTRATION)).toEqual({
      "+44 (0)7700 900123": "tel:+447700900123",
      "01422 123456": "tel:01422123456",
    });
  });

  it("shows a spam row's unchecked text as text, with nothing to ring", () => {
    expect(phoneLinks({ ...REGISTRATION, status: "spam", declaredAt: null, parentPhone: "ring me", emergencyPhone: "0" })).toEqual({});
  });
});
