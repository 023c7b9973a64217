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

export const questionSchema = z.object({
  name: requiredText("Please enter your name.", 100),
  email: emailField("Please enter your email address so we can reply."),
  topic: z.enum(TOPIC_VALUES, { error: "Please choose what your question is about." }),
  message: requiredMultilineText("Please type your question.", 2000, "Please keep your question to 2000 characters or fewer."),
});

export type QuestionInput = z.output<typeof questionSchema>;

export const MESSAGE_STATUSES = ["new", "answered", "spam"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = { new: "Not answered", answered: "Answered", spam: "Spam" };
