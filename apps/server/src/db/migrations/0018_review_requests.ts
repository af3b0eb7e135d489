import { type Kysely, sql } from "kysely";

// Review requests, the ask tool (issue 16; docs/product/reviews.md §3 "Review requests").
//
// - contacts: the customers asked (one per account and normalised e-mail, one per account and E.164
//   phone), with per-channel consent and opt-out, and when they were last asked (the 30-day rule).
// - do_not_contact: addresses and numbers never asked, whoever uploads them.
// - contact_uploads / contact_upload_rows: a CSV upload (`POST /upload`) and its per-row report.
// - request_templates: e-mail and SMS templates (reviews.md §3 "Template payload").
// - campaigns / campaign_recipients: a campaign (single or multi location) and its draft recipients.
// - requests: one per recipient and campaign, reached by an unguessable token (only its hash is kept),
//   with each status's time.
// - request_sends: the claim of each message (e-mail or SMS) of a request, exactly once across crashes;
//   e-mail goes through platform/mail.ts (sent_emails) keyed by the claim, SMS records the provider's id.
// - sms_inbound: messages received from customers (STOP, START, HELP, anything else).
// - request_settings: per account, quiet hours and the minimum days between two requests to a customer.
// - request_pages: the landing page settings of an account (contact_email, contact_number, logo_url).
// - microsurveys / microsurvey_questions / microsurvey_responses: microsurveys and their answers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE contacts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    location_id uuid REFERENCES locations(id) ON DELETE SET NULL,
    name text NOT NULL DEFAULT '',
    email text,
    phone text,
    custom_attributes jsonb NOT NULL DEFAULT '{}',
    email_consent jsonb,
    sms_consent jsonb,
    email_opted_out_at timestamptz,
    sms_opted_out_at timestamptz,
    email_undeliverable_at timestamptz,
    email_undeliverable_reason text,
    last_requested_at timestamptz,
    upload_id uuid,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (email IS NOT NULL OR phone IS NOT NULL)
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX contacts_account_email ON contacts (account_id, lower(email)) WHERE email IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX contacts_account_phone ON contacts (account_id, phone) WHERE phone IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX contacts_account_created ON contacts (account_id, created_at DESC, id)`.execute(db);

  await sql`CREATE TABLE do_not_contact (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    email text,
    phone text,
    reason text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (email IS NOT NULL OR phone IS NOT NULL)
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX do_not_contact_email ON do_not_contact (account_id, lower(email)) WHERE email IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX do_not_contact_phone ON do_not_contact (account_id, phone) WHERE phone IS NOT NULL`.execute(
    db,
  );

  await sql`CREATE TABLE contact_uploads (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    kind text NOT NULL DEFAULT 'recipients',
    location_id uuid REFERENCES locations(id) ON DELETE SET NULL,
    campaign_id uuid,
    file_name text NOT NULL DEFAULT '',
    file_path text,
    mime_type text,
    status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'complete', 'error')),
    error text,
    rows_total integer,
    rows_done integer NOT NULL DEFAULT 0,
    total_successful_recipients integer NOT NULL DEFAULT 0,
    total_failed_recipients integer NOT NULL DEFAULT 0,
    result jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz
  )`.execute(db);
  await sql`CREATE TABLE contact_upload_rows (
    upload_id uuid NOT NULL REFERENCES contact_uploads(id) ON DELETE CASCADE,
    row_number integer NOT NULL,
    contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
    values jsonb NOT NULL DEFAULT '{}',
    reason text,
    PRIMARY KEY (upload_id, row_number)
  )`.execute(db);

  await sql`CREATE TABLE request_templates (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    request_type text NOT NULL CHECK (request_type IN ('email', 'sms')),
    layout_id text,
    metadata jsonb NOT NULL DEFAULT '{}',
    resource_id uuid,
    resource_type text,
    name text NOT NULL,
    content text NOT NULL DEFAULT '',
    subject text,
    header_text text,
    header_image text,
    use_header_image boolean NOT NULL DEFAULT false,
    feedback_type text NOT NULL DEFAULT 'nps',
    created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX request_templates_account ON request_templates (account_id, created_at DESC) WHERE deleted_at IS NULL`.execute(
    db,
  );

  await sql`CREATE TABLE campaigns (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    location_id uuid REFERENCES locations(id) ON DELETE SET NULL,
    location_ids uuid[] NOT NULL DEFAULT '{}',
    is_multi boolean NOT NULL DEFAULT false,
    request_type text NOT NULL CHECK (request_type IN ('email', 'sms')),
    layout_id text,
    template_id uuid REFERENCES request_templates(id) ON DELETE SET NULL,
    name text NOT NULL,
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
    scheduled_at timestamptz,
    auto_select_sources boolean NOT NULL DEFAULT true,
    url_ids uuid[] NOT NULL DEFAULT '{}',
    feedback_configuration jsonb NOT NULL DEFAULT '{"selector_type": "nps"}',
    microsurvey_id uuid,
    sender_name text,
    sender_email text,
    created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    sent_at timestamptz,
    cancelled_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX campaigns_account ON campaigns (account_id, created_at DESC, id)`.execute(db);
  await sql`CREATE TABLE campaign_recipients (
    campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
    added_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, contact_id)
  )`.execute(db);

  await sql`CREATE TABLE requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    campaign_id uuid REFERENCES campaigns(id) ON DELETE CASCADE,
    contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
    location_id uuid REFERENCES locations(id) ON DELETE SET NULL,
    channel text NOT NULL CHECK (channel IN ('email', 'sms')),
    token_hash text NOT NULL UNIQUE,
    status text NOT NULL DEFAULT 'queued'
      CHECK (status IN ('queued', 'held', 'skipped', 'sent', 'delivered', 'failed', 'opened', 'clicked', 'completed')),
    failure_reason text,
    skip_reason text,
    hold_until timestamptz,
    queued_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    delivered_at timestamptz,
    failed_at timestamptz,
    opened_at timestamptz,
    clicked_at timestamptz,
    completed_at timestamptz,
    review_id uuid,
    score integer,
    UNIQUE (campaign_id, contact_id)
  )`.execute(db);
  await sql`CREATE INDEX requests_account_campaign ON requests (account_id, campaign_id, status)`.execute(db);
  await sql`CREATE INDEX requests_contact ON requests (contact_id, queued_at DESC)`.execute(db);

  await sql`CREATE TABLE request_sends (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    request_id uuid NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
    channel text NOT NULL CHECK (channel IN ('email', 'sms')),
    attempt integer NOT NULL DEFAULT 1,
    state text NOT NULL DEFAULT 'claimed' CHECK (state IN ('claimed', 'committing', 'sent', 'failed', 'uncertain')),
    claim_id uuid,
    to_address text NOT NULL,
    provider_message_id text,
    provider_status text,
    error_code text,
    error_message text,
    claimed_at timestamptz NOT NULL DEFAULT now(),
    committing_at timestamptz,
    sent_at timestamptz,
    UNIQUE (request_id, channel)
  )`.execute(db);
  await sql`CREATE INDEX request_sends_provider ON request_sends (provider_message_id) WHERE provider_message_id IS NOT NULL`.execute(
    db,
  );

  await sql`CREATE TABLE sms_inbound (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
    provider_message_id text UNIQUE,
    from_phone text NOT NULL,
    to_phone text,
    body text NOT NULL DEFAULT '',
    action text,
    received_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  await sql`CREATE TABLE request_settings (
    account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    quiet_hours_start time NOT NULL DEFAULT '21:00',
    quiet_hours_end time NOT NULL DEFAULT '08:00',
    min_days_between_requests integer NOT NULL DEFAULT 30 CHECK (min_days_between_requests >= 0),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  await sql`CREATE TABLE request_pages (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL UNIQUE REFERENCES accounts(id) ON DELETE CASCADE,
    contact_email text,
    contact_number text,
    logo_url text,
    created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  await sql`CREATE TABLE microsurveys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name text NOT NULL,
    is_star_rating_question boolean NOT NULL DEFAULT false,
    normalize_star_rating integer NOT NULL DEFAULT 5 CHECK (normalize_star_rating IN (5, 10)),
    created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`CREATE TABLE microsurvey_questions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    microsurvey_id uuid NOT NULL REFERENCES microsurveys(id) ON DELETE CASCADE,
    position integer NOT NULL,
    kind text NOT NULL CHECK (kind IN ('star', 'nps', 'choice', 'text')),
    text text NOT NULL,
    choices jsonb NOT NULL DEFAULT '[]',
    required boolean NOT NULL DEFAULT false,
    UNIQUE (microsurvey_id, position)
  )`.execute(db);
  await sql`CREATE TABLE microsurvey_responses (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    microsurvey_id uuid NOT NULL REFERENCES microsurveys(id) ON DELETE CASCADE,
    request_id uuid REFERENCES requests(id) ON DELETE SET NULL,
    location_id uuid REFERENCES locations(id) ON DELETE SET NULL,
    contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
    review_id uuid,
    answers jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX microsurvey_responses_survey ON microsurvey_responses (microsurvey_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX microsurvey_responses_request ON microsurvey_responses (microsurvey_id, request_id) WHERE request_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "microsurvey_responses",
    "microsurvey_questions",
    "microsurveys",
    "request_pages",
    "request_settings",
    "sms_inbound",
    "request_sends",
    "requests",
    "campaign_recipients",
    "campaigns",
    "request_templates",
    "contact_upload_rows",
    "contact_uploads",
    "do_not_contact",
    "contacts",
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.raw(t)}`.execute(db);
  }
}
