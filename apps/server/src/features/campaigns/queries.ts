import type { TCampaignCounts } from "@starboard/contract/campaigns";
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { CampaignsTable, DB } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { keywordMatch } from "../../platform/list.ts";
import { FEEDBACK_FORBIDDEN_SOURCES } from "../sources/index.ts";

export type CampaignRow = Selectable<CampaignsTable>;

export interface CampaignFilter {
  keywords?: string;
  status?: CampaignRow["status"];
  location_id?: string;
  request_type?: "email" | "sms";
}

function campaignsOf(db: ScopedDb, accountId: string, f: CampaignFilter) {
  let qb = db.selectFrom("campaigns").where("account_id", "=", accountId);
  if (f.status) qb = qb.where("status", "=", f.status);
  if (f.request_type) qb = qb.where("request_type", "=", f.request_type);
  if (f.location_id)
    qb = qb.where((eb) =>
      eb.or([
        eb("location_id", "=", f.location_id as string),
        eb(sql<string>`${f.location_id}::uuid`, "=", sql<string>`ANY(location_ids)`),
      ]),
    );
  const match = keywordMatch("name", f.keywords, "full");
  return match ? qb.where(match) : qb;
}

export async function countCampaigns(db: ScopedDb, accountId: string, f: CampaignFilter) {
  const row = await campaignsOf(db, accountId, f)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function selectCampaigns(db: ScopedDb, accountId: string, f: CampaignFilter, limit?: number, offset = 0) {
  let qb = campaignsOf(db, accountId, f).selectAll().orderBy("created_at", "desc").orderBy("id");
  if (limit !== undefined) qb = qb.limit(limit).offset(offset);
  return qb.execute();
}

const EMPTY_COUNTS = (): TCampaignCounts => ({
  recipients: 0,
  requests: 0,
  queued: 0,
  held: 0,
  skipped: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  opened: 0,
  clicked: 0,
  completed: 0,
});

/**
 * Per campaign: its recipients, its requests, and its requests by status. A request that went further
 * counts in every step it passed (an opened request was sent; a completed one was sent, opened and clicked
 * when those times are known), so the figures read as a funnel.
 */
export async function campaignCounts(db: Kysely<DB>, ids: string[]): Promise<Map<string, TCampaignCounts>> {
  const out = new Map(ids.map((id) => [id, EMPTY_COUNTS()]));
  if (ids.length === 0) return out;
  const recipients = await db
    .selectFrom("campaign_recipients")
    .select(["campaign_id", sql<number>`count(*)::int`.as("n")])
    .where("campaign_id", "in", ids)
    .groupBy("campaign_id")
    .execute();
  for (const r of recipients) (out.get(r.campaign_id) as TCampaignCounts).recipients = Number(r.n);
  const rows = await db
    .selectFrom("requests")
    .select([
      "campaign_id",
      sql<number>`count(*)::int`.as("requests"),
      sql<number>`count(*) FILTER (WHERE status = 'queued')::int`.as("queued"),
      sql<number>`count(*) FILTER (WHERE status = 'held')::int`.as("held"),
      sql<number>`count(*) FILTER (WHERE status = 'skipped')::int`.as("skipped"),
      sql<number>`count(*) FILTER (WHERE sent_at IS NOT NULL OR status IN ('sent','delivered','opened','clicked','completed'))::int`.as(
        "sent",
      ),
      sql<number>`count(*) FILTER (WHERE delivered_at IS NOT NULL OR status = 'delivered')::int`.as("delivered"),
      sql<number>`count(*) FILTER (WHERE status = 'failed')::int`.as("failed"),
      sql<number>`count(*) FILTER (WHERE opened_at IS NOT NULL OR status = 'opened')::int`.as("opened"),
      sql<number>`count(*) FILTER (WHERE clicked_at IS NOT NULL OR status = 'clicked')::int`.as("clicked"),
      sql<number>`count(*) FILTER (WHERE status = 'completed')::int`.as("completed"),
    ])
    .where("campaign_id", "in", ids)
    .groupBy("campaign_id")
    .execute();
  for (const r of rows) {
    const c = out.get(r.campaign_id as string) as TCampaignCounts;
    for (const k of [
      "requests",
      "queued",
      "held",
      "skipped",
      "sent",
      "delivered",
      "failed",
      "opened",
      "clicked",
      "completed",
    ] as const)
      c[k] = Number(r[k]);
  }
  return out;
}

export function insertCampaign(db: Kysely<DB>, values: Insertable<CampaignsTable>) {
  return db.insertInto("campaigns").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateCampaign(db: Kysely<DB>, id: string, values: Updateable<CampaignsTable>) {
  return db
    .updateTable("campaigns")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The campaign, locked for a status change. */
export function lockCampaign(db: Kysely<DB>, id: string) {
  return db.selectFrom("campaigns").selectAll().where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
}

export async function deleteCampaign(db: Kysely<DB>, id: string) {
  await db.deleteFrom("campaigns").where("id", "=", id).execute();
}

/** Which of these ids are locations of the account. */
export async function accountLocationIds(db: Kysely<DB>, accountId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("locations")
    .select("id")
    .where("account_id", "=", accountId)
    .where("id", "in", ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The account's listing URLs among these ids, with whether their source forbids asking. */
export function accountUrls(db: Kysely<DB>, accountId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("urls as u")
    .innerJoin("sources as s", "s.id", "u.source_id")
    .select(["u.id", "u.location_id", "s.code"])
    .where("u.account_id", "=", accountId)
    .where("u.id", "in", ids)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, forbidden: FEEDBACK_FORBIDDEN_SOURCES.has(r.code) })));
}

export async function accountMicrosurveyExists(db: Kysely<DB>, accountId: string, id: string) {
  const row = await db
    .selectFrom("microsurveys")
    .select("id")
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Boolean(row);
}

export async function accountContactIds(db: Kysely<DB>, accountId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("contacts")
    .select("id")
    .where("account_id", "=", accountId)
    .where("id", "in", ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export function findUpload(db: Kysely<DB>, accountId: string, id: string) {
  return db
    .selectFrom("contact_uploads")
    .select(["id", "status", "kind"])
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Adds the recipients (once each); answers how many were new. */
export async function addRecipients(db: Kysely<DB>, campaignId: string, contactIds: string[]) {
  if (contactIds.length === 0) return 0;
  const res = await db
    .insertInto("campaign_recipients")
    .values(contactIds.map((contact_id) => ({ campaign_id: campaignId, contact_id })))
    .onConflict((oc) => oc.columns(["campaign_id", "contact_id"]).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/** Adds the customers an upload accepted. */
export async function addUploadRecipients(db: Kysely<DB>, campaignId: string, uploadId: string) {
  await sql`INSERT INTO campaign_recipients (campaign_id, contact_id)
    SELECT DISTINCT ${campaignId}::uuid, contact_id FROM contact_upload_rows
    WHERE upload_id = ${uploadId}::uuid AND contact_id IS NOT NULL AND reason IS NULL
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function removeRecipients(db: Kysely<DB>, campaignId: string, contactIds: string[]) {
  if (contactIds.length === 0) return;
  await db
    .deleteFrom("campaign_recipients")
    .where("campaign_id", "=", campaignId)
    .where("contact_id", "in", contactIds)
    .execute();
}

export async function countRecipients(db: Kysely<DB>, campaignId: string) {
  const row = await db
    .selectFrom("campaign_recipients")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("campaign_id", "=", campaignId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findTemplateRow(db: Kysely<DB>, accountId: string, id: string) {
  return db
    .selectFrom("request_templates")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function locationName(db: Kysely<DB>, id: string | null) {
  if (!id) return null;
  const row = await db.selectFrom("locations").select("name").where("id", "=", id).executeTakeFirst();
  return row?.name ?? null;
}

// ---- Recipients and their requests ----

function recipientsOf(db: Kysely<DB>, campaignId: string, status?: string) {
  let qb = db
    .selectFrom("campaign_recipients as cr")
    .innerJoin("contacts as c", "c.id", "cr.contact_id")
    .leftJoin("requests as r", (j) =>
      j.onRef("r.campaign_id", "=", "cr.campaign_id").onRef("r.contact_id", "=", "cr.contact_id"),
    )
    .where("cr.campaign_id", "=", campaignId);
  if (status) qb = qb.where("r.status", "=", status as never);
  return qb;
}

export async function countCampaignRecipients(db: Kysely<DB>, campaignId: string, status?: string) {
  const row = await recipientsOf(db, campaignId, status).select(sql<number>`count(*)::int`.as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function selectCampaignRecipients(
  db: Kysely<DB>,
  campaignId: string,
  status: string | undefined,
  limit: number,
  offset: number,
) {
  return recipientsOf(db, campaignId, status)
    .select([
      "cr.contact_id",
      "cr.added_at",
      "c.name",
      "c.email",
      "c.phone",
      "r.id as request_id",
      "r.channel",
      "r.status",
      "r.skip_reason",
      "r.failure_reason",
      "r.queued_at",
      "r.sent_at",
      "r.delivered_at",
      "r.failed_at",
      "r.opened_at",
      "r.clicked_at",
      "r.completed_at",
      "r.score",
    ])
    .orderBy("c.name")
    .orderBy("cr.contact_id")
    .limit(limit)
    .offset(offset)
    .execute();
}
export type RecipientRow = Awaited<ReturnType<typeof selectCampaignRecipients>>[number];
