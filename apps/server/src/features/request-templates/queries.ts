import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, RequestTemplatesTable, RtxImagesTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";
import { keywordMatch } from "../../platform/list.ts";

export type TemplateRow = Selectable<RequestTemplatesTable>;
export type RtxImageRow = Selectable<RtxImagesTable>;

function templatesOf(db: ScopedDb, accountId: string, q: { keywords?: string; request_type?: "email" | "sms" }) {
  let qb = db.selectFrom("request_templates").where("account_id", "=", accountId).where("deleted_at", "is", null);
  if (q.request_type) qb = qb.where("request_type", "=", q.request_type);
  const match = keywordMatch("name", q.keywords, "full");
  return match ? qb.where(match) : qb;
}

export async function countTemplates(
  db: ScopedDb,
  accountId: string,
  q: { keywords?: string; request_type?: "email" | "sms" },
) {
  const row = await templatesOf(db, accountId, q)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function selectTemplates(
  db: ScopedDb,
  accountId: string,
  q: { keywords?: string; request_type?: "email" | "sms" },
  limit: number,
  offset: number,
) {
  return templatesOf(db, accountId, q)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export function insertTemplate(db: Kysely<DB>, values: Insertable<RequestTemplatesTable>) {
  return db.insertInto("request_templates").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateTemplate(db: Kysely<DB>, id: string, values: Updateable<RequestTemplatesTable>) {
  return db
    .updateTable("request_templates")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---- Header images ----

/** An upload of the account (H1's `POST /upload`): where its file is. */
export function findUpload(db: Kysely<DB>, accountId: string, id: string) {
  return db
    .selectFrom("contact_uploads")
    .select(["id", "file_path", "mime_type", "kind", "file_name"])
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function insertRtxImage(db: Kysely<DB>, values: Insertable<RtxImagesTable>) {
  return db.insertInto("rtx_images").values(values).returningAll().executeTakeFirstOrThrow();
}

export function findRtxImage(db: Kysely<DB>, id: string) {
  return db.selectFrom("rtx_images").selectAll().where("id", "=", id).executeTakeFirst();
}

export function updateRtxImage(db: Kysely<DB>, id: string, values: Updateable<RtxImagesTable>) {
  return db
    .updateTable("rtx_images")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function selectChannelEvents(db: ScopedDb, accountId: string, resourceId: string, since: Date | null) {
  let qb = db
    .selectFrom("rtx_images")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("resource_id", "=", resourceId);
  if (since) qb = qb.where("updated_at", ">", since);
  return qb.orderBy("updated_at", "desc").limit(20).execute();
}

/** When the channel's resource is a template of the account, it takes the processed image. */
export async function setTemplateHeaderImage(db: Kysely<DB>, accountId: string, templateId: string, url: string) {
  await db
    .updateTable("request_templates")
    .set({ header_image: url, use_header_image: true, updated_at: new Date() })
    .where("account_id", "=", accountId)
    .where("id", "=", templateId)
    .where("deleted_at", "is", null)
    .execute();
}
