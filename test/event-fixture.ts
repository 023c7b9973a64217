/** The event form as staff fill it in correctly: a one-off event in June 2026 (tests judge dates against a fixed day). */
export const VALID_EVENT = {
  title: "Summer Fun Day",
  category: "community",
  date: "2026-06-20",
  time: "12:00",
  location: "Community Centre, Halifax",
  description: "Games, food and music for all the family.",
};
