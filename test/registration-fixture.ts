import type { RawValues } from "#app/features/public-forms/public-form.schema";

/** Register Your Child as a parent fills it in correctly, judged on REGISTRATION_DAY (so ages never drift). */
export const VALID_REGISTRATION: RawValues = {
  registrant: "parent",
  childName: "Riley Example",
  childDateOfBirth: "2014-09-01",
  programmes: ["football", "haf"],
  parentName: "Jo Example",
  parentPhone: "07700 900456",
  parentEmail: "jo@example.org",
  emergencyName: "Pat Example",
  emergencyPhone: "01422 123456",
  needs: "Mild asthma; has an inhaler.",
  photoConsent: "no",
  declaration: "yes",
};

/** The day VALID_REGISTRATION is judged on (UK). */
export const REGISTRATION_DAY = new Date("2025-06-15T10:00:00Z");
