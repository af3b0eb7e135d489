import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ReviewsDB } from "./reviews-schema.ts";

// Table types for Kysely. Features add their tables in their own files and list them here.
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
  sent_at: Generated<Date>;
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
}

export interface DB extends ReviewsDB {
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
  email_unsubscribes: EmailUnsubscribesTable;
}

export type Account = Selectable<AccountsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Location = Selectable<LocationsTable>;
export type Group = Selectable<GroupsTable>;
