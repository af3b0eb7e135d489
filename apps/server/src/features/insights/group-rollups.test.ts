// The group roll-ups of the insights (migration 0030) after random writes: each step (alone, committed or
// rolled back) is followed by a comparison of keyword_daily_group_stats, keyword_monthly_group_stats and
// review_daily_group_category_stats with a from-scratch count of the reviews, their mentions and the groups'
// locations, written here apart from the recount functions (the pattern of features/metrics/rollups.test.ts).
import fc from "fast-check";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { createGroup, createLocation, insertMentions, signedIn, sourceId } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

const TZ = "America/Chicago";
const KEYWORDS = ["pad thai", "service", "wait time", "price"];
const CATEGORIES = [null, "food", "service"];
const SENTIMENTS = ["positive", "negative", "neutral"] as const;

let t: TestApp;
let db: Kysely<DB>;
let accountId: string;
let sources: string[];
let locations: string[];
let groups: string[];

const mention = fc.tuple(fc.constantFrom(...KEYWORDS), fc.constantFrom(...CATEGORIES), fc.constantFrom(...SENTIMENTS));
const review = fc.record({
  loc: fc.nat(3),
  // Late February to early April, across two month ends; the hour moves some to the next UTC day.
  day: fc.integer({ min: 0, max: 45 }),
  hour: fc.constantFrom(3, 15, 23),
  rating: fc.integer({ min: 1, max: 5 }),
  sentiment: fc.integer({ min: -1, max: 1 }),
  source: fc.nat(1),
  mentions: fc.array(mention, { maxLength: 4 }),
});
const op = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), reviews: fc.array(review, { minLength: 1, maxLength: 3 }) }),
  fc.record({
    kind: fc.constant("move" as const),
    pick: fc.nat(),
    loc: fc.nat(3),
    day: fc.integer({ min: 0, max: 45 }),
  }),
  fc.record({
    kind: fc.constant("rate" as const),
    pick: fc.nat(),
    rating: fc.integer({ min: 1, max: 5 }),
    sentiment: fc.integer({ min: -1, max: 1 }),
  }),
  fc.record({ kind: fc.constant("remention" as const), pick: fc.nat(), mentions: fc.array(mention, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant("deletedAtSource" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("join" as const), group: fc.nat(1), loc: fc.nat(3) }),
  fc.record({ kind: fc.constant("leave" as const), group: fc.nat(1), loc: fc.nat(3) }),
  fc.record({ kind: fc.constant("relocate" as const), group: fc.nat(1), from: fc.nat(3), to: fc.nat(3) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const at = (day: number, hour: number) => new Date(Date.UTC(2024, 1, 20 + day, hour)).toISOString();

async function pick(trx: Kysely<DB>, n: number) {
  const ids = await trx.selectFrom("reviews").select("id").where("account_id", "=", accountId).orderBy("id").execute();
  return ids.length ? ids[n % ids.length]?.id : undefined;
}

async function apply(trx: Kysely<DB>, o: Op) {
  switch (o.kind) {
    case "insert":
      for (const r of o.reviews) {
        const row = await trx
          .insertInto("reviews")
          .values({
            account_id: accountId,
            location_id: locations[r.loc] as string,
            source_id: sources[r.source] as string,
            source_review_id: `p-${crypto.randomUUID()}`,
            rating: r.rating,
            content: "text",
            published_at: at(r.day, r.hour),
            sentiment: r.sentiment,
            categories: [...new Set(r.mentions.map((m) => m[1]).filter((c): c is string => c !== null))],
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await insertMentions(trx, row.id, r.mentions);
      }
      return;
    case "move": {
      const id = await pick(trx, o.pick);
      if (!id) return;
      const values = { location_id: locations[o.loc] as string, published_at: at(o.day, 15) };
      await trx.updateTable("reviews").set(values).where("id", "=", id).execute();
      await trx.updateTable("review_mentions").set(values).where("review_id", "=", id).execute();
      return;
    }
    case "rate": {
      const id = await pick(trx, o.pick);
      if (id)
        await trx
          .updateTable("reviews")
          .set({ rating: o.rating, sentiment: o.sentiment })
          .where("id", "=", id)
          .execute();
      return;
    }
    case "remention": {
      const id = await pick(trx, o.pick);
      if (!id) return;
      await trx.deleteFrom("review_mentions").where("review_id", "=", id).execute();
      await insertMentions(trx, id, o.mentions);
      const categories = [...new Set(o.mentions.map((m) => m[1]).filter((c): c is string => c !== null))];
      await trx.updateTable("reviews").set({ categories }).where("id", "=", id).execute();
      return;
    }
    case "deletedAtSource": {
      const id = await pick(trx, o.pick);
      if (id)
        await sql`UPDATE reviews SET deleted_at_source = CASE WHEN deleted_at_source IS NULL THEN now() END
          WHERE id = ${id}`.execute(trx);
      return;
    }
    case "delete": {
      const id = await pick(trx, o.pick);
      if (id) await trx.deleteFrom("reviews").where("id", "=", id).execute();
      return;
    }
    case "join":
      await trx
        .insertInto("group_locations")
        .values({ group_id: groups[o.group] as string, location_id: locations[o.loc] as string })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    case "leave":
      await trx
        .deleteFrom("group_locations")
        .where("group_id", "=", groups[o.group] as string)
        .where("location_id", "=", locations[o.loc] as string)
        .execute();
      return;
    case "relocate":
      await sql`UPDATE group_locations SET location_id = ${locations[o.to]}
        WHERE group_id = ${groups[o.group]} AND location_id = ${locations[o.from]}
          AND NOT EXISTS (SELECT 1 FROM group_locations x WHERE x.group_id = ${groups[o.group]} AND x.location_id = ${locations[o.to]})`.execute(
        trx,
      );
      return;
  }
}

type Row = Record<string, string | number>;
const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();

/** The three tables as stored, and as counted from scratch. */
async function compare() {
  const stored = {
    daily: await sql<Row>`SELECT group_id, to_char(day, 'YYYY-MM-DD') AS day, keyword, category, positive_count AS p,
        negative_count AS n, neutral_count AS u FROM keyword_daily_group_stats WHERE account_id = ${accountId}`.execute(
      db,
    ),
    monthly: await sql<Row>`SELECT group_id, to_char(month, 'YYYY-MM-DD') AS month, keyword, category,
        positive_count AS p, negative_count AS n, neutral_count AS u
      FROM keyword_monthly_group_stats WHERE account_id = ${accountId}`.execute(db),
    categories: await sql<Row>`SELECT group_id, to_char(day, 'YYYY-MM-DD') AS day, category, sentiment,
        review_count AS c FROM review_daily_group_category_stats WHERE account_id = ${accountId}`.execute(db),
  };
  // A review counts once per keyword (positive and/or negative, else neutral; the least category), in every
  // group holding its location, on its local day; deleted at the source it still counts for keywords.
  const perReview = sql`
    SELECT gl.group_id, (r.published_at AT TIME ZONE ${TZ})::date AS day, m.keyword,
      min(coalesce(m.category, '')) AS category,
      bool_or(m.sentiment = 'positive') AS pos, bool_or(m.sentiment = 'negative') AS neg
    FROM reviews r
    JOIN review_mentions m ON m.review_id = r.id
    JOIN group_locations gl ON gl.location_id = r.location_id
    WHERE r.account_id = ${accountId}
    GROUP BY gl.group_id, r.id, m.keyword`;
  const counted = {
    daily: await sql<Row>`SELECT group_id, to_char(day, 'YYYY-MM-DD') AS day, keyword, category,
        (count(*) FILTER (WHERE pos))::int AS p, (count(*) FILTER (WHERE neg))::int AS n,
        (count(*) FILTER (WHERE NOT pos AND NOT neg))::int AS u
      FROM (${perReview}) x GROUP BY 1, 2, 3, 4`.execute(db),
    monthly: await sql<Row>`SELECT group_id, to_char(date_trunc('month', day), 'YYYY-MM-DD') AS month, keyword,
        category, (count(*) FILTER (WHERE pos))::int AS p, (count(*) FILTER (WHERE neg))::int AS n,
        (count(*) FILTER (WHERE NOT pos AND NOT neg))::int AS u
      FROM (${perReview}) x GROUP BY 1, 2, 3, 4`.execute(db),
    categories:
      await sql<Row>`SELECT gl.group_id, to_char((r.published_at AT TIME ZONE ${TZ})::date, 'YYYY-MM-DD') AS day,
        c.category, r.sentiment, count(DISTINCT r.id)::int AS c
      FROM reviews r
      CROSS JOIN LATERAL unnest(r.categories) AS c(category)
      JOIN group_locations gl ON gl.location_id = r.location_id
      WHERE r.account_id = ${accountId} AND r.deleted_at_source IS NULL AND c.category IS NOT NULL
      GROUP BY 1, 2, 3, 4`.execute(db),
  };
  expect(sorted(stored.daily.rows)).toEqual(sorted(counted.daily.rows));
  expect(sorted(stored.monthly.rows)).toEqual(sorted(counted.monthly.rows));
  expect(sorted(stored.categories.rows)).toEqual(sorted(counted.categories.rows));
}

beforeAll(async () => {
  t = await startTestApp({ workers: false });
  db = t.ctx.database.db;
  const s = await signedIn(t, { vertical: "restaurant" });
  accountId = s.account.id;
  await db.updateTable("accounts").set({ time_zone: TZ }).where("id", "=", accountId).execute();
  sources = [await sourceId(t.ctx.database, "google"), await sourceId(t.ctx.database, "yelp")];
  groups = [(await createGroup(t.ctx.database, accountId)).id, (await createGroup(t.ctx.database, accountId)).id];
  locations = [];
  for (let i = 0; i < 4; i++) locations.push((await createLocation(t.ctx.database, accountId)).id);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

it("the group roll-ups agree with counting the mentions and reviews after random writes", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ ops: fc.array(op, { minLength: 1, maxLength: 3 }), commit: fc.boolean() }), {
        minLength: 4,
        maxLength: 10,
      }),
      async (steps) => {
        await db.deleteFrom("reviews").where("account_id", "=", accountId).execute();
        await db.deleteFrom("group_locations").where("group_id", "in", groups).execute();
        await db
          .insertInto("group_locations")
          .values([
            { group_id: groups[0] as string, location_id: locations[0] as string },
            { group_id: groups[0] as string, location_id: locations[1] as string },
            { group_id: groups[1] as string, location_id: locations[1] as string },
            { group_id: groups[1] as string, location_id: locations[2] as string },
          ])
          .execute();
        await compare();
        for (const step of steps) {
          const trx = await db.startTransaction().execute();
          for (const o of step.ops) await apply(trx, o);
          if (step.commit) await trx.commit().execute();
          else await trx.rollback().execute();
          await compare();
        }
      },
    ),
    { numRuns: Number(process.env.ROLLUP_RUNS ?? 25) },
  );
}, 600_000);
