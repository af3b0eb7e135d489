import { type Kysely, sql } from "kysely";

// Reviews and everything that hangs off them: sources, listing URLs, connection issues,
// source credentials, reviews, images, mentions, responses, tags, notes, status labels,
// history, response templates and alerts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sources (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      ordinal integer NOT NULL DEFAULT 100,
      logo_url text,
      color text,
      supports_reviews boolean NOT NULL DEFAULT true,
      supports_responses boolean NOT NULL DEFAULT false,
      supports_images boolean NOT NULL DEFAULT false,
      response_char_limit integer,
      connection_issue_title text,
      connection_issue_message text
    );
    CREATE TABLE urls (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      location_id uuid NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
      source_id uuid NOT NULL REFERENCES sources(id),
      link text NOT NULL,
      reference_id text,
      status text NOT NULL DEFAULT 'active',
      request_reviews boolean NOT NULL DEFAULT true,
      last_scanned_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (location_id, source_id)
    );
    CREATE INDEX urls_account_idx ON urls(account_id);
    CREATE TABLE source_credentials (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      source_id uuid NOT NULL REFERENCES sources(id),
      access_token text,
      api_key text,
      business_user_id text,
      expires_at timestamptz,
      created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, source_id)
    );
    CREATE TABLE issues (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      location_id uuid NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
      source_id uuid NOT NULL REFERENCES sources(id),
      status text NOT NULL,
      muted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    );
    CREATE INDEX issues_location_idx ON issues(account_id, location_id);
    CREATE TABLE review_status_labels (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      name text NOT NULL,
      color text,
      ordinal integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX review_status_labels_name_idx ON review_status_labels(account_id, lower(name));
    CREATE TABLE reviews (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      location_id uuid NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
      source_id uuid NOT NULL REFERENCES sources(id),
      source_review_id text NOT NULL,
      author_name text,
      author_avatar_url text,
      rating smallint CHECK (rating BETWEEN 0 AND 5),
      recommendation text,
      title text,
      content text,
      url text,
      published_at timestamptz NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      updated_at_source timestamptz,
      deleted_at_source timestamptz,
      sentiment smallint NOT NULL DEFAULT 0,
      categories text[] NOT NULL DEFAULT '{}',
      status_label_id uuid REFERENCES review_status_labels(id) ON DELETE SET NULL,
      respondable boolean NOT NULL DEFAULT false,
      response_status text,
      responded_at timestamptz,
      images_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (location_id, source_id, source_review_id)
    );
    CREATE INDEX reviews_account_published_idx ON reviews(account_id, published_at DESC, id DESC);
    CREATE INDEX reviews_location_published_idx ON reviews(location_id, published_at DESC, id DESC);
    CREATE INDEX reviews_account_source_published_idx ON reviews(account_id, source_id, published_at DESC);
    CREATE INDEX reviews_account_first_seen_idx ON reviews(account_id, first_seen_at DESC);
    CREATE INDEX reviews_categories_idx ON reviews USING gin(categories);
    CREATE TABLE review_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      review_id uuid NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      name text,
      url text NOT NULL,
      cdn_url text,
      low_resolution_url text,
      cdn_low_resolution_url text,
      position integer NOT NULL DEFAULT 0
    );
    CREATE INDEX review_images_review_idx ON review_images(review_id);
    CREATE TABLE review_mentions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      review_id uuid NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      location_id uuid NOT NULL,
      source_id uuid NOT NULL,
      published_at timestamptz NOT NULL,
      keyword text NOT NULL,
      category text,
      sentiment text NOT NULL
    );
    CREATE INDEX review_mentions_account_idx ON review_mentions(account_id, published_at);
    CREATE INDEX review_mentions_review_idx ON review_mentions(review_id);
    CREATE TABLE responses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      review_id uuid NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      source_id uuid NOT NULL REFERENCES sources(id),
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      content text NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      status_description text,
      read_only boolean NOT NULL DEFAULT false,
      from_source boolean NOT NULL DEFAULT false,
      source_response_id text,
      published_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX responses_review_idx ON responses(review_id);
    CREATE INDEX responses_account_idx ON responses(account_id, created_at);
    CREATE TABLE tags (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX tags_name_idx ON tags(account_id, lower(name));
    CREATE TABLE review_tags (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      review_id uuid NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      tag_id uuid NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
      name text NOT NULL,
      created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (review_id, tag_id)
    );
    CREATE INDEX review_tags_tag_idx ON review_tags(account_id, tag_id);
    CREATE TABLE notes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      review_id uuid NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      content text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notes_review_idx ON notes(review_id);
    CREATE TABLE review_history (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      review_id uuid NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX review_history_review_idx ON review_history(review_id, created_at);
    CREATE TABLE response_templates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      name text NOT NULL,
      content text NOT NULL,
      rating_min smallint,
      rating_max smallint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE alert_types (
      id integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL
    );
    INSERT INTO alert_types (id, code, name) VALUES
      (1, 'new_review', 'New review'), (2, 'negative_review', 'New negative review (1-2 stars)'),
      (3, 'response_failed', 'Response failed to publish');
    CREATE TABLE alert_frequencies (
      id integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL
    );
    INSERT INTO alert_frequencies (id, code, name) VALUES (1, 'instant', 'Instant'), (2, 'daily', 'Daily digest'), (3, 'weekly', 'Weekly digest');
    CREATE TABLE alerts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      alert_type_id integer NOT NULL REFERENCES alert_types(id),
      alert_frequency_id integer NOT NULL REFERENCES alert_frequencies(id),
      filters jsonb NOT NULL DEFAULT '{}',
      enabled boolean NOT NULL DEFAULT true,
      last_sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX alerts_account_idx ON alerts(account_id, enabled);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS alerts, alert_frequencies, alert_types, response_templates, review_history, notes,
    review_tags, tags, responses, review_mentions, review_images, reviews, review_status_labels, issues,
    source_credentials, urls, sources CASCADE`.execute(db);
}
