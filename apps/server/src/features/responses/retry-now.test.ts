import type { TResponse } from "@starboard/contract/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  createLocation,
  createReview,
  createReviewResponse,
  createUser,
  signedIn,
} from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { startTestApp } from "../../test/harness.ts";

// "Retry now" on a failed publish or delete (issue 11): the job runs again at once.

let t: TestApp;
let client: Client;
let accountId: string;
let locationId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { RESPONSES_RETRY_DELAY_SECONDS: "3600" } });
  const owner = await signedIn(t);
  client = owner.client;
  accountId = owner.account.id;
  locationId = (await createLocation(t.ctx.database, accountId)).id;
});
afterAll(async () => t?.close());

const attempts = async (id: string) =>
  (await t.ctx.database.db.selectFrom("responses").select("attempts").where("id", "=", id).executeTakeFirstOrThrow())
    .attempts;

describe("POST /api/responses/{id}/retry", () => {
  it("tries a failed publish again at once (the attempt is counted), and refuses a response that did not fail", async () => {
    const review = await createReview(t.ctx.database, { accountId, locationId, responseStatus: "error_published" });
    const failed = await createReviewResponse(t.ctx.database, review, { status: "error_published", publishedAt: null });
    expect(await attempts(failed.id)).toBe(0);
    const res = await client.post<TResponse>(`/api/responses/${failed.id}/retry`);
    expect(res.status).toBe(202);
    expect(res.body.id).toBe(failed.id);
    // No Google credentials: the attempt fails again, but it ran now (the next retry was an hour away).
    await expect.poll(() => attempts(failed.id), { timeout: 15_000 }).toBeGreaterThan(0);

    const published = await createReviewResponse(
      t.ctx.database,
      await createReview(t.ctx.database, { accountId, locationId }),
    );
    const refused = await client.post<{ errors: Record<string, string> }>(`/api/responses/${published.id}/retry`);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(["status"]);
  });

  it("answers 403 to a Read Only user and 404 for another account's response", async () => {
    const review = await createReview(t.ctx.database, { accountId, locationId });
    const failed = await createReviewResponse(t.ctx.database, review, { status: "error_unpublished" });
    const viewer = await clientFor(t, await createUser(t.ctx.database, accountId, { type: "read_only" }));
    expect((await viewer.post(`/api/responses/${failed.id}/retry`)).status).toBe(403);
    const other = await signedIn(t);
    expect((await other.client.post(`/api/responses/${failed.id}/retry`)).status).toBe(404);
  });
});
