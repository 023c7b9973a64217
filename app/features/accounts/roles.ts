/**
 * Who on the staff may do what in the admin area: need-to-know access.
 * This table is the one place the rule lives; every admin loader, action
 * and resource route asks requireStaff (auth.server.ts) for one capability
 * from it, the navigation shows only the areas a role may open, and
 * docs/decisions/013-staff-roles.md explains each choice. No server code,
 * so the browser can read it too (to draw the navigation).
 */

/** Roles with admin-area access, in the order the users screen offers them. */
export const STAFF_ROLES = ["admin", "editor", "safeguarding"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  editor: "Editor",
  safeguarding: "Safeguarding",
};

/** What each role is for, in the words the invite form and users screen use. */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: "Everything, including accounts, settings, exports and the audit log.",
  editor: "The website's pages, pictures, events, videos, reviews, volunteer vacancies and the newsletter: no one's personal details.",
  safeguarding: "Children's registrations and their export, and nothing else.",
};

/** The least privilege an invitation starts from: it can open no one's personal data. */
export const DEFAULT_INVITED_ROLE: StaffRole = "editor";

export const CAPABILITIES = [
  "pages",
  "media",
  "events",
  "videos",
  "reviews",
  "newsletter",
  "volunteer-roles",
  "bin",
  "volunteer-applications",
  "messages",
  "subscribers",
  "registrations",
  "outbox",
  "audit",
  "settings",
  "users",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** What each capability lets someone do, as a refusal names it ("may not …"). */
export const CAPABILITY_WORDS: Record<Capability, string> = {
  pages: "edit the website's pages",
  media: "manage the media library",
  events: "manage events",
  videos: "manage videos",
  reviews: "manage reviews",
  newsletter: "write or send the newsletter",
  "volunteer-roles": "manage volunteer vacancies",
  bin: "open the Bin",
  "volunteer-applications": "see volunteer applications",
  messages: "read questions sent through the website",
  subscribers: "see or export newsletter subscribers",
  registrations: "see or export children's registrations",
  outbox: "read the e-mail outbox",
  audit: "read the audit log",
  settings: "change the site's settings",
  users: "manage admin accounts",
};

const EDITOR: readonly Capability[] = ["pages", "media", "events", "videos", "reviews", "newsletter", "volunteer-roles", "bin"];
const SAFEGUARDING: readonly Capability[] = ["registrations"];

/** The permission table. */
export const ROLE_CAPABILITIES: Record<StaffRole, readonly Capability[]> = {
  admin: CAPABILITIES,
  editor: EDITOR,
  safeguarding: SAFEGUARDING,
};

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
}

/** Whether an account with this role may do this (any other role, "member" included, may do nothing). */
export function can(role: string, capability: Capability): boolean {
  return isStaffRole(role) && ROLE_CAPABILITIES[role].includes(capability);
}

export function roleLabel(role: string): string {
  return isStaffRole(role) ? ROLE_LABELS[role] : "No admin access";
}

/** A refusal in words: what this account may not do, and whom to ask. */
export function refusalMessage(role: string, capability: Capability): string {
  return `Your account (${roleLabel(role)}) may not ${CAPABILITY_WORDS[capability]}. If your work needs it, ask one of the site's Admins to change your role.`;
}
