import { sql } from "kysely";
import { loadActor } from "../../platform/auth.ts";
import { createAccount, createUser, sessionFor } from "../../test/factories.ts";
import type { BenchSuite } from "../harness.ts";

/** The floor every API call stands on: an authenticated request against the one query behind it. */
export const apiSuite: BenchSuite = {
  name: "api",
  description: "GET /api/auth over HTTP vs its session lookup query; GET /api/health vs SELECT 1",
  async setup({ baseUrl, ctx }) {
    const { database } = ctx;
    const account = await createAccount(database);
    const user = await createUser(database, account.id, { type: "admin", owner: true });
    const { email, token } = await sessionFor(database, user);
    const authorization = `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;
    const get =
      (p: string, headers: Record<string, string> = {}) =>
      async () => {
        const res = await fetch(`${baseUrl}${p}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
      };
    return [
      {
        name: "GET /api/auth",
        run: get("/api/auth", { Authorization: authorization }),
        baseline: {
          name: "session lookup (SQL)",
          run: async () => {
            if (!(await loadActor(database, email, token))) throw new Error("no session");
          },
        },
      },
      {
        name: "GET /api/health",
        run: get("/api/health"),
        baseline: { name: "SELECT 1", run: () => sql`SELECT 1`.execute(database.db) },
      },
    ];
  },
};
