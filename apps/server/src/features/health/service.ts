import type { THealth } from "@starboard/contract/system";
import { sql } from "kysely";
import type { AppContext } from "../../platform/context.ts";

/** The database answers a trivial query; the environment name is for the client's staging banner. */
export async function health(ctx: AppContext): Promise<THealth> {
  await sql`select 1`.execute(ctx.database.db);
  return { status: "ok", environment: ctx.config.environment };
}
