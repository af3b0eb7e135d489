import { sql } from "kysely";
import { withoutSecondaryIndexes } from "../../features/demo/reviews.ts";
import type { KeywordScope } from "../../features/insights/queries.ts";
import { selectCategoryCells, selectKeywords } from "../../features/insights/queries.ts";
import { type ReviewFilter, reviewFilter } from "../../features/reviews/filter.ts";
import { loadActor } from "../../platform/auth.ts";
import { createAccount, createUser, sessionFor } from "../../test/factories.ts";
import type { BenchCase, BenchSuite } from "../harness.ts";

const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 1_000_000);
const LOCATIONS = 2000;
const GROUPS = 10;
const TIME_ZONE = "America/Chicago";
const BATCH = 100_000;
const SOURCES = ["google", "yelp", "facebook", "tripadvisor", "opentable"];
const CATEGORIES = ["food", "service", "atmosphere", "value", "location"];
/** Distinct keywords of the account (each in one category), three mentions a review. */
const KEYWORDS = 400;
const MENTIONS_PER_REVIEW = 3;
const ITERATIONS = Number(process.env.BENCH_INSIGHTS_ITERATIONS ?? 100);
const BARE_ITERATIONS = Number(process.env.BENCH_INSIGHTS_BARE_ITERATIONS ?? 5);

/**
 * One restaurant account with 2,000 locations in 10 groups and 1,000,000 reviews over two years
 * (BENCH_REVIEWS changes the count), three keyword mentions each from 400 keywords; the keyword and
 * category roll-ups built by their triggers. Times the insights calls over six months (the account, a
 * group, one location) beside the SQL each runs (the baseline), and the same numbers counted from the
 * reviews and their mentions without the roll-ups (the bare SQL), so the roll-ups' gain is in the table.
 */
export const insightsSuite: BenchSuite = {
  name: "insights",
  description: `GET /api/insights/{id}/mentioned, categories and category_rank on ${REVIEWS.toLocaleString("en-US")} reviews vs their SQL and the bare SQL`,
  async setup({ baseUrl, ctx }) {
    const { database } = ctx;
    const db = database.db;
    const log = (m: string) => console.error(`  [insights] ${m}`);
    const started = Date.now();
    const account = await createAccount(database, { name: "Insights Bench Co", vertical: "restaurant" });
    await db.updateTable("accounts").set({ time_zone: TIME_ZONE }).where("id", "=", account.id).execute();
    const user = await createUser(database, account.id, { type: "admin", owner: true });
    const { email, token } = await sessionFor(database, user);
    const authorization = `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;

    await sql`
      INSERT INTO groups (account_id, name) SELECT ${account.id}, 'Region ' || g FROM generate_series(1, ${GROUPS}) g`.execute(
      db,
    );
    await sql`
      INSERT INTO locations (account_id, name, city, state, external_id)
      SELECT ${account.id}, 'Store ' || lpad(g::text, 4, '0'), 'City ' || (g % 97), 'TX', 'S-' || g
      FROM generate_series(1, ${LOCATIONS}) g`.execute(db);
    await sql`
      INSERT INTO group_locations (group_id, location_id)
      SELECT g.id, l.id FROM
        (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM groups WHERE account_id = ${account.id}) g
        JOIN (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM locations WHERE account_id = ${account.id}) l
        ON l.n % ${GROUPS} = g.n`.execute(db);

    const now = new Date();
    now.setUTCHours(0, 0, 0, 0);
    // One transaction: the roll-up triggers (migrations 0009, 0015) count each touched day once, at commit.
    const trx = await db.startTransaction().execute();
    await withoutSecondaryIndexes(trx, ["reviews", "review_mentions"], async () => {
      for (let from = 1; from <= REVIEWS; from += BATCH) {
        const to = Math.min(REVIEWS, from + BATCH - 1);
        // Every value a function of the row number; a review's categories are those of its mentions.
        await sql`
          WITH locs AS (SELECT array_agg(id ORDER BY name) AS a FROM locations WHERE account_id = ${account.id}),
               srcs AS (SELECT array_agg(id ORDER BY array_position(${SOURCES}::text[], code)) AS a
                        FROM sources WHERE code = ANY(${SOURCES}::text[])),
               rows AS (
                 SELECT g, (g * 2654435761::bigint) % 4294967296 AS h FROM generate_series(${from}::int, ${to}::int) g
               ),
               shaped AS (
                 SELECT g, h,
                   CASE WHEN h % 100 < 55 THEN 5 WHEN h % 100 < 73 THEN 4 WHEN h % 100 < 80 THEN 3 WHEN h % 100 < 86 THEN 2 ELSE 1 END AS rating,
                   ${now.toISOString()}::timestamptz - make_interval(secs => ((h / 13) % (730 * 86400))::float8) AS published_at,
                   ARRAY(SELECT DISTINCT (${CATEGORIES}::text[])[1 + ((h / 3 + k * 137) % ${KEYWORDS}) % 5]
                         FROM generate_series(0, ${MENTIONS_PER_REVIEW - 1}) k ORDER BY 1) AS categories
                 FROM rows
               )
          INSERT INTO reviews (account_id, location_id, source_id, source_review_id, author_name, rating, content,
            published_at, first_seen_at, sentiment, categories)
          SELECT ${account.id}, locs.a[1 + g % ${LOCATIONS}], srcs.a[1 + (h / 7) % 5], 'bench-' || g,
            'Reviewer ' || (h % 5000), rating, 'Review text ' || g, published_at, published_at + interval '3 hours',
            CASE WHEN rating >= 4 THEN 1 WHEN rating <= 2 THEN -1 ELSE 0 END, categories
          FROM shaped, locs, srcs`.execute(trx);
        await sql`
          INSERT INTO review_mentions (account_id, review_id, location_id, source_id, published_at, keyword, category, sentiment)
          SELECT r.account_id, r.id, r.location_id, r.source_id, r.published_at,
            'keyword ' || ((h / 3 + k * 137) % ${KEYWORDS}),
            (${CATEGORIES}::text[])[1 + ((h / 3 + k * 137) % ${KEYWORDS}) % 5],
            CASE WHEN (h + k) % 10 < r.rating * 2 - 1 THEN 'positive' WHEN (h + k) % 10 > 7 THEN 'neutral' ELSE 'negative' END
          FROM (SELECT g, (g * 2654435761::bigint) % 4294967296 AS h FROM generate_series(${from}::int, ${to}::int) g) x
          JOIN reviews r ON r.account_id = ${account.id} AND r.source_review_id = 'bench-' || x.g
          CROSS JOIN generate_series(0, ${MENTIONS_PER_REVIEW - 1}) k`.execute(trx);
        log(`${to.toLocaleString("en-US")} reviews with mentions (${Math.round((Date.now() - started) / 1000)} s)`);
      }
    });
    log(`indexes rebuilt (${Math.round((Date.now() - started) / 1000)} s)`);
    await trx.commit().execute();
    // Vacuumed and analysed, so that autovacuum does not vacuum what the load wrote while the cases are timed.
    await sql`VACUUM (ANALYZE)`.execute(db);
    log(`roll-ups built (${Math.round((Date.now() - started) / 1000)} s)`);

    const location = await db
      .selectFrom("locations")
      .select("id")
      .where("account_id", "=", account.id)
      .orderBy("name")
      .executeTakeFirstOrThrow();
    const group = await db
      .selectFrom("groups")
      .select("id")
      .where("account_id", "=", account.id)
      .orderBy("name")
      .executeTakeFirstOrThrow();
    const today = now.toISOString().slice(0, 10);
    const start = new Date(now);
    start.setUTCMonth(start.getUTCMonth() - 6);
    start.setUTCDate(start.getUTCDate() + 1);
    const sixMonths = start.toISOString().slice(0, 10);
    const period = `published_after=${sixMonths}&published_before=${today}`;

    const get = (p: string) => async () => {
      const res = await fetch(`${baseUrl}${p}`, { headers: { Authorization: authorization } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
    };
    const filter = (over: Partial<ReviewFilter>) =>
      reviewFilter(account.id, TIME_ZONE, {
        publishedAfter: { day: sixMonths },
        publishedBefore: { day: today },
        ...over,
      });
    const scope = (over: Partial<ReviewFilter>, categories: string[] = []): KeywordScope => ({
      filter: filter(over),
      categories,
    });
    const page = { sort: "highest_volume" as const, order: "desc" as const, limit: 25, offset: 0 };

    const keywords = (name: string, query: string, over: Partial<ReviewFilter>, cats: string[] = []): BenchCase[] => [
      {
        name: `mentioned 6 months${name}`,
        iterations: ITERATIONS,
        run: get(`/api/insights/${account.id}/mentioned?${period}${query}`),
        baseline: {
          name: "the call's SQL (roll-ups)",
          run: async () => {
            await loadActor(database, email, token);
            await selectKeywords(db, scope(over, cats), page);
          },
        },
      },
      {
        name: `mentioned 6 months${name}: bare SQL, no roll-ups`,
        iterations: BARE_ITERATIONS,
        run: () => selectKeywords(db, scope(over, cats), { ...page, bare: true }).then(() => undefined),
      },
    ];
    const categories = (name: string, query: string, over: Partial<ReviewFilter>): BenchCase[] => [
      {
        name: `categories 6 months${name}`,
        iterations: ITERATIONS,
        run: get(`/api/insights/${account.id}/categories?${period}${query}`),
        baseline: {
          name: "the call's SQL (roll-ups)",
          run: async () => {
            await loadActor(database, email, token);
            await selectCategoryCells(db, filter(over));
          },
        },
      },
      {
        name: `categories 6 months${name}: bare SQL, no roll-ups`,
        iterations: BARE_ITERATIONS,
        run: () => selectCategoryCells(db, filter(over), true).then(() => undefined),
      },
    ];

    // The group as it was read before its own roll-ups (migration 0030): its locations' rows, summed. Every
    // rating named makes the same filter take that path (the answer is the same; BENCH has no unrated review).
    const allRatings = { groupIds: [group.id], ratings: [1, 2, 3, 4, 5] };
    const byLocations: BenchCase[] = [
      {
        name: "mentioned 6 months, a group: its locations' rows (the SQL before migration 0030)",
        iterations: ITERATIONS,
        run: () => selectKeywords(db, scope(allRatings), page).then(() => undefined),
      },
      {
        name: "categories 6 months, a group: its locations' rows (the SQL before migration 0030)",
        iterations: ITERATIONS,
        run: () => selectCategoryCells(db, filter(allRatings)).then(() => undefined),
      },
    ];

    return [
      ...keywords("", "", {}),
      ...keywords(", a group (200 locations)", `&group_id=${group.id}`, { groupIds: [group.id] }),
      ...byLocations,
      ...keywords(", one location", `&location_id=${location.id}`, { locationIds: [location.id] }),
      ...keywords(", category food", "&category=food", {}, ["food"]),
      ...categories("", "", {}),
      ...categories(", a group (200 locations)", `&group_id=${group.id}`, { groupIds: [group.id] }),
      {
        name: "category_rank 6 months",
        iterations: ITERATIONS,
        run: get(`/api/insights/${account.id}/category_rank?${period}`),
      },
      {
        name: "category_rank 6 months, a group (200 locations)",
        iterations: ITERATIONS,
        run: get(`/api/insights/${account.id}/category_rank?${period}&group_id=${group.id}`),
      },
      {
        name: "keyword detail 6 months",
        iterations: ITERATIONS,
        run: get(`/api/insights/${account.id}/keyword_details?${period}&keyword=keyword%207`),
      },
      {
        name: "keyword reviews 6 months, first page",
        iterations: ITERATIONS,
        run: get(`/api/insights/${account.id}/keyword_reviews?${period}&keyword=keyword%207`),
      },
    ];
  },
};
