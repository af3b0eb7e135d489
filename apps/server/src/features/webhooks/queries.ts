import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export interface NewWebhookEvent {
  accountId: string;
  userId: string;
  event: string;
  notificationType: string | null;
  featureName: string | null;
  payload: Record<string, unknown>;
}

export async function insertWebhookEvent(db: Kysely<DB>, e: NewWebhookEvent): Promise<string> {
  const row = await db
    .insertInto("webhook_events")
    .values({
      account_id: e.accountId,
      user_id: e.userId,
      event: e.event,
      notification_type: e.notificationType,
      feature_name: e.featureName,
      payload: JSON.stringify(e.payload),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
