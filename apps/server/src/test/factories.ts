import { randomUUID } from "node:crypto";
import { type TUserTypeCode, USER_TYPE_IDS } from "@starboard/contract/permissions";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { DEFAULT_ACCOUNT_SETTINGS } from "../features/accounts/settings.ts";
import { hashPassword, newToken, SESSION_TTL_MS } from "../platform/auth.ts";
import { Client, type TestApp } from "./harness.ts";

let passwordHashCache: Promise<string> | undefined;
export const TEST_PASSWORD = "correct horse battery";

export async function createAccount(
  database: Database,
  values: {
    name?: string;
    vertical?: string;
    parent_id?: string | null;
    account_active?: boolean;
    settings?: Record<string, string>;
  } = {},
) {
  const account = await database.db
    .insertInto("accounts")
    .values({
      name: values.name ?? `Account ${randomUUID().slice(0, 8)}`,
      vertical: values.vertical ?? "restaurant",
      parent_id: values.parent_id ?? null,
      account_active: values.account_active ?? true,
      segment: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const settings = { ...DEFAULT_ACCOUNT_SETTINGS, ...values.settings };
  await database.db
    .insertInto("account_settings")
    .values(Object.entries(settings).map(([code, value]) => ({ account_id: account.id, code, value })))
    .execute();
  return account;
}

export async function createUser(
  database: Database,
  accountId: string,
  values: { type?: TUserTypeCode; email?: string; name?: string; owner?: boolean } = {},
) {
  passwordHashCache ??= hashPassword(TEST_PASSWORD);
  return database.db
    .insertInto("users")
    .values({
      account_id: accountId,
      email: values.email ?? `user-${randomUUID().slice(0, 8)}@example.test`,
      name: values.name ?? "Test User",
      password_hash: await passwordHashCache,
      user_type_id: USER_TYPE_IDS[values.type ?? "admin"],
      is_account_owner: values.owner ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A session made directly (sign-in itself is tested through POST /api/auth). */
export async function sessionFor(database: Database, user: { id: string; account_id: string; email: string }) {
  const { token, hash } = newToken();
  await database.db
    .insertInto("sessions")
    .values({
      user_id: user.id,
      account_id: user.account_id,
      token_hash: hash,
      expires_at: new Date(Date.now() + SESSION_TTL_MS),
    })
    .execute();
  return { email: user.email, token };
}

export async function createGroup(database: Database, accountId: string, name = `Group ${randomUUID().slice(0, 6)}`) {
  return database.db
    .insertInto("groups")
    .values({ account_id: accountId, name })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createLocation(
  database: Database,
  accountId: string,
  values: { name?: string; city?: string; groupId?: string } = {},
) {
  const location = await database.db
    .insertInto("locations")
    .values({
      account_id: accountId,
      name: values.name ?? `Location ${randomUUID().slice(0, 6)}`,
      city: values.city ?? "Austin",
      state: "TX",
      address: "100 Main St",
      zipcode: "78701",
      country: "United States",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (values.groupId)
    await database.db
      .insertInto("group_locations")
      .values({ group_id: values.groupId, location_id: location.id })
      .execute();
  return location;
}

/** A fresh account with a signed-in user of the given type, and a client for it. */
export async function signedIn(
  t: TestApp,
  opts: { type?: TUserTypeCode; vertical?: string; parent_id?: string; settings?: Record<string, string> } = {},
) {
  const account = await createAccount(t.ctx.database, {
    vertical: opts.vertical,
    parent_id: opts.parent_id ?? null,
    settings: opts.settings,
  });
  const user = await createUser(t.ctx.database, account.id, { type: opts.type ?? "admin", owner: true });
  const credentials = await sessionFor(t.ctx.database, user);
  return { account, user, credentials, client: new Client(t.baseUrl, credentials) };
}

/** A signed-in client for an existing user. */
export async function clientFor(t: TestApp, user: { id: string; account_id: string; email: string }) {
  return new Client(t.baseUrl, await sessionFor(t.ctx.database, user));
}

export async function createWhitelabel(
  database: Database,
  values: { name?: string; custom_domain?: string | null; navigation_background_color?: string } = {},
) {
  return database.db
    .insertInto("whitelabels")
    .values({
      name: values.name ?? "Acme Reviews",
      custom_domain: values.custom_domain ?? `reviews-${randomUUID().slice(0, 8)}.example.test`,
      logo_left: "https://cdn.example.test/logo.png",
      navigation_background_color: values.navigation_background_color ?? "#112233",
      main_text_color: "#ffffff",
      active_text_color: "#ffcc00",
      background_hover_color: "#223344",
      hover_text_color: "#eeeeee",
      support_email: "support@acme.example.test",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createExperiment(
  database: Database,
  accountId: string,
  name = `exp-${randomUUID().slice(0, 6)}`,
) {
  return database.db
    .insertInto("account_experiments")
    .values({ account_id: accountId, name, variant: "treatment" })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function settingOf(database: Database, accountId: string, code: string) {
  return database.db
    .selectFrom("account_settings")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("code", "=", code)
    .executeTakeFirstOrThrow();
}

/**
 * One record of every account-scoped resource in a fresh account, for tenancy
 * walks: keys are the `idResource` names routes declare.
 */
export async function createAccountWithRecords(t: TestApp) {
  const db = t.ctx.database;
  const owner = await signedIn(t);
  const accountId = owner.account.id;
  const group = await createGroup(db, accountId);
  const location = await createLocation(db, accountId, { groupId: group.id });
  const member = await createUser(db, accountId, { type: "manager" });
  const experiment = await createExperiment(db, accountId);
  const setting = await settingOf(db, accountId, "insights");
  const reviews = await createReviewRecords(db, accountId, location.id, owner.user.id);
  const ids: Record<string, string> = {
    accounts: accountId,
    account_settings: setting.id,
    account_experiments: experiment.id,
    users: member.id,
    groups: group.id,
    locations: location.id,
    ...reviews,
    review_imports: (await createReviewImport(db, accountId, owner.user.id)).id,
    ...(await createSavedFilterAndScheduledExport(db, accountId, owner.user.id)),
    export_files: await createExportFileRecord(db, accountId, owner.user.id),
    ...(await createLocationDetailRecords(db, accountId, location.id, owner.user.id)),
    ...(await createCustomerRecords(db, accountId, owner.user.id)),
    ...(await createMicrosurveyRecords(db, accountId, owner.user.id)),
    ...(await createTemplateAndCampaignRecords(db, accountId, location.id, owner.user.id)),
  };
  return { ...owner, ids, group, location, member };
}

/** A review and what hangs off it (tables of migration 0003), keyed by `idResource` name. */
export async function createReviewRecords(database: Database, accountId: string, locationId: string, userId: string) {
  const db = database.db;
  const source = await db.selectFrom("sources").select("id").where("code", "=", "google").executeTakeFirstOrThrow();
  const label = await db
    .insertInto("review_status_labels")
    .values({ account_id: accountId, name: `Label ${randomUUID().slice(0, 6)}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const review = await db
    .insertInto("reviews")
    .values({
      account_id: accountId,
      location_id: locationId,
      source_id: source.id,
      source_review_id: randomUUID(),
      author_name: "Pat",
      rating: 4,
      content: "Lovely place.",
      published_at: new Date(),
      respondable: true,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const tag = await db
    .insertInto("tags")
    .values({ account_id: accountId, name: `tag-${randomUUID().slice(0, 6)}` })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
  const reviewTag = await db
    .insertInto("review_tags")
    .values({ account_id: accountId, review_id: review.id, tag_id: tag.id, name: tag.name })
    .returning("id")
    .executeTakeFirstOrThrow();
  const note = await db
    .insertInto("notes")
    .values({ account_id: accountId, review_id: review.id, user_id: userId, content: "Called the guest." })
    .returning("id")
    .executeTakeFirstOrThrow();
  const template = await db
    .insertInto("response_templates")
    .values({ account_id: accountId, name: "Thanks", content: "Thank you!" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const response = await db
    .insertInto("responses")
    .values({ account_id: accountId, review_id: review.id, source_id: source.id, user_id: userId, content: "Thanks!" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const issue = await db
    .insertInto("issues")
    .values({ account_id: accountId, location_id: locationId, source_id: source.id, status: "disconnected" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const alert = await db
    .insertInto("alerts")
    .values({ account_id: accountId, user_id: userId, alert_type_id: 1, alert_frequency_id: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    review_status_labels: label.id,
    reviews: review.id,
    tags: tag.id,
    review_tags: reviewTag.id,
    notes: note.id,
    response_templates: template.id,
    responses: response.id,
    issues: issue.id,
    alerts: alert.id,
  };
}

// --- Reviews (reviews API) ----------------------------------------------------------------------

/** The id of a catalogue source (seeded at start) by its code. */
export async function sourceId(database: Database, code: string) {
  const row = await database.db.selectFrom("sources").select("id").where("code", "=", code).executeTakeFirstOrThrow();
  return row.id;
}

export async function createReview(
  database: Database,
  values: {
    accountId: string;
    locationId: string;
    source?: string;
    rating?: number | null;
    content?: string | null;
    title?: string | null;
    authorName?: string | null;
    publishedAt?: Date | string;
    firstSeenAt?: Date | string;
    sentiment?: number;
    categories?: string[];
    statusLabelId?: string | null;
    responseStatus?: string | null;
    imagesCount?: number;
    sourceReviewId?: string;
  },
) {
  const review = await database.db
    .insertInto("reviews")
    .values({
      account_id: values.accountId,
      location_id: values.locationId,
      source_id: await sourceId(database, values.source ?? "google"),
      source_review_id: values.sourceReviewId ?? `src-${randomUUID()}`,
      author_name: values.authorName === undefined ? "Pat Reviewer" : values.authorName,
      rating: values.rating === undefined ? 5 : values.rating,
      title: values.title ?? null,
      content: values.content === undefined ? "Great food and friendly service." : values.content,
      published_at: values.publishedAt ?? new Date(),
      ...(values.firstSeenAt ? { first_seen_at: new Date(values.firstSeenAt) } : {}),
      sentiment: values.sentiment ?? 0,
      categories: values.categories ?? [],
      status_label_id: values.statusLabelId ?? null,
      response_status: values.responseStatus ?? null,
      images_count: values.imagesCount ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return review;
}

/** A listing URL of a location at a source, with its id there (what connectors address). */
export async function createUrl(
  database: Database,
  values: {
    accountId: string;
    locationId: string;
    source: string;
    referenceId?: string | null;
    requestReviews?: boolean;
  },
) {
  return database.db
    .insertInto("urls")
    .values({
      account_id: values.accountId,
      location_id: values.locationId,
      source_id: await sourceId(database, values.source),
      link: `https://${values.source}.example/${randomUUID().slice(0, 8)}`,
      reference_id: values.referenceId ?? null,
      request_reviews: values.requestReviews ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The account's credentials for a source (an OAuth access token). */
export async function createSourceCredentials(
  database: Database,
  values: { accountId: string; source: string; accessToken?: string },
) {
  return database.db
    .insertInto("source_credentials")
    .values({
      account_id: values.accountId,
      source_id: await sourceId(database, values.source),
      access_token: values.accessToken ?? "google-token",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// --- Ingestion, metrics and alerts --------------------------------------------------------------

/** A response to a review, published by default (`from_source` for a reply imported from the source). */
export async function createReviewResponse(
  database: Database,
  review: { id: string; account_id: string; source_id: string },
  values: { publishedAt?: Date | string | null; status?: string; fromSource?: boolean; content?: string } = {},
) {
  return database.db
    .insertInto("responses")
    .values({
      account_id: review.account_id,
      review_id: review.id,
      source_id: review.source_id,
      content: values.content ?? "Thank you for your review!",
      status: values.status ?? "published",
      from_source: values.fromSource ?? false,
      published_at: values.publishedAt === undefined ? new Date() : values.publishedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An alert subscription of a user (instant new-review alerts by default). */
export async function createAlert(
  database: Database,
  user: { id: string; account_id: string },
  values: {
    typeId?: number;
    frequencyId?: number;
    filters?: { location_ids?: string[]; source_ids?: string[]; ratings?: number[] };
    enabled?: boolean;
  } = {},
) {
  return database.db
    .insertInto("alerts")
    .values({
      account_id: user.account_id,
      user_id: user.id,
      alert_type_id: values.typeId ?? 1,
      alert_frequency_id: values.frequencyId ?? 1,
      filters: JSON.stringify(values.filters ?? {}),
      enabled: values.enabled ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A finished review import (its report only). */
export async function createReviewImport(database: Database, accountId: string, userId: string) {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO review_imports (account_id, user_id, file_name, status, total, processed, imported, finished_at)
    VALUES (${accountId}, ${userId}, 'reviews.csv', 'done', 1, 1, 1, now()) RETURNING id`.execute(database.db);
  return rows[0]!;
}

/** A saved filter and a scheduled export of the user (tables of migration 0013), keyed by `idResource` name. */
export async function createSavedFilterAndScheduledExport(database: Database, accountId: string, userId: string) {
  const preference = await database.db
    .insertInto("user_preferences")
    .values({
      account_id: accountId,
      user_id: userId,
      preference_type: "saved_filters",
      name: `Filter ${randomUUID().slice(0, 6)}`,
      config: JSON.stringify({ dateDescriptor: "thirtyDays", rating: ["5"] }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const scheduled = await database.db
    .insertInto("scheduled_exports")
    .values({
      account_id: accountId,
      created_by_user_id: userId,
      export_type: "reviews",
      email_subject: "Weekly reviews",
      email_frequency: "weekly",
      scheduled_time: "13:00",
      scheduled_day: "monday",
      date_range_legend: "sevenDays",
      filters: JSON.stringify({}),
      recipient_user_ids: [userId],
      next_run_at: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { user_preferences: preference.id, scheduled_exports: scheduled.id };
}

/** A done export file of the account (table of migration 0012), its id as the walk uses it. */
export async function createExportFileRecord(database: Database, accountId: string, userId: string) {
  const row = await database.db
    .insertInto("export_files")
    .values({
      account_id: accountId,
      user_id: userId,
      resource: "reviews",
      filters: JSON.stringify({}),
      status: "done",
      row_count: 1,
      completed_at: new Date(),
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A location's holiday date, directory override and CSV import (tables of migration 0014), keyed by `idResource` name. */
export async function createLocationDetailRecords(
  database: Database,
  accountId: string,
  locationId: string,
  userId: string,
) {
  const db = database.db;
  const google = await db.selectFrom("sources").select("id").where("code", "=", "google").executeTakeFirstOrThrow();
  const special = await db
    .insertInto("special_hours")
    .values({
      account_id: accountId,
      location_id: locationId,
      start_date: "2030-12-25",
      closed: true,
      hours: "[]",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const override = await db
    .insertInto("location_source_overrides")
    .values({ account_id: accountId, location_id: locationId, source_id: google.id, phone: "(303) 555-0100" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const imported = await db
    .insertInto("location_imports")
    .values({
      account_id: accountId,
      user_id: userId,
      file_name: "locations.csv",
      content: "name\nWalker\n",
      status: "completed",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { special_hours: special.id, location_source_overrides: override.id, location_imports: imported.id };
}

/** A microsurvey with a star question (tables of migration 0018), keyed by `idResource` name. */
export async function createMicrosurveyRecords(database: Database, accountId: string, userId: string) {
  const survey = await database.db
    .insertInto("microsurveys")
    .values({ account_id: accountId, name: `Survey ${randomUUID().slice(0, 6)}`, created_by_user_id: userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto("microsurvey_questions")
    .values({ microsurvey_id: survey.id, position: 1, kind: "star", text: "How was your visit?", choices: "[]" })
    .execute();
  return { microsurveys: survey.id };
}

/** A customer, a do-not-contact entry and a finished upload of the account (tables of migration 0018), keyed by `idResource` name. */
export async function createCustomerRecords(database: Database, accountId: string, userId: string) {
  const db = database.db;
  const upload = await db
    .insertInto("contact_uploads")
    .values({ account_id: accountId, user_id: userId, file_name: "customers.csv", status: "complete" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const contact = await db
    .insertInto("contacts")
    .values({
      account_id: accountId,
      name: "Pat",
      email: `pat-${randomUUID().slice(0, 8)}@example.test`,
      custom_attributes: "{}",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const listed = await db
    .insertInto("do_not_contact")
    .values({ account_id: accountId, email: `no-${randomUUID().slice(0, 8)}@example.test` })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { contacts: contact.id, do_not_contact: listed.id, contact_uploads: upload.id };
}

/** A request template and a draft campaign using it (migration 0018), keyed by `idResource` name. */
export async function createTemplateAndCampaignRecords(
  database: Database,
  accountId: string,
  locationId: string,
  userId: string,
) {
  const db = database.db;
  const template = await db
    .insertInto("request_templates")
    .values({
      account_id: accountId,
      request_type: "email",
      name: `Template ${randomUUID().slice(0, 6)}`,
      subject: "How did we do, {customer_first_name}?",
      content: "Hi {customer_first_name},\n\nHow was your visit to {location_name}?\n\n{feedback}",
      metadata: "{}",
      created_by_user_id: userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const campaign = await db
    .insertInto("campaigns")
    .values({
      account_id: accountId,
      location_id: locationId,
      location_ids: [locationId],
      request_type: "email",
      template_id: template.id,
      name: `Campaign ${randomUUID().slice(0, 6)}`,
      feedback_configuration: JSON.stringify({ selector_type: "nps" }),
      created_by_user_id: userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { request_templates: template.id, campaigns: campaign.id };
}

/** A keyword mention as the analysis stores it: keyword, category, sentiment. */
export type TestMention = [keyword: string, category: string | null, sentiment: "positive" | "negative" | "neutral"];

/** Stores mentions of a review (what the analysis writes), through `db` (a transaction, if any). */
export async function insertMentions(db: Kysely<DB>, reviewId: string, mentions: readonly TestMention[]) {
  if (!mentions.length) return;
  const r = await db.selectFrom("reviews").selectAll().where("id", "=", reviewId).executeTakeFirstOrThrow();
  await db
    .insertInto("review_mentions")
    .values(
      mentions.map(([keyword, category, sentiment]) => ({
        account_id: r.account_id,
        review_id: r.id,
        location_id: r.location_id,
        source_id: r.source_id,
        published_at: r.published_at,
        keyword,
        category,
        sentiment,
      })),
    )
    .execute();
}
