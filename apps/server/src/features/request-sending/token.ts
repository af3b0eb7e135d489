import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { hashToken } from "../../platform/auth.ts";

// A request's link token (`/r/{token}`): HMAC-SHA256 of the request id with the database's 'request_links'
// secret (app_secrets, migration 0021), base64url. Only its SHA-256 (`hashToken`) is stored (requests.token_hash);
// the token is rebuilt from the id whenever a message is rendered, so a retried send carries the same link.
// Knowing ids gives nothing without the secret.

const secrets = new WeakMap<object, string>();

export async function requestLinkSecret(db: Kysely<DB>): Promise<string> {
  const cached = secrets.get(db);
  if (cached) return cached;
  const row = await db
    .selectFrom("app_secrets")
    .select("value")
    .where("name", "=", "request_links")
    .executeTakeFirstOrThrow();
  secrets.set(db, row.value);
  return row.value;
}

export function requestToken(secret: string, requestId: string): string {
  return createHmac("sha256", secret).update(`request:${requestId}`).digest("base64url");
}

export function requestTokenHash(secret: string, requestId: string): string {
  return hashToken(requestToken(secret, requestId));
}
