import type { TContactListQuery } from "@starboard/contract/customers";
import type { TListQuery } from "@starboard/contract/hal";
import { type Kysely, type Selectable, sql } from "kysely";
import type { ContactsTable, ContactUploadsTable, DB, DoNotContactTable } from "../../db/schema.ts";
import type { ScopedDb } from "../../platform/access.ts";

export type ContactRow = Selectable<ContactsTable> & { do_not_contact: boolean };
export type DoNotContactRow = Selectable<DoNotContactTable>;
export type UploadRow = Selectable<ContactUploadsTable>;

const like = (text: string) =>
  `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, "\\$&")}%`;

/** Whether the customer's address or number is on the do-not-contact list. */
const onList = sql<boolean>`EXISTS (SELECT 1 FROM do_not_contact d WHERE d.account_id = contacts.account_id
  AND ((contacts.email IS NOT NULL AND lower(d.email) = lower(contacts.email))
    OR (contacts.phone IS NOT NULL AND d.phone = contacts.phone)))`;

function contactsOf(db: ScopedDb, accountId: string, query: TContactListQuery, phoneWords: string | null) {
  let qb = db.selectFrom("contacts").where("contacts.account_id", "=", accountId);
  const words = query.keywords?.trim();
  if (words) {
    const pattern = like(words);
    qb = qb.where((eb) =>
      eb.or([
        eb(sql`lower(contacts.name)`, "like", pattern),
        eb(sql`lower(contacts.email)`, "like", pattern),
        ...(phoneWords ? [eb("contacts.phone", "like", `%${phoneWords}%`)] : []),
      ]),
    );
  }
  if (query.location_id) qb = qb.where("contacts.location_id", "=", query.location_id);
  if (query.upload_id) qb = qb.where("contacts.upload_id", "=", query.upload_id);
  if (query.opted_out === "true")
    qb = qb.where((eb) => eb.or([eb("email_opted_out_at", "is not", null), eb("sms_opted_out_at", "is not", null)]));
  if (query.opted_out === "false")
    qb = qb.where("email_opted_out_at", "is", null).where("sms_opted_out_at", "is", null);
  return qb;
}

export async function countContacts(db: ScopedDb, accountId: string, query: TContactListQuery, phone: string | null) {
  const row = await contactsOf(db, accountId, query, phone)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function selectContacts(
  db: ScopedDb,
  accountId: string,
  query: TContactListQuery,
  phone: string | null,
  limit: number,
  offset: number,
): Promise<ContactRow[]> {
  const order = query["sort[order]"] === "asc" ? "asc" : "desc";
  let qb = contactsOf(db, accountId, query, phone).selectAll("contacts").select(onList.as("do_not_contact"));
  qb = query["sort[by]"] === "name" ? qb.orderBy("contacts.name", order) : qb.orderBy("contacts.created_at", order);
  return qb.orderBy("contacts.id").limit(limit).offset(offset).execute();
}

export function findContact(db: Kysely<DB>, id: string): Promise<ContactRow | undefined> {
  return db
    .selectFrom("contacts")
    .selectAll("contacts")
    .select(onList.as("do_not_contact"))
    .where("contacts.id", "=", id)
    .executeTakeFirst();
}

/** Another customer of the account with this e-mail (any case) or E.164 phone. */
export function findClash(
  db: Kysely<DB>,
  accountId: string,
  field: "email" | "phone",
  value: string,
  exceptId?: string,
): Promise<{ id: string } | undefined> {
  let qb = db.selectFrom("contacts").select("id").where("account_id", "=", accountId);
  qb = field === "email" ? qb.where(sql`lower(email)`, "=", value.toLowerCase()) : qb.where("phone", "=", value);
  if (exceptId) qb = qb.where("id", "<>", exceptId);
  return qb.executeTakeFirst();
}

export function insertContact(db: Kysely<DB>, values: Record<string, unknown>) {
  return db
    .insertInto("contacts")
    .values(values as never)
    .returning("id")
    .executeTakeFirstOrThrow();
}

export function updateContactRow(db: Kysely<DB>, id: string, values: Record<string, unknown>) {
  return db
    .updateTable("contacts")
    .set({ ...(values as object), updated_at: new Date() } as never)
    .where("id", "=", id)
    .execute();
}

export function deleteContactRow(db: Kysely<DB>, id: string) {
  return db.deleteFrom("contacts").where("id", "=", id).execute();
}

export function locationInAccount(db: Kysely<DB>, accountId: string, id: string) {
  return db
    .selectFrom("locations")
    .select("id")
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
}

export function campaignInAccount(db: Kysely<DB>, accountId: string, id: string) {
  return db
    .selectFrom("campaigns")
    .select(["id", "status", "request_type"])
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
}

// ---- Do-not-contact ----

function listOf(db: ScopedDb, accountId: string, query: TListQuery) {
  let qb = db.selectFrom("do_not_contact").where("account_id", "=", accountId);
  const words = query.keywords?.trim();
  if (words) {
    const pattern = like(words);
    qb = qb.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, "like", pattern),
        eb("phone", "like", pattern),
        eb(sql`lower(reason)`, "like", pattern),
      ]),
    );
  }
  return qb;
}

export async function countDoNotContact(db: ScopedDb, accountId: string, query: TListQuery) {
  const row = await listOf(db, accountId, query)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function selectDoNotContact(db: ScopedDb, accountId: string, query: TListQuery, limit: number, offset: number) {
  return listOf(db, accountId, query)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findListed(db: Kysely<DB>, accountId: string, email: string | null, phone: string | null) {
  return db
    .selectFrom("do_not_contact")
    .select("id")
    .where("account_id", "=", accountId)
    .where((eb) =>
      eb.or([
        ...(email ? [eb(sql`lower(email)`, "=", email.toLowerCase())] : []),
        ...(phone ? [eb("phone", "=", phone)] : []),
      ]),
    )
    .executeTakeFirst();
}

export function insertDoNotContact(
  db: Kysely<DB>,
  values: { account_id: string; email: string | null; phone: string | null; reason: string | null },
) {
  return db.insertInto("do_not_contact").values(values).returningAll().executeTakeFirstOrThrow();
}

export function deleteDoNotContactRow(db: Kysely<DB>, id: string) {
  return db.deleteFrom("do_not_contact").where("id", "=", id).execute();
}

/** The whole list, oldest first, in pages of `limit` after `afterCreated`/`afterId` (keyset). */
export function doNotContactPage(db: Kysely<DB>, accountId: string, offset: number, limit: number) {
  return db
    .selectFrom("do_not_contact")
    .select(["email", "phone", "reason", "created_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

// ---- Uploads ----

export function insertUpload(db: Kysely<DB>, values: Record<string, unknown>) {
  return db
    .insertInto("contact_uploads")
    .values(values as never)
    .returning("id")
    .executeTakeFirstOrThrow();
}

export function setUploadPath(db: Kysely<DB>, id: string, filePath: string) {
  return db.updateTable("contact_uploads").set({ file_path: filePath }).where("id", "=", id).execute();
}

export function findUpload(db: Kysely<DB>, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom("contact_uploads").selectAll().where("id", "=", id).executeTakeFirst();
}

export function updateUpload(db: Kysely<DB>, id: string, values: Record<string, unknown>) {
  return db
    .updateTable("contact_uploads")
    .set(values as never)
    .where("id", "=", id)
    .execute();
}

export function reportRows(db: Kysely<DB>, uploadId: string, offset: number, limit: number) {
  return db
    .selectFrom("contact_upload_rows")
    .select(["row_number", "values", "reason"])
    .where("upload_id", "=", uploadId)
    .where("reason", "is not", null)
    .orderBy("row_number")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The custom attribute keys the account's customers carry, with how many carry each. */
export function customAttributeKeys(db: Kysely<DB>, accountId: string) {
  return sql<{ key: string; customers: number }>`SELECT k AS key, count(*)::int AS customers
    FROM contacts, jsonb_object_keys(custom_attributes) AS k
    WHERE account_id = ${accountId} GROUP BY k ORDER BY k`
    .execute(db)
    .then((r) => r.rows);
}
