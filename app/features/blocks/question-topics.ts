import type { Block } from "#app/features/blocks/block-schema";
import { QUESTION_TOPICS } from "#app/features/messages/question.schema";

/** The way out for a question no topic covers: always the last choice. */
const OTHER = { value: "other", label: "Something else" };

/**
 * The Contact form's topic choices: the topics of the page's questions and
 * answers (each once, in order), then "Something else". A page without a
 * questions block offers the built-in topics.
 */
export function questionTopicsFrom(blocks: readonly Block[]): readonly { value: string; label: string }[] {
  const entries = blocks.flatMap((b) => (b.type === "faq" && !b.hidden ? b.entries : []));
  if (entries.length === 0) return QUESTION_TOPICS;
  const seen = new Set<string>();
  // A built-in topic keeps its id (questions already stored name it); one staff added is stored by its words.
  const builtIn = new Set(QUESTION_TOPICS.map((t) => t.value as string));
  const topics = entries.map((e) => ({ value: builtIn.has(e.id) ? e.id : e.topic, label: e.topic })).filter((t) => !seen.has(t.value) && seen.add(t.value));
  return [...topics, OTHER];
}
