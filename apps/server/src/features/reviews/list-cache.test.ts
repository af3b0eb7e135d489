// The review list cached per process (features/reviews/service.ts, a NotifiedCache on sb_metrics, sb_reviews
// and sb_actor; migrations 0031, 0032, 0034): whatever a user changes that the list shows is on the very next
// call, the cache really answers in between (whatever the client's nonce), and nothing crosses accounts.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { startTestApp } from "../../test/harness.ts";

let t: TestApp;
let client: Client;
let accountId: string;
let locationId: string;
let reviewId: string;

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

const PATH = "/api/reviews?published_after=2024-05-01&published_before=2024-05-31&per_page=25";

beforeAll(async () => {
  t = await startTestApp();
  const s = await signedIn(t);
  client = s.client;
  accountId = s.account.id;
  await t.ctx.database.db.updateTable("accounts").set({ time_zone: "UTC" }).where("id", "=", accountId).execute();
  locationId = (await createLocation(t.ctx.database, accountId, { name: "Harbor Street" })).id;
  reviewId = (
    await createReview(t.ctx.database, {
      accountId,
      locationId,
      content: "Lovely place.",
      publishedAt: new Date("2024-05-10T12:00:00Z"),
    })
  ).id;
});
afterAll(async () => t?.close());

let calls = 0;
/** The list as the client asks for it: each call with its own nonce, as the web client's cache buster. */
const list = async (c: Client = client) => {
  calls += 1;
  const res = await c.get<List>(`${PATH}&nonce=${Date.now()}-${calls}`);
  expect(res.status).toBe(200);
  return res.body;
};
const card = async () => (await list())._embedded.reviews.find((r) => r.id === reviewId)!;
const db = () => t.ctx.database.db;

describe("the review list cache", () => {
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
    const added = await createReview(t.ctx.database, {
      accountId,
      locationId,
      publishedAt: new Date("2024-05-11T12:00:00Z"),
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
      .values({ account_id: accountId, name: "patio" })
      .returning(["id", "name"])
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("review_tags")
      .values({ account_id: accountId, review_id: reviewId, tag_id: tag.id, name: tag.name })
      .execute();
    expect((await card()).tags.map((x) => x.name)).toEqual(["patio"]);

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
      .values({ account_id: accountId, name: "Follow up" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().updateTable("reviews").set({ status_label_id: label.id }).where("id", "=", reviewId).execute();
    expect((await card()).status_label?.name).toBe("Follow up");
    await db().updateTable("review_status_labels").set({ name: "Called back" }).where("id", "=", label.id).execute();
    expect((await card()).status_label?.name).toBe("Called back");
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
