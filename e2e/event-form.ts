import type { Locator, Page } from "@playwright/test";

/** The Events tab's "Create an event" form. */
export function createEventForm(page: Page): Locator {
  return page.locator("form", { has: page.getByRole("heading", { name: "Create an event" }) });
}

/** An event's required fields, as staff type them. */
export interface EventFields {
  title: string;
  category: string;
  date: string;
  time: string;
  location: string;
  description: string;
}

export async function fillEventForm(form: Locator, event: EventFields): Promise<void> {
  await form.getByLabel("Title").fill(event.title);
  await form.getByLabel("Category").selectOption(event.category);
  await form.getByLabel(/^Date/).fill(event.date);
  await form.getByLabel(/^Time/).fill(event.time);
  await form.getByLabel("Location").fill(event.location);
  await form.getByLabel(/^Description/).fill(event.description);
}

/** A date this many days from today, as the date input wants it. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
