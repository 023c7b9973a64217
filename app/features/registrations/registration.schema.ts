import { z } from "zod";
import { ukToday } from "#app/web/dates";
import { NAVIGATION } from "#app/content/navigation";
import { YOUTH_AGE_RANGE } from "#app/content/site";
import { choiceList, optionalMultilineText, phoneField, requiredText, tickedBox } from "#app/features/public-forms/public-form.schema";
import { isEmail, withoutFormatCharacters } from "#app/web/text";

/**
 * 'Register Your Child': what staff need to welcome a young person safely,
 * and nothing more. UK GDPR Article 8 and the ICO's children's code: under
 * 13s are registered by a parent or carer; young people of 13 and over may
 * fill it in themselves, giving a parent or carer's contact details.
 */

/** Children under this age need a parent or carer to register them. */
export const SELF_REGISTRATION_MIN_AGE = 13;

/** The programmes people can register for: the youth pages of What We Deliver and What We Offer. */
export const REGISTRATION_PROGRAMMES: readonly { value: string; label: string }[] = [
  ...NAVIGATION.filter((item) => item.href === "/what-we-deliver" || item.href === "/what-we-offer")
    .flatMap((item) => item.subItems ?? [])
    // Serving Humanity is the charity's aid work, not a session a child attends.
    .filter((sub) => sub.href !== "/what-we-offer/serving-humanity")
    .map((sub) => ({ value: sub.href.split("/").pop()!, label: sub.name })),
  { value: "not-sure", label: "Not sure yet: please help us choose" },
];
const PROGRAMME_VALUES = REGISTRATION_PROGRAMMES.map((p) => p.value);

export function programmeLabel(value: string): string {
  return REGISTRATION_PROGRAMMES.find((p) => p.value === value)?.label ?? value;
}

export const REGISTRANTS = [
  { value: "parent", label: "I am the parent or carer" },
  { value: "self", label: "I am the young person (13 or over)" },
] as const;
export type Registrant = (typeof REGISTRANTS)[number]["value"];

export const REGISTRATION_DECLARATION =
  "I confirm the details on this form are correct. If I am the young person, my parent or carer knows I am registering.";

/** Where the privacy note names how long registrations are kept (Settings), so reworded notes keep up with it too. */
export const PERIOD_PLACEHOLDER = "{period}";

/** The note under the registration form (staff may reword it in the form's block, keeping {period} where the time should show). */
export const REGISTRATION_PRIVACY_TEXT = `We keep these details only to run our activities safely, and delete them when we have not heard from you for ${PERIOD_PLACEHOLDER}.`;

/** A number of months as people say it: "2 years", "18 months", "1 month". */
export function retentionPeriod(months: number): string {
  const [count, unit] = months % 12 === 0 ? [months / 12, "year"] : [months, "month"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** A registration privacy note as shown: the retention period in place of {period}. */
export function registrationPrivacyNote(wording: string, months: number): string {
  return wording.replaceAll(PERIOD_PLACEHOLDER, retentionPeriod(months));
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD, or null. */
export function parseDate(value: string): { y: number; m: number; d: number } | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Whole years between a date of birth and `today` (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const dob = parseDate(dateOfBirth);
  const now = parseDate(today);
  if (!dob || !now) return null;
  let age = now.y - dob.y;
  if (now.m < dob.m || (now.m === dob.m && now.d < dob.d)) age -= 1;
  return age;
}

const AGE_MESSAGE = `Our programmes are for young people aged ${YOUTH_AGE_RANGE.min} to ${YOUTH_AGE_RANGE.max}. Please check the date of birth, or call us to talk about other ways we can help.`;

/** The schema depends on the day: a child's age moves with it. */
export function registrationSchema(today: string = ukToday()) {
  return z
    .object({
      registrant: z.enum(["parent", "self"], { error: "Please tell us who is filling in this form." }),
      childName: requiredText("Please enter the young person's full name.", 100),
      childDateOfBirth: z
        .string({ error: "Please enter the young person's date of birth." })
        .trim()
        .min(1, { error: "Please enter the young person's date of birth." })
        .refine((v) => parseDate(v) !== null, { error: "Please enter a real date of birth, for example 2012-03-27." })
        .refine((v) => parseDate(v) === null || v <= today, { error: "The date of birth cannot be in the future." })
        .refine(
          (v) => {
            const age = ageOn(v, today);
            return age === null || v > today || (age >= YOUTH_AGE_RANGE.min && age <= YOUTH_AGE_RANGE.max);
          },
          { error: AGE_MESSAGE },
        ),
      programmes: choiceList(PROGRAMME_VALUES, {
        missing: "Please choose at least one programme.",
        empty: "Please choose at least one programme, or 'Not sure yet'.",
        notListed: "Please choose from the programmes listed.",
        tooMany: "Please choose each programme once, from the programmes listed.",
      }),
      parentName: requiredText("Please enter the parent or carer's full name.", 100),
      parentPhone: phoneField("Please enter a phone number for the parent or carer."),
      parentEmail: z
        .string()
        .overwrite(withoutFormatCharacters)
        .trim()
        .max(254, { error: "That email address is too long." })
        .optional()
        .transform((v) => v ?? "")
        .refine((v) => v === "" || isEmail(v), { error: "Please enter a valid email address, like name@example.com, or leave it empty." }),
      emergencyName: requiredText("Please enter the name of an emergency contact.", 100),
      emergencyPhone: phoneField("Please enter a phone number for the emergency contact."),
      needs: optionalMultilineText(2000),
      photoConsent: z.enum(["yes", "no"], { error: "Please say whether we may take photos of the young person." }),
      declaration: tickedBox("Please tick the box to confirm the details are correct."),
    })
    .refine(
      (value) => {
        // Article 8: a child under 13 cannot consent for themselves; a parent or carer registers them.
        const raw = value as { registrant?: unknown; childDateOfBirth?: unknown };
        const age = typeof raw.childDateOfBirth === "string" ? ageOn(raw.childDateOfBirth, today) : null;
        return !(raw.registrant === "self" && age !== null && age >= 0 && age < SELF_REGISTRATION_MIN_AGE);
      },
      {
        path: ["registrant"],
        message: `Young people under ${SELF_REGISTRATION_MIN_AGE} need a parent or carer to fill in this form.`,
        // Checked even while other fields are wrong, so every problem shows at once.
        when: () => true,
      },
    );
}

export type RegistrationInput = z.output<ReturnType<typeof registrationSchema>>;

export const REGISTRATION_STATUSES = ["new", "spam"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
