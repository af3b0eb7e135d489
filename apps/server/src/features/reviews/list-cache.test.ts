// The review list cached per process (features/reviews/service.ts, NotifiedCaches on sb_metrics, sb_reviews
// and sb_actor; migrations 0031, 0032, 0034): whatever a user changes that the list shows is on the very next
// call, the cache really answers in between (whatever the client's nonce), and nothing crosses accounts. Twice:
// asking the same list again (the answers kept), and asking a list of another range each call, which holds the
// same review (the review resources kept, `reviewBodies`).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotifiedCache } from "../../platform/notified-cache.ts";
import { createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { startTestApp } from "../../test/harness.ts";
import { ACCOUNT_DAYS_AFTER_COUNTS } from "./service.ts";

let t: TestApp;
let client: Client;
let accountId: string;

type Card = {
  id: string;
  content: string | null;
  location: { name: string; city: string | null };
  tags: { name: string }[];
  images: { name: string | null }[];
  response: { content: string } | null;
  status_label: { name: string } | null;
  assigned_user: { name: string } | null;
};
type List = { _total: number; _embedded: { reviews: Card[] } };

beforeAll(async () => {
  t = await startTestApp();
  const s = await signedIn(t);
  client = s.client;
  accountId = s.account.id;
  await t.ctx.database.db.updateTable("accounts").set({ time_zone: "UTC" }).where("id", "=", accountId).execute();
});
afterAll(async () => t?.close());

const db = () => t.ctx.database.db;
let calls = 0;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * How each call asks for the month's reviews: the same list every time (each call with its own nonce, as the web
 * client's cache buster), or a range that ends a day later at each call (a list never asked before, holding the
 * same reviews).
 */
const MODES = [
  { name: "the same list asked again", month: "2024-05", to: (_n: number) => "2024-05-31" },
  { name: "a new range each call, the same reviews", month: "2024-07", to: (n: number) => addDays("2024-07-31", n) },
];

describe.each(MODES)("the review list cache: $name", ({ month, to }) => {
  let locationId: string;
  let reviewId: string;
  const PATH = `/api/reviews?published_after=${month}-01&published_before=${to(0)}&per_page=25`;

  beforeAll(async () => {
    locationId = (await createLocation(t.ctx.database, accountId, { name: "Harbor Street" })).id;
    reviewId = (
      await createReview(t.ctx.database, {
        accountId,
        locationId,
        content: "Lovely place.",
        publishedAt: new Date(`${month}-10T12:00:00Z`),
      })
    ).id;
  });

  const list = async (c: Client = client) => {
    calls += 1;
    const res = await c.get<List>(
      `/api/reviews?published_after=${month}-01&published_before=${to(calls)}&per_page=25&nonce=${Date.now()}-${calls}`,
    );
    expect(res.status).toBe(200);
    return res.body;
  };
  const card = async () => (await list())._embedded.reviews.find((r) => r.id === reviewId)!;

  it("answers from the cache, whatever the nonce, until a change is told", async () => {
    // A notification of beforeAll's writes can still be on its way: heard after the first call has filled
    // the cache, it would empty it (as it should). Everything committed so far is heard first.
    expect(await t.ctx.database.caughtUp()).toBe(true);
    expect((await card()).content).toBe("Lovely place.");
    // The triggers do not fire for a replica's writes: the review changes without telling anyone.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await trx.updateTable("reviews").set({ content: "Changed quietly." }).where("id", "=", reviewId).execute();
      });
    expect((await card()).content).toBe("Lovely place.");
    await sql`NOTIFY sb_reviews`.execute(db());
    expect((await card()).content).toBe("Changed quietly.");
  });

  it("lists a new review and counts it on the very next call", async () => {
    const before = await list();
    if (to(1) !== to(0)) {
      // Lists of new ranges, counted by the database until the account's reviews per day are read beside them.
      for (let i = 0; i < ACCOUNT_DAYS_AFTER_COUNTS; i++) expect((await list())._total).toBe(before._total);
      const days = NotifiedCache.of(t.ctx.database, "reviews.account-days", { channels: [], ttlMs: 0, maxEntries: 0 });
      await expect.poll(() => days.size).toBeGreaterThan(0);
      expect((await list())._total).toBe(before._total);
    }
    const added = await createReview(t.ctx.database, {
      accountId,
      locationId,
      publishedAt: new Date(`${month}-11T12:00:00Z`),
    });
    const after = await list();
    expect(after._total).toBe(before._total + 1);
    expect(after._embedded.reviews[0]!.id).toBe(added.id);
  });

  it("shows a new response, tag, image and status label on the very next call", async () => {
    expect(await card()).toMatchObject({ response: null, tags: [], images: [], status_label: null });
    const review = await db()
      .selectFrom("reviews")
      .select(["id", "account_id", "source_id"])
      .where("id", "=", reviewId)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("responses")
      .values({ account_id: accountId, review_id: reviewId, source_id: review.source_id, content: "Thank you!" })
      .execute();
    expect((await card()).response?.content).toBe("Thank you!");

    const tag = await db()
      .insertInto("tags")
      .values({ account_id: accountId, name: `patio ${month}` })
      .returning(["id", "name"])
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("review_tags")
      .values({ account_id: accountId, review_id: reviewId, tag_id: tag.id, name: tag.name })
      .execute();
    expect((await card()).tags.map((x) => x.name)).toEqual([`patio ${month}`]);

    await db()
      .insertInto("review_images")
      .values({
        account_id: accountId,
        review_id: reviewId,
        name: "table.jpg",
        url: "https://example.test/table.jpg",
        position: 0,
      })
      .execute();
    expect((await card()).images.map((x) => x.name)).toEqual(["table.jpg"]);

    const label = await db()
      .insertInto("review_status_labels")
      .values({ account_id: accountId, name: `Follow up ${month}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().updateTable("reviews").set({ status_label_id: label.id }).where("id", "=", reviewId).execute();
    expect((await card()).status_label?.name).toBe(`Follow up ${month}`);
    await db()
      .updateTable("review_status_labels")
      .set({ name: `Called back ${month}` })
      .where("id", "=", label.id)
      .execute();
    expect((await card()).status_label?.name).toBe(`Called back ${month}`);
  });

  it("shows a location's new name, and an assigned user's new name, on the very next call", async () => {
    await db().updateTable("locations").set({ name: "Harbour Street" }).where("id", "=", locationId).execute();
    expect((await card()).location.name).toBe("Harbour Street");

    const user = await createUser(t.ctx.database, accountId, { name: "Sam Ortiz" });
    await db().updateTable("reviews").set({ assigned_user_id: user.id }).where("id", "=", reviewId).execute();
    expect((await card()).assigned_user?.name).toBe("Sam Ortiz");
    await db().updateTable("users").set({ name: "Sam Ortiz-Lee" }).where("id", "=", user.id).execute();
    expect((await card()).assigned_user?.name).toBe("Sam Ortiz-Lee");
  });

  it("keeps its answers when a location changes only what the list does not show", async () => {
    const before = await card();
    // A change the list does not show sends nothing: a quiet change to the review stays unseen after it.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await trx.updateTable("reviews").set({ content: "Quiet again." }).where("id", "=", reviewId).execute();
      });
    await db().updateTable("locations").set({ phone: "+15125550100" }).where("id", "=", locationId).execute();
    expect((await card()).content).toBe(before.content);
    await db().updateTable("locations").set({ city: "Galveston" }).where("id", "=", locationId).execute();
    const after = await card();
    expect(after.content).toBe("Quiet again.");
    expect(after.location.city).toBe("Galveston");
  });

  it("gives another account nothing of this one's: the account is part of what is cached", async () => {
    await list();
    const other = await signedIn(t);
    const res = await other.client.get<List>(`${PATH}&account_id=${accountId}`);
    expect(res.status).toBe(404);
    expect((await list(other.client))._total).toBe(0);
  });
});
