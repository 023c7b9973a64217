import { describe, expect, it } from "vitest";
import { REGISTRATION_DAY, VALID_REGISTRATION } from "../../../test/registration-fixture";
import { parsePublicForm, type RawValues } from "./public-form.schema";
import { questionSchema } from "#app/features/messages/question.schema";
import { registrationSchema } from "#app/features/registrations/registration.schema";
import { ukToday } from "#app/web/dates";
import { volunteerApplicationSchema } from "#app/features/volunteers/volunteer.schema";

/**
 * A phone number or address copied from a phone's contacts, wrapped in the
 * invisible characters phones add: left-to-right override … pop (U+202D,
 * U+202C), marks (U+200E, U+200F), isolates (U+2066–U+2069), a zero-width
 * space (U+200B) and a byte-order mark (U+FEFF). None shows on screen.
 */
const pasted = (text: string) => `\u2066\u202D${text}\u202C\u2069`;

const VALID_QUESTION: RawValues = { name: "Sam Parent", email: "sam@example.org", topic: "other", message: "When do sessions start?" };
const VALID_VOLUNTEER: RawValues = { name: "Alex Helper", email: "alex@example.org", phone: "", roles: ["any"], availability: ["weekend"], consent: "yes" };

describe("phone numbers and addresses pasted with invisible formatting", () => {
  it("Register Your Child takes both phone numbers and keeps them as they look", () => {
    const result = parsePublicForm(registrationSchema(ukToday(REGISTRATION_DAY)), {
      ...VALID_REGISTRATION,
      parentPhone: pasted("+44 (0)7700 900123"),
      emergencyPhone: `\u200E01422\u200B 123456\u200F\uFEFF`,
    });
    expect(result.ok ? { parentPhone: result.data.parentPhone, emergencyPhone: result.data.emergencyPhone } : result.errors).toEqual({
      parentPhone: "+44 (0)7700 900123",
      emergencyPhone: "01422 123456",
    });
  });

  it("Register Your Child takes the parent's address and keeps it without them", () => {
    const result = parsePublicForm(registrationSchema(ukToday(REGISTRATION_DAY)), { ...VALID_REGISTRATION, parentEmail: pasted("parent@example.org") });
    expect(result.ok ? result.data.parentEmail : result.errors).toBe("parent@example.org");
  });

  it("Ask a Question takes the address and keeps it without them", () => {
    const result = parsePublicForm(questionSchema, { ...VALID_QUESTION, email: ` ${pasted("sam@example.org")} ` });
    expect(result.ok ? result.data.email : result.errors).toBe("sam@example.org");
  });

  it("Apply to Volunteer takes the address and the optional phone number and keeps them without them", () => {
    const result = parsePublicForm(volunteerApplicationSchema([]), { ...VALID_VOLUNTEER, email: pasted("alex@example.org"), phone: pasted("07700 900123") });
    expect(result.ok ? { email: result.data.email, phone: result.data.phone } : result.errors).toEqual({ email: "alex@example.org", phone: "07700 900123" });
  });

  it("still asks for a phone number when the field holds only invisible characters, and refuses letters", () => {
    const empty = parsePublicForm(registrationSchema(ukToday(REGISTRATION_DAY)), { ...VALID_REGISTRATION, parentPhone: "\u202D\u202C" });
    expect(empty.ok ? empty.data : Object.keys(empty.errors)).toEqual(["parentPhone"]);
    expect(empty.ok ? empty.data : empty.errors.parentPhone?.[0]).toBe("Please enter a phone number for the parent or carer.");
    const words = parsePublicForm(volunteerApplicationSchema([]), { ...VALID_VOLUNTEER, phone: pasted("ring me") });
    expect(words.ok ? words.data : words.errors).toEqual({ phone: ["Please enter a phone number using digits, like 01422 123456 or 07700 900123."] });
    const blank = parsePublicForm(volunteerApplicationSchema([]), { ...VALID_VOLUNTEER, phone: "\u200E" });
    expect(blank.ok ? blank.data.phone : blank.errors).toBe("");
  });
});

describe("the newsletter sign-up", () => {
  it("takes an address pasted with invisible formatting and keeps it without them", async () => {
    const { newsletterSignUpSchema } = await import("#app/features/newsletter/newsletter.schema");
    const result = newsletterSignUpSchema.safeParse({ email: pasted("news.reader@example.org"), consent: true });
    expect(result.success ? result.data.email : result.error.issues).toBe("news.reader@example.org");
  });
});

describe("checkbox groups", () => {
  const registration = registrationSchema(ukToday(REGISTRATION_DAY));

  it("keep a choice sent twice once", () => {
    const result = parsePublicForm(registration, { ...VALID_REGISTRATION, programmes: ["football", "haf", "football"] });
    expect(result.ok ? result.data.programmes : result.errors).toEqual(["football", "haf"]);
    const volunteer = parsePublicForm(volunteerApplicationSchema(["role-1", "role-2"]), { ...VALID_VOLUNTEER, roles: ["role-1", "any", "role-1"], availability: ["weekend", "weekend"] });
    expect(volunteer.ok ? [volunteer.data.roles, volunteer.data.availability] : volunteer.errors).toEqual([["role-1", "any"], ["weekend"]]);
  });

  it("refuse more values than there are choices, and a value that is not one of them, with the field's own message", () => {
    const flood = parsePublicForm(registration, { ...VALID_REGISTRATION, programmes: Array<string>(10_000).fill("football") });
    expect(flood.ok ? flood.data : flood.errors).toEqual({ programmes: ["Please choose each programme once, from the programmes listed."] });
    const unknown = parsePublicForm(volunteerApplicationSchema(["role-1"]), { ...VALID_VOLUNTEER, roles: ["role-2"], availability: ["weekend", "always"] });
    expect(unknown.ok ? unknown.data : unknown.errors).toEqual({
      roles: ["One of the roles you chose is no longer open. Please choose again from the list."],
      availability: ["Please choose from the times listed."],
    });
  });
});
