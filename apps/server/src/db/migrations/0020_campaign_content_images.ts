import { type Kysely, sql } from "kysely";

// Issue 16, templates and campaigns (docs/api.md "Templates", "Campaigns", "Header images"):
// - campaigns carry their own copy of the message (reviews.md §3 "Campaign payload": subject, content,
//   header_text, header_image, use_header_image); null takes the template's.
// - rtx_images: a header image being processed (POST /webhooks/rtx-images), reported on the push channel
//   rtx_images-{resource_id}: processing, then processing_complete (url) or error (message).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE campaigns
    ADD COLUMN subject text,
    ADD COLUMN content text,
    ADD COLUMN header_text text,
    ADD COLUMN header_image text,
    ADD COLUMN use_header_image boolean NOT NULL DEFAULT false`.execute(db);

  await sql`CREATE TABLE rtx_images (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    resource_id text NOT NULL,
    upload_id uuid,
    label text,
    mime_type text,
    status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'processing_complete', 'error')),
    file_name text,
    url text,
    message text,
    width integer,
    height integer,
    created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX rtx_images_channel ON rtx_images (account_id, resource_id, updated_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rtx_images`.execute(db);
  await sql`ALTER TABLE campaigns
    DROP COLUMN IF EXISTS subject,
    DROP COLUMN IF EXISTS content,
    DROP COLUMN IF EXISTS header_text,
    DROP COLUMN IF EXISTS header_image,
    DROP COLUMN IF EXISTS use_header_image`.execute(db);
}
