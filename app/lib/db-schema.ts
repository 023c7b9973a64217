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
}

export interface DatabaseSchema {
  media_files: MediaFilesTable;
  // 0005: testimonials, events, videos
  testimonials: TestimonialsTable;
  events: EventsTable;
  youtube_videos: YoutubeVideosTable;
  // 0007: mailer, jobs, newsletter
  outbox: OutboxTable;
  jobs: JobsTable;
  subscribers: SubscribersTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  form_attempts: FormAttemptsTable;
}

export type { Generated };
