/** The two database engines the same schema and queries run on. */
export type Engine = "sqlite" | "postgres";

import type { Generated } from "kysely";

/**
 * Column types as both engines return them. Booleans are stored as 1/0
 * (SQLite has no boolean; PostgreSQL reads '1'/'0' as boolean input), big
 * numbers may come back as strings from PostgreSQL, and timestamps are
 * ISO-8601 strings in UTC so they sort the same on both engines.
 * Entity modules turn rows into plain shapes; nothing else reads these.
 */
export type DbBool = number | boolean;
export type DbInt = number | string | bigint;

export interface MediaFilesTable {
  id: string;
  filename: string;
  original_name: string;
  file_url: string;
  file_type: string;
  file_size: DbInt;
  category: string;
  alt_text: string;
  caption: string | null;
  page_assignment: string | null;
  section_assignment: string | null;
  is_active: DbBool;
  created_by: string | null;
  created_at: string;
  // 0003: storage and image pipeline
  mime_type: string | null;
  content_hash: string | null;
  width: DbInt | null;
  height: DbInt | null;
  placeholder: string | null;
  /** JSON array of MediaVariant. */
  variants: string | null;
  poster_url: string | null;
  /** null (nothing to do), pending, processing, done or failed. */
  processing: string | null;
  processing_started_at: string | null;
  upload_id: string | null;
  // 0011: retries of the image work
  /** How many times the image work has been claimed (each claim is an attempt). */
  processing_attempts: DbInt;
  /** A pending image waits until this time before it is tried again; null: at once. */
  processing_retry_at: string | null;
  // 0013: the bin (null: not in it)
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text: string;
  html: string | null;
  headers: string | null;
  kind: string;
  status: string;
  error: string | null;
  campaign_id: string | null;
  message_id: string | null;
  created_at: string;
  sent_at: string | null;
  /** The record the message is about (see MailAbout), deleted with it. */
  about_type: string | null;
  about_id: string | null;
}

export interface JobsTable {
  id: string;
  type: string;
  payload: string;
  status: string;
  attempts: DbInt;
  max_attempts: DbInt;
  run_at: string;
  locked_at: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface SubscribersTable {
  id: string;
  email: string;
  status: string;
  confirm_nonce: string | null;
  confirm_sent_at: string | null;
  consent_source: string | null;
  consent_text: string | null;
  requested_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CampaignsTable {
  id: string;
  template: string;
  subject: string;
  content: string;
  status: string;
  created_by: string | null;
  job_id: string | null;
  created_at: string;
  updated_at: string;
  queued_at: string | null;
  finished_at: string | null;
}

export interface CampaignRecipientsTable {
  id: string;
  campaign_id: string;
  subscriber_id: string;
  email: string;
  status: string;
  claimed_at: string | null;
  sent_at: string | null;
  outbox_id: string | null;
  error: string | null;
}

export interface FormAttemptsTable {
  id: string;
  form: string;
  key_hash: string;
  created_at: string;
}

export interface TestimonialsTable {
  id: string;
  name: string;
  role: string;
  rating: DbInt | null;
  text: string;
  color: string;
  /** pending, approved or rejected. */
  status: string;
  sort_order: DbInt;
  created_at: string;
  updated_at: string;
  // 0013: the bin (null: not in it)
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface EventsTable {
  id: string;
  slug: string;
  title: string;
  category: string;
  /** Europe/London local date YYYY-MM-DD; null for an undated regular session. */
  date: string | null;
  /** Europe/London local time HH:MM. */
  time: string | null;
  schedule_note: string | null;
  location: string;
  description: string;
  image_url: string | null;
  image_alt: string | null;
  is_published: DbBool;
  created_at: string;
  updated_at: string;
  // 0013: the bin (null: not in it)
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface YoutubeVideosTable {
  id: string;
  /** The 11-character YouTube video id, never a URL. */
  video_id: string;
  title: string;
  description: string;
  page_assignment: string;
  sort_order: DbInt;
  thumbnail_url: string | null;
  created_at: string;
  updated_at: string;
  // 0013: the bin (null: not in it)
  deleted_at: string | null;
  deleted_by: string | null;
}

/** 0002: people who can sign in (Better Auth's tables, our column names). */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: DbBool;
  image: string | null;
  /** admin or member; only admins reach /admin. */
  role: string;
  created_at: string | Date;
  updated_at: string | Date;
  // 0009: set by the two-factor plugin once TOTP is verified
  two_factor_enabled: DbBool | null;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: string | Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  // 0012: when the password (or a code) was last given again; null: at sign-in (created_at)
  password_checked_at: string | null;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

export interface LoginAttemptsTable {
  id: string;
  account_key: string;
  ip: string;
  created_at: string;
}

/** 0009: the two-factor plugin's secrets (encrypted with AUTH_SECRET). */
export interface TwoFactorsTable {
  id: string;
  user_id: string;
  secret: string;
  backup_codes: string;
  verified: DbBool | null;
  failed_verification_count: DbInt | null;
  locked_until: string | Date | null;
  // 0012: the 30-second step of the last accepted authenticator code; older or equal steps are refused
  last_totp_step: DbInt | null;
}

/** 0009: invitations to become an admin; only the token's hash is kept. */
export interface InvitationsTable {
  id: string;
  email: string;
  token_hash: string;
  role: string;
  invited_by: string | null;
  invited_by_email: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_user_id: string | null;
  revoked_at: string | null;
}

/** 0009: one row ("site") of account rules. */
export interface AccountPolicyTable {
  id: string;
  require_two_factor: DbBool;
  updated_at: string;
  updated_by: string | null;
}

export interface AuditLogTable {
  id: string;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  /** JSON object with action-specific detail. */
  detail: string | null;
  created_at: string;
}

export interface SetupClaimsTable {
  name: string;
  claimed_at: string;
}

export interface VolunteerOpportunitiesTable {
  id: string;
  title: string;
  type: string;
  time_commitment: string;
  skills: string;
  description: string;
  is_open: DbBool;
  sort_order: DbInt;
  created_at: string;
  updated_at: string;
  // 0013: the bin (null: not in it)
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface VolunteerApplicationsTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  roles: string;
  availability: string;
  message: string;
  consent_at: string | null;
  status: string;
  decided_by: string | null;
  decided_at: string | null;
  hours: DbInt;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  status: string;
  answered_by: string | null;
  answered_at: string | null;
  created_at: string;
}

export interface RegistrationsTable {
  id: string;
  registrant: string;
  child_name: string;
  child_dob: string;
  programmes: string;
  parent_name: string;
  parent_phone: string;
  parent_email: string;
  emergency_name: string;
  emergency_phone: string;
  needs: string;
  photo_consent: DbBool;
  declared_at: string | null;
  status: string;
  last_contact_at: string;
  created_at: string;
  updated_at: string;
}

export interface PageContentTable {
  page_id: string;
  hero_title: string | null;
  hero_subtitle: string | null;
  main_title: string | null;
  content: string | null;
  layout: string | null;
  /** JSON array of page image entries; null follows the built-in images. */
  images: string | null;
  revision: DbInt;
  updated_at: string;
  updated_by: string | null;
  updated_by_email: string | null;
}

export interface PageContentRevisionsTable {
  id: string;
  page_id: string;
  revision: DbInt;
  hero_title: string | null;
  hero_subtitle: string | null;
  main_title: string | null;
  content: string | null;
  layout: string | null;
  images: string | null;
  restored_from: DbInt | null;
  created_at: string;
  created_by: string | null;
  created_by_email: string | null;
}

export interface SectionImagesTable {
  page_id: string;
  section: string;
  image_url: string;
  alt_text: string;
  media_id: string | null;
  width: DbInt | null;
  height: DbInt | null;
  updated_at: string;
  updated_by: string | null;
}

export interface SiteSettingsTable {
  key: string;
  /** JSON-encoded. */
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface ContentVersionTable {
  id: string;
  version: DbInt;
}

/** 0014: a page of the site (decision 015); documents are JSON (page-document.ts). */
export interface PagesTable {
  id: string;
  parent_id: string | null;
  slug: string;
  path: string;
  category: string;
  position: DbInt;
  menu_hidden: DbBool;
  /** "content" for pages the catch-all route renders, else the name of the route that owns the path. */
  template: string;
  published: string | null;
  draft: string | null;
  version: DbInt;
  scheduled_at: string | null;
  schedule_job_id: string | null;
  published_at: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  updated_by_email: string | null;
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface PageRevisionsTable {
  id: string;
  page_id: string;
  revision: DbInt;
  document: string;
  /** seed, migration, publish, scheduled, restore or unpublish. */
  action: string;
  restored_from: DbInt | null;
  created_at: string;
  created_by: string | null;
  created_by_email: string | null;
}

export interface PageRedirectsTable {
  path: string;
  page_id: string;
  created_at: string;
}

/** 0015: the header menu and the footer links; items are JSON (app/features/navigation/menu-schema.ts). */
export interface NavigationMenusTable {
  name: string;
  items: string;
  version: DbInt;
  updated_at: string;
  updated_by: string | null;
  updated_by_email: string | null;
}

export interface DatabaseSchema {
  media_files: MediaFilesTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  setup_claims: SetupClaimsTable;
  // 0009: admin accounts beyond the first
  two_factors: TwoFactorsTable;
  invitations: InvitationsTable;
  account_policy: AccountPolicyTable;
  // 0005: testimonials, events, videos
  testimonials: TestimonialsTable;
  events: EventsTable;
  youtube_videos: YoutubeVideosTable;
  // 0006: volunteers, messages, registrations
  volunteer_opportunities: VolunteerOpportunitiesTable;
  volunteer_applications: VolunteerApplicationsTable;
  messages: MessagesTable;
  registrations: RegistrationsTable;
  // 0007: mailer, jobs, newsletter
  outbox: OutboxTable;
  jobs: JobsTable;
  subscribers: SubscribersTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  form_attempts: FormAttemptsTable;
  // 0004: page content, section images, settings
  page_content: PageContentTable;
  page_content_revisions: PageContentRevisionsTable;
  section_images: SectionImagesTable;
  site_settings: SiteSettingsTable;
  content_version: ContentVersionTable;
  pages: PagesTable;
  page_revisions: PageRevisionsTable;
  page_redirects: PageRedirectsTable;
  // 0015: menus
  navigation_menus: NavigationMenusTable;
}

export type { Generated };
