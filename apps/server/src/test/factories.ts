import { randomUUID } from "node:crypto";
import { type TUserTypeCode, USER_TYPE_IDS } from "@starboard/contract/permissions";
import type { Database } from "../db/database.ts";
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
