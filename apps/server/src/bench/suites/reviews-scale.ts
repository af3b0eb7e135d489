import { sql } from "kysely";
import { withoutSecondaryIndexes } from "../../features/demo/reviews.ts";
import { addDays, granularityOf, parseMetricsFilters } from "../../features/metrics/filters.ts";
import { overviewQuery } from "../../features/metrics/queries.ts";
import { encodeCursor } from "../../features/reviews/cursor.ts";
import { type ReviewFilter, reviewFilter } from "../../features/reviews/filter.ts";
import { countReviews, type PageSpec, selectReviewList } from "../../features/reviews/queries.ts";
import { loadActor } from "../../platform/auth.ts";
import { createAccount, createUser, sessionFor } from "../../test/factories.ts";
import type { BenchCase, BenchSuite } from "../harness.ts";

const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 1_000_000);
const LOCATIONS = 2000;
const GROUPS = 10;
const TIME_ZONE = "America/Chicago";
const BATCH = 100_000;
const SOURCES = ["google", "yelp", "facebook", "tripadvisor", "opentable", "grubhub", "trustpilot"];
const CATEGORIES = ["food", "service", "atmosphere", "value", "location"];
const ITERATIONS = Number(process.env.BENCH_SCALE_ITERATIONS ?? 100);
/**
 * Calls of every case, in turn, before any is timed: the server is measured as one that has been serving, not as
 * a process whose code V8 is still optimising. The harness's warm-up of a case is no longer than its timed runs
 * (50 by default), and the list's code is not optimised by then: at stop 38, the 30-day list measured 7.6–7.9 ms
 * at p95 after 50 calls and 5.2–5.5 ms after 400 (three fresh processes each, 100 timed calls).
 */
const WARM_ROUNDS = Number(process.env.BENCH_SCALE_WARM_ROUNDS ?? 200);

/**
 * One account with 2,000 locations in 10 groups and 1,000,000 reviews over two years from seven
 * sources (BENCH_REVIEWS changes the count), about half of the respondable ones answered; the
 * roll-ups built. Times GET /api/reviews for a set of filters, and the metrics overview over six
 * months, each against every SQL statement the call runs, run directly (the baseline): the ratio is
 * what HTTP, validation, presentation and JSON add.
 */
export const reviewsScaleSuite: BenchSuite = {
  name: "reviews-scale",
  description: `GET /api/reviews and GET /api/metrics/{id}/overview on ${REVIEWS.toLocaleString("en-US")} reviews vs their bare SQL`,
  async setup({ baseUrl, ctx }) {
    const { database } = ctx;
    const db = database.db;
    const log = (m: string) => console.error(`  [reviews-scale] ${m}`);
    const started = Date.now();
    const account = await createAccount(database, { name: "Bench Co" });
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

    // Reviews by generate_series, deterministic: every value is a function of the row number.
    const now = new Date();
    now.setUTCHours(0, 0, 0, 0);
    // One transaction: the roll-up triggers (migration 0009) count each touched day once, at its commit.
    const trx = await db.startTransaction().execute();
    await withoutSecondaryIndexes(trx, ["reviews", "responses"], async () => {
      for (let from = 1; from <= REVIEWS; from += BATCH) {
        const to = Math.min(REVIEWS, from + BATCH - 1);
        await sql`
          WITH locs AS (SELECT array_agg(id ORDER BY name) AS a FROM locations WHERE account_id = ${account.id}),
               srcs AS (SELECT array_agg(id ORDER BY array_position(${SOURCES}::text[], code)) AS a, array_agg(supports_responses ORDER BY array_position(${SOURCES}::text[], code)) AS resp
                        FROM sources WHERE code = ANY(${SOURCES}::text[])),
               rows AS (
                 SELECT g, (g * 2654435761::bigint) % 4294967296 AS h FROM generate_series(${from}::int, ${to}::int) g
               ),
               shaped AS (
                 SELECT g, h,
                   CASE WHEN h % 100 < 55 THEN 5 WHEN h % 100 < 73 THEN 4 WHEN h % 100 < 80 THEN 3 WHEN h % 100 < 86 THEN 2 ELSE 1 END AS rating,
                   1 + (h / 7) % 7 AS s,
                   ${now.toISOString()}::timestamptz - make_interval(secs => ((h / 13) % (730 * 86400))::float8) AS published_at
                 FROM rows
               )
          INSERT INTO reviews (account_id, location_id, source_id, source_review_id, author_name, rating, content,
            published_at, first_seen_at, sentiment, categories, respondable, response_status, responded_at, images_count)
          SELECT ${account.id}, locs.a[1 + g % ${LOCATIONS}], srcs.a[s], 'bench-' || g, 'Reviewer ' || (h % 5000), rating,
            CASE WHEN rating >= 4 THEN 'Great food and friendly staff.' WHEN rating = 3 THEN 'Food was fine, service was slow.' ELSE 'Cold food and a long wait.' END,
            published_at, published_at + interval '3 hours',
            CASE WHEN rating >= 4 THEN 1 WHEN rating <= 2 THEN -1 ELSE 0 END,
            ARRAY[(${CATEGORIES}::text[])[1 + h % 5], (${CATEGORIES}::text[])[1 + (h / 5) % 5]],
            srcs.resp[s],
            CASE WHEN srcs.resp[s] AND h % 2 = 0 THEN 'published' END,
            CASE WHEN srcs.resp[s] AND h % 2 = 0 THEN published_at + make_interval(hours => (1 + h % 72)::int) END,
            (h % 23 = 0)::int
          FROM shaped, locs, srcs`.execute(trx);
        log(`${to.toLocaleString("en-US")} reviews (${Math.round((Date.now() - started) / 1000)} s)`);
      }
      await sql`
        INSERT INTO responses (account_id, review_id, source_id, content, status, published_at, created_at, updated_at)
        SELECT account_id, id, source_id, 'Thank you!', 'published', responded_at, responded_at, responded_at
        FROM reviews WHERE account_id = ${account.id} AND responded_at IS NOT NULL`.execute(trx);
      log(`responses (${Math.round((Date.now() - started) / 1000)} s)`);
    });
    log(`indexes rebuilt (${Math.round((Date.now() - started) / 1000)} s)`);
    await trx.commit().execute();
    // Vacuumed and analysed, as a database that has lived with its reviews is: after a bulk load PostgreSQL's
    // autovacuum would otherwise vacuum every table the load wrote while the first cases are timed (it did, in
    // the minute after the setup, at stop 37).
    await sql`VACUUM (ANALYZE)`.execute(db);
    log(`roll-ups built, tables vacuumed (${Math.round((Date.now() - started) / 1000)} s)`);

    const locations = await db
      .selectFrom("locations")
      .select("id")
      .where("account_id", "=", account.id)
      .orderBy("name")
      .limit(3)
      .execute();
    const group = await db
      .selectFrom("groups")
      .select("id")
      .where("account_id", "=", account.id)
      .orderBy("name")
      .executeTakeFirstOrThrow();
    const google = await db.selectFrom("sources").select("id").where("code", "=", "google").executeTakeFirstOrThrow();
    const today = now.toISOString().slice(0, 10);
    const thirtyDays = addDays(today, -29);
    const sixMonths = parseMetricsFilters({}, TIME_ZONE, now).fromDay;

    const get = (p: string) => async () => {
      const res = await fetch(`${baseUrl}${p}`, { headers: { Authorization: authorization } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
    };
    const filter = (over: Partial<ReviewFilter>) =>
      reviewFilter(account.id, TIME_ZONE, {
        publishedAfter: { day: thirtyDays },
        publishedBefore: { day: today },
        ...over,
      });
    const fromDay = (f: Partial<ReviewFilter>) =>
      f.publishedAfter && "day" in f.publishedAfter ? f.publishedAfter.day : thirtyDays;
    // The server keeps lists and overviews it has just answered (NotifiedCache, decision 005): each call is
    // timed after a notification that empties those caches, as a call nobody has just made, so the figures
    // are the work of the call against the work of its SQL.
    const uncached = async () => {
      await sql`NOTIFY sb_metrics`.execute(db);
    };
    const list = (name: string, query: string, f: Partial<ReviewFilter>, cursor?: PageSpec["cursor"]): BenchCase => ({
      name: `GET /api/reviews ${name}`,
      iterations: ITERATIONS,
      before: uncached,
      run: get(`/api/reviews?per_page=25&published_after=${fromDay(f)}&published_before=${today}${query}`),
      baseline: {
        // Every statement the call runs, in the same order and at once where it runs them at once: the
        // session, then the count with the page (which carries each review's tags, images and response).
        name: "the call's SQL",
        run: async () => {
          await loadActor(database, email, token);
          await selectReviewList(db, filter(f), {
            sort: "published_at",
            order: "desc",
            limit: 26,
            ...(cursor ? { cursor } : {}),
          });
        },
      },
    });
    const overview = (name: string, query: string): BenchCase => ({
      name: `metrics overview 6 months${name}`,
      iterations: ITERATIONS,
      before: uncached,
      run: get(`/api/metrics/${account.id}/overview?published_after=${sixMonths}&published_before=${today}${query}`),
      baseline: {
        // The session (which gives the account's time zone) and the overview query, the names of its sources in it.
        name: "the call's SQL",
        run: async () => {
          await loadActor(database, email, token);
          const params = Object.fromEntries(
            new URLSearchParams(`published_after=${sixMonths}&published_before=${today}${query}`),
          );
          const f = parseMetricsFilters(params, TIME_ZONE, now);
          await overviewQuery(account.id, TIME_ZONE, f, granularityOf(f)).execute(db);
        },
      },
    });

    // The group's overview reads the group's own roll-up (migration 0035): it must count what its locations' rows
    // count, or its figures would be fast for being wrong.
    const byGroup = await fetch(
      `${baseUrl}/api/metrics/${account.id}/overview?published_after=${sixMonths}&published_before=${today}&group_id=${group.id}`,
      { headers: { Authorization: authorization } },
    ).then((res) => res.json() as Promise<{ total_reviews: number }>);
    const { rows: byLocations } = await sql<{ n: number }>`
      SELECT coalesce(sum(s.review_count), 0)::int AS n
      FROM review_daily_stats s JOIN group_locations gl ON gl.location_id = s.location_id
      WHERE gl.group_id = ${group.id} AND s.account_id = ${account.id}
        AND s.day >= ${sixMonths}::date AND s.day <= ${today}::date`.execute(db);
    if (byGroup.total_reviews !== byLocations[0]!.n || byGroup.total_reviews === 0) {
      throw new Error(`the group overview counts ${byGroup.total_reviews} reviews, its locations ${byLocations[0]!.n}`);
    }
    log(`group overview checked: ${byGroup.total_reviews.toLocaleString("en-US")} reviews, as its locations' rows`);

    // A one-word search is counted from the search roll-up (migration 0036): its total must be the reviews that
    // match, counted from the reviews table.
    const searched = await fetch(
      `${baseUrl}/api/reviews?per_page=25&published_after=${sixMonths}&published_before=${today}&keywords=cold`,
      { headers: { Authorization: authorization } },
    ).then((res) => res.json() as Promise<{ _total: number }>);
    const matching = await countReviews(
      db,
      filter({ publishedAfter: { day: sixMonths }, keywords: "cold" }),
      "published_at",
      "desc",
    );
    if (searched._total !== matching.total || matching.total === 0) {
      throw new Error(`the search counts ${searched._total} reviews, the reviews table ${matching.total}`);
    }
    log(`search total checked: ${searched._total.toLocaleString("en-US")} reviews, as the reviews table`);

    // The cursor after the 75th review of the 30 days: the fourth page.
    const fourth = await selectReviewList(db, filter({}), { sort: "published_at", order: "desc", limit: 75 });
    const cursorValues = fourth.rows.at(-1)!.cursor_values;
    const after = encodeCursor({ sort: "published_at", values: cursorValues });

    const cases = [
      list("30 days", "", {}),
      list("30 days, 4th page by cursor", `&after=${after}`, {}, { direction: "after", values: cursorValues }),
      list("6 months", "", { publishedAfter: { day: sixMonths } }),
      list("30 days, one location", `&location_id=${locations[0]!.id}`, { locationIds: [locations[0]!.id] }),
      list("30 days, a group (200 locations)", `&group_id=${group.id}`, { groupIds: [group.id] }),
      list("30 days, ratings 1-2", "&rating=1&rating=2", { ratings: [1, 2] }),
      list("30 days, google, negative", `&source_id=${google.id}&sentiment=-1`, {
        sourceIds: [google.id],
        sentiments: [-1],
      }),
      list("30 days, category food", "&category=food", { categories: ["food"] }),
      list("6 months, keywords", "&keywords=cold", { publishedAfter: { day: sixMonths }, keywords: "cold" }),
      overview("", ""),
      overview(", a group", `&group_id=${group.id}`),
      overview(", one location", `&location_id=${locations[0]!.id}`),
      overview(", ratings 1-2, google", `&rating=1,2&source_id=${google.id}`),
      overview(", category food (category roll-up)", "&category=food"),
    ];
    const warming = Date.now();
    for (let round = 0; round < WARM_ROUNDS; round++) {
      for (const c of cases) {
        await c.before?.();
        await c.run();
      }
    }
    log(`server warmed: ${WARM_ROUNDS} calls of each case (${Math.round((Date.now() - warming) / 1000)} s)`);
    return cases;
  },
};
