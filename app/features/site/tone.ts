import type { Tone } from "#app/content/types";

/** Colour roles to classes: an icon badge and a top accent stripe, readable in both themes. */
export const TONE_BADGE: Record<Tone, string> = {
  primary: "bg-primary text-primary-foreground",
  secondary: "bg-secondary text-secondary-foreground",
  accent: "bg-accent text-accent-foreground",
  success: "bg-success text-white dark:text-slate-950",
  warning: "bg-accent text-accent-foreground",
};

export const TONE_BORDER: Record<Tone, string> = {
  primary: "border-t-primary",
  secondary: "border-t-secondary",
  accent: "border-t-accent",
  success: "border-t-success",
  warning: "border-t-accent",
};
