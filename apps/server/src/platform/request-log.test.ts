// What the server logs of a signed-in call that fails: who made it (user and account) and the request's id, so
// that an operator can follow a 500 back to the call (platform/auth.ts, platform/http.ts).
import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";

const lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await startTestApp({ workers: false, logStream });
});
afterAll(async () => t?.close());

describe("the request log", () => {
  it("names the user, the account and the request of a signed-in call that fails", async () => {
    const { client, user, account } = await signedIn(t);
    // The review list reads review_tags: without it the call fails as a broken database would make it fail.
    await sql`ALTER TABLE review_tags RENAME TO review_tags_away`.execute(t.ctx.database.db);
    try {
      const res = await client.request("GET", "/api/reviews", undefined, { "x-request-id": "request-log-test-1" });
      expect(res.status).toBe(500);
    } finally {
      await sql`ALTER TABLE review_tags_away RENAME TO review_tags`.execute(t.ctx.database.db);
    }
    const logged = lines.find((l) => l.msg === "unhandled error");
    expect(logged).toMatchObject({ reqId: "request-log-test-1", user_id: user.id, account_id: account.id, level: 50 });
  });
});
