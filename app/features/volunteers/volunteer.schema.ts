import { z } from "zod";
import { VOLUNTEER_TYPES } from "#app/content/site";
import { normaliseLineBreaks } from "#app/web/multiline";
import { choiceList, emailField, optionalMultilineText, optionalPhone, requiredMultilineText, requiredText, tickedBox } from "#app/features/public-forms/public-form.schema";

// ── Volunteer opportunities (staff) ───────────────────────────────────────

const TYPE_VALUES = VOLUNTEER_TYPES.map((t) => t.value) as [string, ...string[]];

/** Title, time commitment and description are required; the type is one of VOLUNTEER_TYPES. */
export const opportunitySchema = z.object({
  title: requiredText("Title is required", 120, "Title must be at most 120 characters"),
  type: z.enum(TYPE_VALUES, { error: "Choose a volunteer type" }),
  timeCommitment: requiredText("Time commitment is required", 120, "Time commitment must be at most 120 characters"),
  /** One skill per line. */
  skills: z
    .string()
    .optional()
    .transform((v) =>
      normaliseLineBreaks(v ?? "")
        .split("\n")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length <= 12, { error: "List at most 12 skills" })
    .refine((list) => list.every((s) => s.length <= 120), { error: "Each skill must be at most 120 characters" }),
  description: requiredMultilineText("Description is required", 2000, "Description must be at most 2000 characters"),
});

export type OpportunityInput = z.output<typeof opportunitySchema>;

// ── Apply to volunteer (public) ───────────────────────────────────────────

/** The role checkbox for people happy to help wherever they are needed. */
export const ANY_ROLE = "any";
export const ANY_ROLE_LABEL = "Anywhere I'm needed";

export const AVAILABILITY_OPTIONS = [
  { value: "weekday-daytime", label: "Weekday daytimes" },
  { value: "weekday-evening", label: "Weekday evenings" },
  { value: "weekend", label: "Weekends" },
  { value: "school-holidays", label: "School holidays" },
] as const;
const AVAILABILITY_VALUES = AVAILABILITY_OPTIONS.map((o) => o.value) as string[];

export const VOLUNTEER_CONSENT_TEXT =
  "I agree that the charity may keep the details on this form to deal with my application, as explained in the privacy policy.";

/** The note under the application about what its details are used for (staff may reword it in the form's block). */
export const VOLUNTEER_PRIVACY_TEXT = "We only use these details to deal with your application and to contact you about volunteering.";

/** Apply to Volunteer, for the roles open now (their ids) and "Anywhere I'm needed". */
export function volunteerApplicationSchema(openRoleIds: readonly string[]) {
  return z.object({
    name: requiredText("Please enter your name.", 100),
    email: emailField(),
    phone: optionalPhone(),
    roles: choiceList([...openRoleIds, ANY_ROLE], {
      missing: "Please choose at least one role.",
      empty: "Please choose at least one role, or 'Anywhere I'm needed'.",
      // The page listed the roles open when it was loaded; one may have closed since.
      notListed: "One of the roles you chose is no longer open. Please choose again from the list.",
      tooMany: "Please choose each role once, from the list.",
    }),
    availability: choiceList(AVAILABILITY_VALUES, {
      missing: "Please tell us when you are available.",
      empty: "Please tick at least one time when you are available.",
      notListed: "Please choose from the times listed.",
      tooMany: "Please choose each time once, from the times listed.",
    }),
    message: optionalMultilineText(1000),
    consent: tickedBox("Please tick the box so we can keep your details to deal with your application."),
  });
}

export type VolunteerApplicationInput = z.output<ReturnType<typeof volunteerApplicationSchema>>;

export const APPLICATION_STATUSES = ["pending", "approved", "rejected", "spam"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  spam: "Spam",
};

/** The e-mail staff send on a decision; they can edit it before it goes. */
export const decisionSchema = z.object({
  decision: z.enum(["approved", "rejected"], { error: "Choose approve or reject" }),
  subject: requiredText("Subject is required", 200, "Subject must be at most 200 characters"),
  body: requiredMultilineText("Message is required", 5000, "Message must be at most 5000 characters"),
});

export const hoursSchema = z.object({
  hours: z
    .string()
    .trim()
    .min(1, { error: "Enter the number of hours" })
    .refine((v) => /^\d{1,5}(\.\d{1,2})?$/.test(v), { error: "Enter hours as a number, like 12 or 3.5" })
    .transform(Number)
    .refine((n) => n <= 10000, { error: "That is more hours than we can record for one person" }),
});
