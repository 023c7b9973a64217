import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { eventSchema } from "#app/features/events/event.schema";
import { multilineString, normaliseLineBreaks } from "./multiline";
import { LIMITS, pageContentFormSchema, settingsFormSchema } from "#app/features/pages/page-content.schema";
import { questionSchema } from "#app/features/messages/question.schema";
import { registrationSchema } from "#app/features/registrations/registration.schema";
import { testimonialSchema } from "#app/features/testimonials/testimonial.schema";
import { decisionSchema, opportunitySchema, volunteerApplicationSchema } from "#app/features/volunteers/volunteer.schema";
import { VIDEO_PAGES, youtubeSchema } from "#app/features/videos/video.schema";

/**
 * Text of exactly `length` characters as a browser's maxLength counts them
 * (a line break is one), in several paragraphs, as the browser holds it ("\n").
 */
function typed(length: number): string {
  const paragraph = "My child needs a quiet space.\n\n";
  const body = paragraph.repeat(Math.floor((length - 1) / paragraph.length));
  return body + "x".repeat(length - body.length);
}

/** What the browser submits for it: every line break as CRLF. */
const sent = (text: string) => text.replace(/\n/g, "\r\n");

interface Case {
  name: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  field: string;
  max: number;
  tooLong: string;
}

const cases: Case[] = [
  {
    name: "register your child: medical or additional needs",
    schema: registrationSchema("2026-01-15"),
    valid: {
      registrant: "parent",
      childName: "Sam Smith",
      childDateOfBirth: "2014-03-27",
      programmes: ["not-sure"],
      parentName: "Alex Smith",
      parentPhone: "01422 123456",
      parentEmail: "",
      emergencyName: "Jo Smith",
      emergencyPhone: "07700 900123",
      photoConsent: "no",
      declaration: "yes",
    },
    field: "needs",
    max: 2000,
    tooLong: "Please keep this to 2000 characters or fewer.",
  },
  {
    name: "ask a question: the question",
    schema: questionSchema,
    valid: { name: "Alex", email: "alex@example.com", topic: "other" },
    field: "message",
    max: 2000,
    tooLong: "Please keep your question to 2000 characters or fewer.",
  },
  {
    name: "apply to volunteer: tell us about yourself",
    schema: volunteerApplicationSchema([]),
    valid: { name: "Alex", email: "alex@example.com", phone: "", roles: ["any"], availability: ["weekend"], consent: "yes" },
    field: "message",
    max: 1000,
    tooLong: "Please keep this to 1000 characters or fewer.",
  },
  {
    name: "volunteer opportunity: description",
    schema: opportunitySchema,
    valid: { title: "Football coach", type: "coaching", timeCommitment: "2 hours a week", skills: "" },
    field: "description",
    max: 2000,
    tooLong: "Description must be at most 2000 characters",
  },
  {
    name: "volunteer decision e-mail: message",
    schema: decisionSchema,
    valid: { decision: "approved", subject: "Your application" },
    field: "body",
    max: 5000,
    tooLong: "Message must be at most 5000 characters",
  },
  {
    name: "event: description",
    schema: eventSchema,
    valid: { title: "Open day", category: "community", date: "2026-05-01", time: "10:00", location: "Community hall" },
    field: "description",
    max: 5000,
    tooLong: "Description must be at most 5000 characters",
  },
  {
    name: "testimonial: text",
    schema: testimonialSchema,
    valid: { name: "A parent", role: "", rating: "5" },
    field: "text",
    max: 2000,
    tooLong: "Text must be at most 2000 characters",
  },
  {
    name: "YouTube video: description",
    schema: youtubeSchema,
    valid: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Our year", page: VIDEO_PAGES[0].value },
    field: "description",
    max: 2000,
    tooLong: "Description must be at most 2000 characters",
  },
  {
    name: "page editor: main content",
    schema: pageContentFormSchema,
    valid: { pageId: "home" },
    field: "content",
    max: LIMITS.content,
    tooLong: `Main Content must be at most ${LIMITS.content} characters`,
  },
  {
    name: "site settings: postal address",
    schema: settingsFormSchema,
    valid: { charityName: "The Charity", mapLatitude: "53.7", mapLongitude: "-1.9", registrationRetentionMonths: "24", mailRetentionMonths: "12" },
    field: "postalAddress",
    max: 500,
    tooLong: "Postal address must be at most 500 characters",
  },
];

describe("multi-line text counts a line break once, as the browser's maxLength does", () => {
  for (const c of cases) {
    describe(c.name, () => {
      it(`accepts exactly ${c.max} characters sent with CRLF line breaks, and keeps "\\n" line breaks`, () => {
        const text = typed(c.max);
        const value = sent(text);
        expect(value.length).toBeGreaterThan(c.max);
        const result = c.schema.safeParse({ ...c.valid, [c.field]: value });
        expect(result.error?.issues).toBeUndefined();
        const stored = (result.data as Record<string, string>)[c.field];
        expect(stored).toBe(text);
        expect(stored).not.toContain("\r");
      });

      it(`refuses ${c.max + 1} characters with the existing message`, () => {
        const result = c.schema.safeParse({ ...c.valid, [c.field]: sent(typed(c.max + 1)) });
        expect(result.success).toBe(false);
        const messages = result.error?.issues.filter((issue) => issue.path[0] === c.field).map((issue) => issue.message);
        expect(messages).toEqual([c.tooLong]);
      });
    });
  }
});

describe("normaliseLineBreaks", () => {
  it('turns CRLF and lone CR into "\\n" and leaves "\\n" alone', () => {
    expect(normaliseLineBreaks("a\r\nb\rc\nd\r\n\r\ne")).toBe("a\nb\nc\nd\n\ne");
  });
});

describe("multilineString", () => {
  it("checks the length after the line breaks are normalised", () => {
    const schema = multilineString().max(3, { error: "too long" });
    expect(schema.parse("a\r\nb")).toBe("a\nb");
    expect(schema.parse("a\rb")).toBe("a\nb");
    expect(schema.safeParse("ab\r\nc").error?.issues.map((i) => i.message)).toEqual(["too long"]);
  });

  it("keeps the message for a missing value", () => {
    expect(multilineString({ error: "missing" }).safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(["missing"]);
  });
});

describe("volunteer opportunity skills", () => {
  it("splits one skill per line whatever the line breaks", () => {
    const result = opportunitySchema.safeParse({
      title: "Coach",
      type: "coaching",
      timeCommitment: "Weekly",
      description: "Help at training.",
      skills: "First aid\r\nPatience\rDBS check\nDriving",
    });
    expect(result.data?.skills).toEqual(["First aid", "Patience", "DBS check", "Driving"]);
  });
});
