import type { TUnsubscribeKind } from "@starboard/contract/system";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

export interface UnsubscribeRow {
  kind: TUnsubscribeKind;
  tokenHash: string;
  accountId: string;
  userId: string | null;
  email: string;
  resourceId: string | null;
}

export async function insertUnsubscribeLink(db: Kysely<DB>, row: UnsubscribeRow) {
  await db
    .insertInto("email_unsubscribes")
    .values({
      kind: row.kind,
      token_hash: row.tokenHash,
      account_id: row.accountId,
      user_id: row.userId,
      email: row.email,
      resource_id: row.resourceId,
    })
    .execute();
}

/** Marks the link's address unsubscribed (keeping the first time); undefined for an unknown link. */
export async function markUnsubscribed(db: Kysely<DB>, kind: TUnsubscribeKind, tokenHash: string) {
  return db
    .updateTable("email_unsubscribes")
    .set({ unsubscribed_at: sql`coalesce(unsubscribed_at, now())` })
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", kind)
    .returning("id")
    .executeTakeFirst();
}

/** An unsubscription of the address from the kind: from all of it, or (with a resource) from that resource. */
export async function findUnsubscription(
  db: Kysely<DB>,
  t: { accountId: string; kind: TUnsubscribeKind; email: string; resourceId?: string | null | undefined },
) {
  let q = db
    .selectFrom("email_unsubscribes")
    .select("id")
    .where("account_id", "=", t.accountId)
    .where("kind", "=", t.kind)
    .where(sql`lower(email)`, "=", t.email.toLowerCase())
    .where("unsubscribed_at", "is not", null);
  const resourceId = t.resourceId;
  q = resourceId
    ? q.where((eb) => eb.or([eb("resource_id", "is", null), eb("resource_id", "=", resourceId)]))
    : q.where("resource_id", "is", null);
  return q.executeTakeFirst();
}
