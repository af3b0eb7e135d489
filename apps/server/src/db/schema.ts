import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// Every table's type for Kysely, in one place beside the migrations (db/migrations): a migration that adds or
// changes a table changes its type here in the same commit.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | T | undefined, string | T>;

export interface WhitelabelsTable {
  id: Generated<string>;
  name: string | null;
  custom_domain: string | null;
  logo_left: string | null;
  navigation_background_color: string | null;
  main_text_color: string | null;
  active_text_color: string | null;
  background_hover_color: string | null;
  hover_text_color: string | null;
  support_email: string | null;
  created_at: Generated<Date>;
}

export interface AccountsTable {
  id: Generated<string>;
  parent_id: string | null;
  name: string;
  vertical: Generated<string>;
  segment: string | null;
  status: Generated<string>;
  account_active: Generated<boolean>;
  trial_started_at: NullableTimestamp;
  trial_ended_at: NullableTimestamp;
  whitelabel_id: string | null;
  customer_success_manager_id: string | null;
  customer_success_manager_name: string | null;
  review_status_label_id: string | null;
  time_zone: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AccountSettingsTable {
  id: Generated<string>;
  account_id: string;
  code: string;
  value: string;
}

export interface AccountExperimentsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  variant: Generated<string>;
  created_at: Generated<Date>;
}

export interface UserTypesTable {
  id: number;
  code: string;
  name: string;
}

export interface UsersTable {
  id: Generated<string>;
  account_id: string;
  email: string;
  name: Generated<string>;
  profile_name: string | null;
  password_hash: string | null;
  user_type_id: number;
  is_account_owner: Generated<boolean>;
  is_shadow: Generated<boolean>;
  status: Generated<string>;
  password_changed_at: Generated<Date>;
  password_expires_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  confirmation_token_hash: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  account_id: string;
  token_hash: string;
  shadowing: Generated<boolean>;
  impersonated_by: string | null;
  parent_session_id: string | null;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface SignInFailuresTable {
  id: Generated<string>;
  email: string;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface CountriesTable {
  id: Generated<string>;
  code: string;
  code3: string | null;
  name: string;
}

export interface StatesTable {
  id: Generated<string>;
  country_id: string;
  code: string;
  short_code: string;
  name: string;
  type: string | null;
}

export interface GroupsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface LocationsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  public_name: string | null;
  address: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  state_id: string | null;
  country: string | null;
  country_id: string | null;
  zipcode: string | null;
  phone: string | null;
  website: string | null;
  external_id: string | null;
  google_place_id: string | null;
  category_id: string | null;
  category_name: string | null;
  is_headquarters: Generated<boolean>;
  open_status: Generated<string>;
  hours: Json | null;
  time_zone: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Migration 0014. */
  npi_numbers: Generated<string[]>;
  publishing_enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface GroupLocationsTable {
  group_id: string;
  location_id: string;
}

export interface WebhookEventsTable {
  id: Generated<string>;
  account_id: string | null;
  user_id: string | null;
  event: string;
  notification_type: string | null;
  feature_name: string | null;
  payload: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

export interface SchedulesTable {
  name: string;
  cron: string;
  time_zone: Generated<string>;
  job: string;
  data: Json<Record<string, unknown>>;
  next_run_at: Timestamp;
  last_run_at: NullableTimestamp;
}

export interface SentEmailsTable {
  idempotency_key: string;
  to_address: string;
  subject: string;
  message_id: string | null;
  sent_at: NullableTimestamp;
  // Migration 0011: the send's claim (platform/mail.ts).
  state: Generated<"claimed" | "committing" | "sent" | "uncertain">;
  claim_id: string | null;
  attempts: Generated<number>;
  claimed_at: Generated<Date>;
  committing_at: NullableTimestamp;
  smtp_response: string | null;
}

export interface EmailUnsubscribesTable {
  id: Generated<string>;
  kind: "alerts" | "requests" | "scheduled_exports";
  /** SHA-256 of the link's token; the token itself is only in the e-mail. */
  token_hash: string;
  account_id: string;
  user_id: string | null;
  email: string;
  resource_id: string | null;
  created_at: Generated<Date>;
  unsubscribed_at: NullableTimestamp;
}

export interface SsoTokensTable {
  id: Generated<string>;
  user_id: string;
  account_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
  /** Migration 0011: the link opens an operator's impersonated session. */
  impersonation_id: string | null;
}

// ---- Impersonation and the audit log (migration 0011) ----

export interface ImpersonationsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string;
  /** The operator's e-mail address (provider staff, not necessarily a user of the account). */
  operator: string;
  reason: string;
  created_at: Generated<Date>;
  link_expires_at: Timestamp;
  session_id: string | null;
  started_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  ended_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  account_id: string;
  impersonation_id: string | null;
  actor: string;
  action: string;
  details: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

// ---- Reviews, sources, responses, tags, notes, templates, alerts (migrations 0003, 0005) ----

export interface SourcesTable {
  id: Generated<string>;
  code: string;
  name: string;
  ordinal: Generated<number>;
  logo_url: string | null;
  color: string | null;
  supports_reviews: Generated<boolean>;
  supports_responses: Generated<boolean>;
  supports_images: Generated<boolean>;
  response_char_limit: number | null;
  connection_issue_title: string | null;
  connection_issue_message: string | null;
}
export interface UrlsTable {
  id: Generated<string>;
  account_id: string;
  location_id: string;
  source_id: string;
  link: string;
  reference_id: string | null;
  status: Generated<string>;
  request_reviews: Generated<boolean>;
  last_scanned_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export interface SourceCredentialsTable {
  id: Generated<string>;
  account_id: string;
  source_id: string;
  access_token: string | null;
  api_key: string | null;
  business_user_id: string | null;
  expires_at: NullableTimestamp;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
}
export interface IssuesTable {
  id: Generated<string>;
  account_id: string;
  location_id: string;
  source_id: string;
  status: string;
  muted: Generated<boolean>;
  created_at: Generated<Date>;
  resolved_at: NullableTimestamp;
}
export interface ReviewStatusLabelsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  color: string | null;
  ordinal: Generated<number>;
  created_at: Generated<Date>;
}
export interface ReviewsTable {
  id: Generated<string>;
  account_id: string;
  location_id: string;
  source_id: string;
  source_review_id: string;
  author_name: string | null;
  author_avatar_url: string | null;
  rating: number | null;
  recommendation: string | null;
  title: string | null;
  content: string | null;
  url: string | null;
  published_at: Timestamp;
  first_seen_at: Generated<Date>;
  updated_at_source: NullableTimestamp;
  deleted_at_source: NullableTimestamp;
  sentiment: Generated<number>;
  categories: ColumnType<string[], string[] | undefined, string[]>;
  status_label_id: string | null;
  respondable: Generated<boolean>;
  response_status: string | null;
  responded_at: NullableTimestamp;
  images_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Migration 0016: the user the review is assigned to. */
  assigned_user_id: Generated<string | null>;
  /** Migration 0029: the analysis model version that set sentiment, categories and mentions (null: unknown). */
  analysis_version: Generated<string | null>;
}
export interface ReviewImagesTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  name: string | null;
  url: string;
  cdn_url: string | null;
  low_resolution_url: string | null;
  cdn_low_resolution_url: string | null;
  position: Generated<number>;
}
export interface ReviewMentionsTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  location_id: string;
  source_id: string;
  published_at: Timestamp;
  keyword: string;
  category: string | null;
  sentiment: string;
}
export interface ResponsesTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  source_id: string;
  user_id: string | null;
  content: string;
  status: Generated<string>;
  status_description: string | null;
  read_only: Generated<boolean>;
  from_source: Generated<boolean>;
  source_response_id: string | null;
  published_at: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}
export interface TagsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  created_at: Generated<Date>;
}
export interface ReviewTagsTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  tag_id: string;
  name: string;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
}
export interface NotesTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  user_id: string | null;
  content: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ReviewHistoryTable {
  id: Generated<string>;
  account_id: string;
  review_id: string;
  user_id: string | null;
  action: string;
  details: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}
export interface ResponseTemplatesTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  content: string;
  rating_min: number | null;
  rating_max: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Migration 0016: the sources the template is offered for (empty: all). */
  source_ids: ColumnType<string[], string[] | undefined, string[]>;
}
export interface AlertTypesTable {
  id: number;
  code: string;
  name: string;
}
export interface AlertFrequenciesTable {
  id: number;
  code: string;
  name: string;
}
export interface AlertsTable {
  /** When the alert was last switched on (migration 0005). */
  enabled_at: ColumnType<Date, Date | string | undefined, Date | string>;
  id: Generated<string>;
  account_id: string;
  user_id: string;
  alert_type_id: number;
  alert_frequency_id: number;
  filters: Json<Record<string, unknown>>;
  enabled: Generated<boolean>;
  last_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
}

// ---- Ingestion (migration 0005) ----

export interface SourceSyncsTable {
  location_id: string;
  source_id: string;
  account_id: string;
  full_syncs: Generated<number>;
  last_started_at: NullableTimestamp;
  last_completed_at: NullableTimestamp;
  /** When POST /api/locations/{id}/sync last queued a sync (migration 0010). */
  requested_at: NullableTimestamp;
  last_status: string | null;
  last_error: string | null;
  last_counts: Json<Record<string, number>>;
}

export interface ReviewSourceMissesTable {
  review_id: string;
  misses: Generated<number>;
  last_missed_at: Generated<Date>;
}

export interface ImportError {
  /** 1-based position of the record among the file's data rows (the CSV header is not counted). */
  row: number;
  field: string;
  message: string;
}

export interface ReviewImportsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string | null;
  file_name: string | null;
  status: Generated<string>;
  total: Generated<number>;
  processed: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  error_count: Generated<number>;
  errors: Json<ImportError[]>;
  rows: ColumnType<Record<string, unknown>[] | null, string | null | undefined, string | null>;
  status_reason: string | null;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

// ---- Metrics roll-ups (migrations 0005, 0008; kept by the triggers of 0009) ----

interface StatsColumns {
  account_id: string;
  source_id: string;
  /** Calendar day of published_at in the account's time zone, YYYY-MM-DD. */
  day: string;
  /** 0 for reviews without stars. */
  rating: number;
  sentiment: number;
  review_count: number;
  respondable_count: number;
  /** Respondable reviews with a published response. */
  responded_count: number;
  /** Reviews (respondable or not) with a published response; the divisor of the response time. */
  response_count: number;
  /** Hours from published_at to the first published response, summed over response_count reviews. */
  response_hours_sum: number;
}

export interface ReviewDailyStatsTable extends StatsColumns {
  location_id: string;
}
export type ReviewDailyAccountStatsTable = StatsColumns;

/** By experience category: a review counts once in each of its categories. */
export interface ReviewDailyCategoryStatsTable extends StatsColumns {
  location_id: string;
  category: string;
}
export interface ReviewDailyAccountCategoryStatsTable extends StatsColumns {
  category: string;
}

// ---- Insights: keyword roll-ups and re-analysis runs (migration 0015) ----
/** Reviews per (location, day, keyword, category, source, rating) that mention the keyword positively / negatively / only neutrally. */
export interface KeywordDailyStatsTable {
  account_id: string;
  location_id: string;
  day: string;
  keyword: string;
  /** '' for a keyword without a category. */
  category: string;
  source_id: string;
  rating: number;
  positive_count: number;
  negative_count: number;
  neutral_count: number;
}
export interface KeywordDailyAccountStatsTable {
  account_id: string;
  day: string;
  keyword: string;
  category: string;
  positive_count: number;
  negative_count: number;
  neutral_count: number;
}
export interface KeywordMonthlyAccountStatsTable {
  account_id: string;
  /** The month's first day. */
  month: string;
  keyword: string;
  category: string;
  positive_count: number;
  negative_count: number;
  neutral_count: number;
}
/** Migration 0030: a group's keyword rows by day and by calendar month (summed from its locations' rows). */
export interface KeywordDailyGroupStatsTable {
  group_id: string;
  account_id: string;
  day: string;
  keyword: string;
  category: string;
  positive_count: number;
  negative_count: number;
  neutral_count: number;
}
export interface KeywordMonthlyGroupStatsTable {
  group_id: string;
  account_id: string;
  /** The month's first day. */
  month: string;
  keyword: string;
  category: string;
  positive_count: number;
  negative_count: number;
  neutral_count: number;
}
/**
 * Migration 0036: an account's reviews per (lexeme of the list's search vector, day in the account's time zone),
 * deleted at the source left out.
 */
export interface ReviewDailySearchStatsTable {
  account_id: string;
  lexeme: string;
  day: string;
  review_count: number;
}

/** Daily overview sums, one dimension per row: kind 0 by rating, 1 by source, 2 by sentiment (the others null). */
interface DailyKindSums {
  account_id: string;
  day: string;
  kind: number;
  rating: number | null;
  source_id: string | null;
  sentiment: number | null;
  review_count: number;
  respondable_count: number;
  responded_count: number;
  response_count: number;
  response_hours_sum: number;
}

/** A group's daily overview sums (migration 0035). */
export interface ReviewDailyGroupStatsTable extends DailyKindSums {
  group_id: string;
}

/** An account's daily overview sums, from review_daily_account_stats (migration 0038). */
export type ReviewDailyAccountOverviewStatsTable = DailyKindSums;

/** An account's weekly overview sums (Monday to Sunday), from review_daily_account_overview_stats (migration 0040). */
export interface ReviewWeeklyAccountOverviewStatsTable extends Omit<DailyKindSums, "day"> {
  week: string;
}

/** Migration 0030: a group's reviews per (day, category, review sentiment), deleted at the source left out. */
export interface ReviewDailyGroupCategoryStatsTable {
  group_id: string;
  account_id: string;
  day: string;
  category: string;
  sentiment: number;
  review_count: number;
}
export interface AnalysisRunsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string | null;
  reason: string;
  model_version: string;
  status: Generated<string>;
  total: Generated<number>;
  done: Generated<number>;
  last_review_id: string | null;
  error: string | null;
  created_at: Generated<Date>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

// ---- Review triage: bulk actions (migration 0016) ----
export interface ReviewBulkActionsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string | null;
  kind: string;
  params: Json<Record<string, unknown>>;
  review_ids: ColumnType<string[], string[], string[]>;
  status: Generated<string>;
  total: number;
  done: Generated<number>;
  error: string | null;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
  undone_at: NullableTimestamp;
}
export interface ReviewBulkActionItemsTable {
  bulk_action_id: string;
  review_id: string;
  before: Json<Record<string, unknown>>;
}

/** Migration 0017: accounts whose sources are the built-in sandboxes (the demo's). */
export interface SandboxAccountsTable {
  account_id: string;
  created_at: Generated<Date>;
}

// ---- Saved filters and scheduled exports (migration 0013) ----
export interface UserPreferencesTable {
  id: Generated<string>;
  account_id: string;
  user_id: string;
  preference_type: string;
  name: string;
  config: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ScheduledExportsTable {
  id: Generated<string>;
  account_id: string;
  created_by_user_id: string;
  export_type: string;
  resource_id: string | null;
  email_subject: string;
  email_body: Generated<string>;
  email_frequency: string;
  scheduled_time: string;
  scheduled_day: string | null;
  scheduled_day_of_month: number | null;
  date_range_legend: string;
  filters: Json<Record<string, unknown>>;
  recipient_user_ids: Generated<string[]>;
  next_run_at: Timestamp;
  last_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ScheduledExportRunsTable {
  id: Generated<string>;
  scheduled_export_id: string;
  account_id: string;
  slot: Timestamp;
  date_from: string | null;
  date_to: string;
  file_id: string | null;
  file_url: string | null;
  file_path: string | null;
  row_count: number | null;
  completed_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export interface ScheduledExportSendsTable {
  run_id: string;
  email: string;
  user_id: string | null;
  idempotency_key: string;
  claimed_at: Generated<Date>;
}

/** Migration 0012: export files (features/exports) and the key their download links are signed with. */
export interface ExportFilesTable {
  id: Generated<number>;
  account_id: string;
  user_id: string | null;
  resource: string;
  file_type: Generated<string>;
  filters: Json<Record<string, unknown>>;
  download_options: Json<Record<string, unknown>> | null;
  request_type: string | null;
  resource_id: string | null;
  send_email: Generated<boolean>;
  impersonated: Generated<boolean>;
  status: Generated<"pending" | "processing" | "done" | "no_results" | "failed">;
  status_reason: "timeout" | "other" | null;
  row_count: Generated<number>;
  file_path: string | null;
  byte_size: number | null;
  created_at: Generated<Date>;
  started_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  expires_at: NullableTimestamp;
}
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

// ---- Location details (migration 0014) ----
export interface SpecialHoursTable {
  id: Generated<string>;
  account_id: string;
  location_id: string;
  /** A DATE, read as YYYY-MM-DD text (db/database.ts type parser). */
  start_date: ColumnType<string, string, string>;
  closed: Generated<boolean>;
  is_24_hours: Generated<boolean>;
  hours: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface LocationSourceOverridesTable {
  id: Generated<string>;
  account_id: string;
  location_id: string;
  source_id: string;
  phone: string | null;
  website: string | null;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface LocationImportsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string | null;
  file_name: string | null;
  content: string;
  status: Generated<string>;
  total_rows: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  failed_count: Generated<number>;
  rows: Json;
  error: string | null;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
}
export interface BusinessCategoriesTable {
  id: string;
  name: string;
}
export interface MediaCategoriesTable {
  id: Generated<string>;
  code: string;
  name: string;
  ordinal: number;
}

// ---- Review requests, the ask tool (migration 0018) ----
export interface ContactsTable {
  id: Generated<string>;
  account_id: string;
  location_id: string | null;
  name: Generated<string>;
  email: string | null;
  /** E.164. */
  phone: string | null;
  custom_attributes: Json<Record<string, string>>;
  /** How, when and with what wording the customer agreed: `{ method, at, wording }`. */
  email_consent: Json<{ method: string; at: string; wording: string } | null> | null;
  sms_consent: Json<{ method: string; at: string; wording: string } | null> | null;
  email_opted_out_at: NullableTimestamp;
  sms_opted_out_at: NullableTimestamp;
  email_undeliverable_at: NullableTimestamp;
  email_undeliverable_reason: string | null;
  last_requested_at: NullableTimestamp;
  upload_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface DoNotContactTable {
  id: Generated<string>;
  account_id: string;
  email: string | null;
  phone: string | null;
  reason: string | null;
  created_at: Generated<Date>;
}
export interface ContactUploadsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string | null;
  kind: Generated<string>;
  location_id: string | null;
  campaign_id: string | null;
  file_name: Generated<string>;
  file_path: string | null;
  mime_type: string | null;
  status: Generated<"processing" | "complete" | "error">;
  error: string | null;
  rows_total: number | null;
  rows_done: Generated<number>;
  total_successful_recipients: Generated<number>;
  total_failed_recipients: Generated<number>;
  result: Json<Record<string, unknown>> | null;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
}
export interface ContactUploadRowsTable {
  upload_id: string;
  row_number: number;
  contact_id: string | null;
  values: Json<Record<string, string>>;
  reason: string | null;
}
export interface RequestTemplatesTable {
  id: Generated<string>;
  account_id: string;
  request_type: "email" | "sms";
  layout_id: string | null;
  metadata: Json<Record<string, unknown>>;
  resource_id: string | null;
  resource_type: string | null;
  name: string;
  content: Generated<string>;
  subject: string | null;
  header_text: string | null;
  header_image: string | null;
  use_header_image: Generated<boolean>;
  feedback_type: Generated<string>;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}
export type CampaignStatus = "draft" | "scheduled" | "sending" | "sent" | "cancelled";
export interface CampaignsTable {
  id: Generated<string>;
  account_id: string;
  location_id: string | null;
  location_ids: Generated<string[]>;
  is_multi: Generated<boolean>;
  request_type: "email" | "sms";
  layout_id: string | null;
  template_id: string | null;
  name: string;
  status: Generated<CampaignStatus>;
  scheduled_at: NullableTimestamp;
  auto_select_sources: Generated<boolean>;
  url_ids: Generated<string[]>;
  feedback_configuration: Json<{ selector_type: string } & Record<string, unknown>>;
  microsurvey_id: string | null;
  sender_name: string | null;
  sender_email: string | null;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  started_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  /** Migration 0020: the campaign's own copy of the message (null: the template's). */
  subject: string | null;
  content: string | null;
  header_text: string | null;
  header_image: string | null;
  use_header_image: Generated<boolean>;
}
/** Migration 0020: a header image being processed, reported on the push channel rtx_images-{resource_id}. */
export interface RtxImagesTable {
  id: Generated<string>;
  account_id: string;
  resource_id: string;
  upload_id: string | null;
  label: string | null;
  mime_type: string | null;
  status: Generated<"processing" | "processing_complete" | "error">;
  file_name: string | null;
  url: string | null;
  message: string | null;
  width: number | null;
  height: number | null;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface CampaignRecipientsTable {
  campaign_id: string;
  contact_id: string;
  added_at: Generated<Date>;
}
export type RequestStatus =
  | "queued"
  | "held"
  | "skipped"
  | "sent"
  | "delivered"
  | "failed"
  | "opened"
  | "clicked"
  | "completed";
export interface RequestsTable {
  id: Generated<string>;
  account_id: string;
  campaign_id: string | null;
  contact_id: string | null;
  location_id: string | null;
  channel: "email" | "sms";
  /** SHA-256 of the link's token; the token itself is only in the message. */
  token_hash: string;
  status: Generated<RequestStatus>;
  failure_reason: string | null;
  skip_reason: string | null;
  hold_until: NullableTimestamp;
  queued_at: Generated<Date>;
  sent_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  opened_at: NullableTimestamp;
  clicked_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  review_id: string | null;
  score: number | null;
  /** When the send job took the request (migration 0021; features/request-sending). */
  send_claimed_at: NullableTimestamp;
}
export interface RequestSendsTable {
  id: Generated<string>;
  request_id: string;
  channel: "email" | "sms";
  attempt: Generated<number>;
  state: Generated<"claimed" | "committing" | "sent" | "failed" | "uncertain">;
  claim_id: string | null;
  to_address: string;
  provider_message_id: string | null;
  provider_status: string | null;
  error_code: string | null;
  error_message: string | null;
  claimed_at: Generated<Date>;
  committing_at: NullableTimestamp;
  sent_at: NullableTimestamp;
}
export interface SmsInboundTable {
  id: Generated<string>;
  account_id: string | null;
  provider_message_id: string | null;
  from_phone: string;
  to_phone: string | null;
  body: Generated<string>;
  action: string | null;
  received_at: Generated<Date>;
}
/** The send throttle per channel and sender (migration 0021; features/request-sending). */
export interface RequestSendSlotsTable {
  sender_key: string;
  next_at: Generated<Date>;
}
export interface RequestSettingsTable {
  account_id: string;
  /** "HH:MM[:SS]" in the location's time zone. */
  quiet_hours_start: Generated<string>;
  quiet_hours_end: Generated<string>;
  min_days_between_requests: Generated<number>;
  updated_at: Generated<Date>;
}
export interface RequestPagesTable {
  id: Generated<string>;
  account_id: string;
  contact_email: string | null;
  contact_number: string | null;
  logo_url: string | null;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface MicrosurveysTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  is_star_rating_question: Generated<boolean>;
  normalize_star_rating: Generated<5 | 10>;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}
export interface MicrosurveyQuestionsTable {
  id: Generated<string>;
  microsurvey_id: string;
  position: number;
  kind: "star" | "nps" | "choice" | "text";
  text: string;
  choices: Json<string[]>;
  required: Generated<boolean>;
}
export interface MicrosurveyResponsesTable {
  id: Generated<string>;
  account_id: string;
  microsurvey_id: string;
  request_id: string | null;
  location_id: string | null;
  contact_id: string | null;
  review_id: string | null;
  /** Question id → the answer (a number for star/nps, the choice or the text otherwise). */
  answers: Json<Record<string, string | number>>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DB {
  contacts: ContactsTable;
  do_not_contact: DoNotContactTable;
  contact_uploads: ContactUploadsTable;
  contact_upload_rows: ContactUploadRowsTable;
  request_templates: RequestTemplatesTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  rtx_images: RtxImagesTable;
  requests: RequestsTable;
  request_sends: RequestSendsTable;
  sms_inbound: SmsInboundTable;
  request_settings: RequestSettingsTable;
  request_send_slots: RequestSendSlotsTable;
  request_pages: RequestPagesTable;
  microsurveys: MicrosurveysTable;
  microsurvey_questions: MicrosurveyQuestionsTable;
  microsurvey_responses: MicrosurveyResponsesTable;
  special_hours: SpecialHoursTable;
  location_source_overrides: LocationSourceOverridesTable;
  location_imports: LocationImportsTable;
  business_categories: BusinessCategoriesTable;
  media_categories: MediaCategoriesTable;
  export_files: ExportFilesTable;
  app_secrets: AppSecretsTable;
  user_preferences: UserPreferencesTable;
  scheduled_exports: ScheduledExportsTable;
  scheduled_export_runs: ScheduledExportRunsTable;
  scheduled_export_sends: ScheduledExportSendsTable;
  sandbox_accounts: SandboxAccountsTable;
  sources: SourcesTable;
  urls: UrlsTable;
  source_credentials: SourceCredentialsTable;
  issues: IssuesTable;
  review_status_labels: ReviewStatusLabelsTable;
  reviews: ReviewsTable;
  review_images: ReviewImagesTable;
  review_mentions: ReviewMentionsTable;
  responses: ResponsesTable;
  tags: TagsTable;
  review_tags: ReviewTagsTable;
  notes: NotesTable;
  review_history: ReviewHistoryTable;
  response_templates: ResponseTemplatesTable;
  alert_types: AlertTypesTable;
  alert_frequencies: AlertFrequenciesTable;
  alerts: AlertsTable;
  source_syncs: SourceSyncsTable;
  review_source_misses: ReviewSourceMissesTable;
  review_imports: ReviewImportsTable;
  review_daily_stats: ReviewDailyStatsTable;
  review_daily_account_stats: ReviewDailyAccountStatsTable;
  review_daily_category_stats: ReviewDailyCategoryStatsTable;
  review_daily_account_category_stats: ReviewDailyAccountCategoryStatsTable;
  sso_tokens: SsoTokensTable;
  whitelabels: WhitelabelsTable;
  accounts: AccountsTable;
  account_settings: AccountSettingsTable;
  account_experiments: AccountExperimentsTable;
  user_types: UserTypesTable;
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  password_resets: PasswordResetsTable;
  countries: CountriesTable;
  states: StatesTable;
  groups: GroupsTable;
  locations: LocationsTable;
  group_locations: GroupLocationsTable;
  webhook_events: WebhookEventsTable;
  schedules: SchedulesTable;
  sent_emails: SentEmailsTable;
  impersonations: ImpersonationsTable;
  audit_log: AuditLogTable;
  email_unsubscribes: EmailUnsubscribesTable;
  keyword_daily_stats: KeywordDailyStatsTable;
  keyword_daily_account_stats: KeywordDailyAccountStatsTable;
  keyword_monthly_account_stats: KeywordMonthlyAccountStatsTable;
  keyword_daily_group_stats: KeywordDailyGroupStatsTable;
  keyword_monthly_group_stats: KeywordMonthlyGroupStatsTable;
  review_daily_group_category_stats: ReviewDailyGroupCategoryStatsTable;
  review_daily_group_stats: ReviewDailyGroupStatsTable;
  review_daily_account_overview_stats: ReviewDailyAccountOverviewStatsTable;
  review_weekly_account_overview_stats: ReviewWeeklyAccountOverviewStatsTable;
  review_daily_search_stats: ReviewDailySearchStatsTable;
  analysis_runs: AnalysisRunsTable;
  review_bulk_actions: ReviewBulkActionsTable;
  review_bulk_action_items: ReviewBulkActionItemsTable;
}

export type Account = Selectable<AccountsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Location = Selectable<LocationsTable>;
export type Group = Selectable<GroupsTable>;
