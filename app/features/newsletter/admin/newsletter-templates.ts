import type { NewsletterTemplate } from "#app/features/newsletter/campaign.schema";

/**
 * A starting point for each newsletter template. The square-bracketed parts
 * are prompts for staff to replace: no facts about the charity are invented
 * here. "custom" starts empty.
 */
export const NEWSLETTER_TEMPLATE_STARTERS: Record<NewsletterTemplate, { subject: string; content: string }> = {
  "monthly-update": {
    subject: "Our monthly update: [month]",
    content: [
      "Hello,",
      "",
      "Here is what has been happening this month.",
      "",
      "## Highlights",
      "- [A session, achievement or milestone]",
      "- [Another highlight]",
      "",
      "## Coming up",
      "- [Date]: [what is on, and where]",
      "",
      "Thank you for being part of our community.",
    ].join("\n"),
  },
  "event-announcement": {
    subject: "You're invited: [event name]",
    content: [
      "Hello,",
      "",
      "We would love to see you at **[event name]**.",
      "",
      "- **When:** [date and time]",
      "- **Where:** [venue]",
      "- **Who for:** [who can come]",
      "",
      "[What will happen, and how to book or just turn up.]",
      "",
      "Find out more on our [News and Events page](/news).",
    ].join("\n"),
  },
  "success-stories": {
    subject: "Stories from our community: [title]",
    content: [
      "Hello,",
      "",
      "[Tell the story: who took part, what they did, and what changed for them. Only share names and photos with permission.]",
      "",
      "## In their words",
      "[A short quote]",
      "",
      "Stories like this happen because of people like you. Thank you.",
    ].join("\n"),
  },
  fundraising: {
    subject: "Help us [goal]",
    content: [
      "Hello,",
      "",
      "We are raising money to [goal].",
      "",
      "## What your gift does",
      "- £10 gives a young person a week of youth sessions",
      "- £25 covers sports equipment for a group session",
      "- £50 supports educational workshops and materials",
      "",
      "[Donate today](/donate): every pound makes a difference.",
    ].join("\n"),
  },
  custom: { subject: "", content: "" },
};
