import { z } from "zod";
import { FAQ_TOPICS } from "#app/content/site";
import { emailField, requiredMultilineText, requiredText } from "#app/features/public-forms/public-form.schema";

/** The topics the FAQs page lists, and a way out for anything else. */
export const QUESTION_TOPICS = [
  ...FAQ_TOPICS.map((t) => ({ value: t.id, label: t.topic })),
  { value: "other", label: "Something else" },
] as const;
const TOPIC_VALUES = QUESTION_TOPICS.map((t) => t.value) as [string, ...string[]];

export function topicLabel(value: string): string {
  return QUESTION_TOPICS.find((t) => t.value === value)?.label ?? value;
}

/**
 * The question form's rules with the topics it offers now: the FAQ page's
 * topics as staff last published them (a topic staff added is stored by its
 * words; the built-in ones by their id), and "Something else".
 */
export function questionSchemaFor(topics: readonly string[]) {
  return z.object({
    name: requiredText("Please enter your name.", 100),
    email: emailField("Please enter your email address so we can reply."),
    topic: z
      .string({ error: "Please choose what your question is about." })
      .refine((value) => topics.includes(value), { error: "Please choose what your question is about." }),
    message: requiredMultilineText("Please type your question.", 2000, "Please keep your question to 2000 characters or fewer."),
  });
}

export const questionSchema = questionSchemaFor(TOPIC_VALUES);

/** A stored question as the form once took it: any topic the form offered at the time (at most 120 characters). */
export const storedQuestionSchema = questionSchemaFor([]).extend({ topic: z.string().trim().min(1).max(120) });

export type QuestionInput = z.output<typeof questionSchema>;

export const MESSAGE_STATUSES = ["new", "answered", "spam"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = { new: "Not answered", answered: "Answered", spam: "Spam" };

/** The note under the question form about what its details are used for (staff may reword it in the form's block). */
export const QUESTION_PRIVACY_TEXT = "We only use your name and email address to answer your question.";
