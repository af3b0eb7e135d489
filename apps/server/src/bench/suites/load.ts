import type { TSession } from "@starboard/contract/auth";
import { computeDateRange, DEFAULT_DATE_DESCRIPTOR } from "@starboard/contract/date-ranges";
import { MEDIA_TYPE } from "@starboard/contract/hal";
import { REVIEWS_PER_PAGE_DEFAULT } from "@starboard/contract/reviews";
import { sql } from "kysely";
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from "../../features/demo/seed.ts";
import {
  REVIEW_BODY_CACHE_ENTRIES,
  REVIEW_BODY_CACHE_MS,
  REVIEW_LIST_CACHE_ENTRIES,
  REVIEW_LIST_CACHE_MS,
} from "../../features/reviews/service.ts";
import { verifyPassword } from "../../platform/auth.ts";
import { percentile } from "../harness.ts";
import type { LoadCase, LoadSuite } from "../load.ts";

const log = (m: string) => console.error(`  [load] ${m}`);
const count = (n: unknown) => Number(n).toLocaleString("en-US");

/**
 * The demo (three accounts; two years of reviews for 60 locations, with responses, tags, photos and
 * the roll-ups) on the fresh database, driven as the web client drives it: signed in as the demo's
 * owner (Copper Kettle Kitchens, 36 restaurants), the review list as the page first asks for it (30
 * days), a filtered list, the dashboard's metrics overview (six months), a review's detail and
 * sign-in itself, each beside GET /api/health on the same server in the same run.
 */
export const loadSuite: LoadSuite = {
  name: "load",
  description:
    "autocannon (50 connections, 20 s per case by default) on the demo: review list, filtered list, metrics overview, review detail, sign-in, beside GET /api/health",
  async setup() {
    return [];
  },
  async load({ baseUrl, ctx }) {
    const db = ctx.database.db;
    const started = Date.now();
    const demo = await seedDemo(ctx.database, { log });
    const seeded = Math.round((Date.now() - started) / 1000);
    log(`demo seeded in ${seeded} s`);

    // Sign in as the client does: POST /api/auth with the e-mail and password, then Basic e-mail:token.
    const owner = DEMO_USERS.find((u) => u.owner && u.account === "restaurant")!;
    const signInBody = JSON.stringify({ email: owner.email, password: DEMO_PASSWORD });
    const json = { Accept: MEDIA_TYPE, "Content-Type": MEDIA_TYPE };
    const res = await fetch(`${baseUrl}/api/auth`, { method: "POST", headers: json, body: signInBody });
    if (res.status !== 201) throw new Error(`sign-in as ${owner.email} answered ${res.status}: ${await res.text()}`);
    const session = (await res.json()) as TSession;
    const headers = {
      Accept: MEDIA_TYPE,
      Authorization: `Basic ${Buffer.from(`${owner.email}:${session.token}`).toString("base64")}`,
    };
    const accountId = session.account_id;
    const timeZone = session.account.time_zone;

    // The pages' default date ranges, computed as the client computes them (the account's zone, today).
    const now = new Date();
    const reviewsRange = computeDateRange(DEFAULT_DATE_DESCRIPTOR.reviews, { now, timeZone });
    const pageRange = computeDateRange(DEFAULT_DATE_DESCRIPTOR.page, { now, timeZone });
    // GETs carry a nonce (the client's cache buster); the server ignores it.
    const nonce = `nonce=${now.getTime()}`;

    const group = await db
      .selectFrom("groups")
      .select(["id", "name"])
      .where("account_id", "=", accountId)
      .orderBy("name")
      .executeTakeFirstOrThrow();
    const google = await db.selectFrom("sources").select("id").where("code", "=", "google").executeTakeFirstOrThrow();

    // The query keys in the order the client's reviewListQuery builds them; lists repeat their key.
    const list = (filters: string) =>
      `/api/reviews?published_after=${reviewsRange.from}&published_before=${reviewsRange.to}${filters}&per_page=${REVIEWS_PER_PAGE_DEFAULT}&${nonce}`;
    const firstPage = list("");
    const filtered = list(`&group_id=${group.id}&source_id=${google.id}&rating=1&rating=2`);

    // The detail the user opens: the first review of the first page.
    const page = await fetch(`${baseUrl}${firstPage}`, { headers });
    if (page.status !== 200) throw new Error(`GET ${firstPage} answered ${page.status}`);
    const reviewId = ((await page.json()) as { _embedded: { reviews: { id: string }[] } })._embedded.reviews[0]?.id;
    if (!reviewId) throw new Error("the demo has no review in the last 30 days");

    // What sign-in spends on the password alone: argon2id verification, one at a time, on this machine.
    const { password_hash } = await db
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", owner.email)
      .executeTakeFirstOrThrow();
    const verifications: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      if (!(await verifyPassword(password_hash, DEMO_PASSWORD))) throw new Error("the demo password does not verify");
      verifications.push(performance.now() - start);
    }
    const argon2Ms = percentile(
      verifications.slice(5).sort((a, b) => a - b),
      50,
    );

    // Six-month ranges with each end moved back 0 to 59 days: overviews of about the same cost, none the same.
    const back = (day: string | null, days: number) => {
      if (!day) throw new Error("six months has both ends");
      return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    };
    const overviewRanges = Array.from({ length: 60 * 60 }, (_, i) => {
      const from = back(pageRange.from, Math.floor(i / 60));
      const to = back(pageRange.to, i % 60);
      return `/api/metrics/${accountId}/overview?published_after=${from}&published_before=${to}&${nonce}`;
    });
    // Review lists ending 0 to 59 days back, 30 to 89 days long: first pages of about the same cost, none the same.
    const listRanges = Array.from({ length: 60 * 60 }, (_, i) => {
      const to = back(reviewsRange.to, Math.floor(i / 60));
      const from = back(to, 29 + (i % 60));
      return `/api/reviews?published_after=${from}&published_before=${to}&per_page=${REVIEWS_PER_PAGE_DEFAULT}&${nonce}`;
    });
    const get = (name: string, path: string): LoadCase => ({ name, method: "GET", path, headers });
    const health: LoadCase = { name: "GET /api/health", method: "GET", path: "/api/health", headers: {} };
    const cases: LoadCase[] = [
      get("GET /api/reviews, 30 days (first page)", firstPage),
      {
        ...get("GET /api/reviews, 30-89 days, a new range each call", listRanges[0]!),
        paths: listRanges,
        note:
          `no answer kept: ${listRanges.length.toLocaleString("en-US")} date ranges in turn, more than the server's review-list cache ` +
          `keeps (${REVIEW_LIST_CACHE_ENTRIES} answers, ${REVIEW_LIST_CACHE_MS / 1000} s), so every call reads its page's ids and sort keys from ` +
          `the database; the reviews themselves come from those the process answered lately (${REVIEW_BODY_CACHE_ENTRIES.toLocaleString("en-US")}, ` +
          `${REVIEW_BODY_CACHE_MS / 1000} s) and the count from the account's reviews per day it keeps, both emptied by any change ` +
          "(reviews-scale times calls with nothing kept); the case above repeats one list, as the review page opened by many users " +
          "of one account does, and is answered from the cache",
      },
      get("GET /api/reviews, 30 days, a group, google, ratings 1-2", filtered),
      get(
        "GET /api/metrics/{account}/overview, 6 months",
        `/api/metrics/${accountId}/overview?published_after=${pageRange.from}&published_before=${pageRange.to}&${nonce}`,
      ),
      {
        ...get("GET /api/metrics/{account}/overview, 5-7 months, a new range each call", overviewRanges[0]!),
        paths: overviewRanges,
        note:
          `uncached: ${overviewRanges.length.toLocaleString("en-US")} ranges in turn (each end moved back up to 59 days), more than the ` +
          "server's overview cache keeps (1,000 answers, 5 s), so every answer is computed; the case above repeats one range, as a " +
          "dashboard opened by many users of one account does, and is answered from the cache",
      },
      get("GET /api/reviews/{id}", `/api/reviews/${reviewId}?${nonce}`),
      {
        ...health,
        name: "GET /api/health, the database busy",
        note:
          "the database runs a CPU-bound statement after another on one connection (a count over 3,000,000 generated rows) " +
          "while the health checks are driven: on the embedded database they run in its worker thread, off the HTTP event loop",
        alongside: () => {
          let running = true;
          let statements = 0;
          const loop = (async () => {
            while (running) {
              await sql`SELECT count(*) FROM generate_series(1, 3000000)`.execute(db);
              statements += 1;
            }
          })();
          return {
            async stop() {
              running = false;
              await loop;
              return `${statements} such statements ran`;
            },
          };
        },
      },
      {
        name: "POST /api/auth (sign-in)",
        method: "POST",
        path: "/api/auth",
        headers: json,
        body: signInBody,
        note:
          `the cost is dominated by argon2id password verification (deliberately slow and memory-hard): ` +
          `${argon2Ms.toFixed(1)} ms per sign-in alone, one at a time (p50), on the libuv thread pool; every answer opens a session`,
      },
    ];

    // Each case answers as it should once before it is driven (sign-in 201, the others 200), and the
    // filtered list is not empty. Under load, any answer but 2xx fails the case.
    for (const c of cases) {
      const r = await fetch(`${baseUrl}${c.path}`, {
        method: c.method,
        headers: c.headers,
        ...(c.body ? { body: c.body } : {}),
      });
      const text = await r.text();
      if (r.status !== (c.method === "POST" ? 201 : 200))
        throw new Error(`${c.name} (${c.method} ${c.path}) answered ${r.status}: ${text}`);
    }
    const matching = await fetch(`${baseUrl}${filtered}`, { headers });
    const filteredCount = ((await matching.json()) as { _embedded: { reviews: unknown[] } })._embedded.reviews.length;
    if (filteredCount === 0) throw new Error("the filtered list is empty: pick another filter");

    const demoIds = Object.values(demo.accounts);
    const totals = await sql<{
      reviews: string;
      responses: string;
      all_reviews: string;
      account_reviews: string;
      locations: string;
    }>`
      SELECT (SELECT count(*) FROM reviews WHERE account_id IN (${sql.join(demoIds)})) AS reviews,
             (SELECT count(*) FROM responses WHERE account_id IN (${sql.join(demoIds)})) AS responses,
             (SELECT count(*) FROM reviews) AS all_reviews,
             (SELECT count(*) FROM reviews WHERE account_id = ${accountId}) AS account_reviews,
             (SELECT count(*) FROM locations WHERE account_id = ${accountId}) AS locations`.execute(db);
    const t = totals.rows[0]!;
    const others = Number(t.all_reviews) - Number(t.reviews);
    const data =
      `the demo (seeded in ${seeded} s): ${count(t.reviews)} reviews, ${count(t.responses)} responses` +
      `${others > 0 ? ` (and ${count(others)} reviews of other suites in the database)` : ""}; ` +
      `signed in as ${owner.email}: ${count(t.account_reviews)} reviews, ${count(t.locations)} locations, ` +
      `group "${group.name}", 30 days ${reviewsRange.from}..${reviewsRange.to}, 6 months ${pageRange.from}..${pageRange.to}`;
    return { data, health, cases };
  },
};
