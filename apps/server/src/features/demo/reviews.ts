// Demo reviews: two years of reviews per demo location from the sources of its vertical, with
// owner responses, photos, tags, status labels, listing URLs, Google and Facebook connections (sandboxes), a few
// connection issues, alerts for the demo users, and the metrics roll-ups. Deterministic: the
// same seed gives the same data (dates are relative to the day the demo is created).
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { type Analysis, analyzeText, type Mention } from "../analysis/index.ts";
import { analyzeReview } from "../ingestion/index.ts";
import { connectorFor } from "../reviews/index.ts";
import { DEMO_TRUSTPILOT_API_KEY, DEMO_TRUSTPILOT_TOKEN, DEMO_YELP_API_KEY } from "../sandboxes/index.ts";
import { createRandom, generateResponse, generateReview, type Random, type Vertical } from "./review-text.ts";
import type { DemoAccounts } from "./types.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FAILED_PUBLISH = "An error occurred while publishing the response. We’ll try again. No action necessary.";

interface VerticalPlan {
  key: "restaurant" | "healthcare";
  vertical: Vertical;
  total: number;
  /** Source code and its share of the reviews. */
  sources: [string, number][];
  tags: string[];
  labels: [string, string][];
}

/**
 * Whether a source's reviews have a title: as its connector reads them (`carriesTitles`: Google, Facebook and Yelp
 * have none), and titled where no connector reads the source (TripAdvisor, OpenTable, Healthgrades…).
 */
const titledAt = (code: string) => connectorFor(code)?.carriesTitles ?? true;

const PLANS: VerticalPlan[] = [
  {
    key: "restaurant",
    vertical: "restaurant",
    total: 30_000,
    sources: [
      ["google", 40],
      ["yelp", 18],
      ["facebook", 11],
      ["tripadvisor", 13],
      ["opentable", 11],
      ["grubhub", 7],
    ],
    tags: ["Follow up", "Staff praise", "Food quality", "Wait time", "Refund requested", "Catering"],
    labels: [
      ["New", "#228be6"],
      ["In progress", "#fab005"],
      ["Resolved", "#40c057"],
      ["Escalated", "#fa5252"],
    ],
  },
  {
    key: "healthcare",
    vertical: "healthcare",
    total: 15_000,
    sources: [
      ["google", 44],
      ["healthgrades", 17],
      ["zocdoc", 14],
      ["vitals", 8],
      ["ratemds", 7],
      ["facebook", 10],
    ],
    tags: ["Billing", "Front desk", "Wait time", "Follow up", "Provider praise", "Insurance"],
    labels: [
      ["New", "#228be6"],
      ["Contacted patient", "#fab005"],
      ["Resolved", "#40c057"],
      ["Escalated", "#fa5252"],
    ],
  },
];

/** Sources whose reviewers post photos in the demo. */
const PHOTO_SOURCES = new Set(["google", "yelp", "facebook", "tripadvisor"]);

/** A v4-shaped UUID from the seeded generator, so ids repeat with the seed. */
function uuid(random: Random) {
  const hex = Array.from({ length: 32 }, () => Math.floor(random.next() * 16).toString(16));
  hex[12] = "4";
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/**
 * `analyzeText` sentence by sentence with a cache: generated reviews reuse sentences, and the
 * engine scores each sentence on its own anyway. The review's score is the mean of its opinionated
 * sentences, as in the engine.
 */
function cachedAnalyzer() {
  const cache = new Map<string, Analysis>();
  return (text: string, industry: string): Analysis => {
    const mentions: Mention[] = [];
    const seen = new Set<string>();
    let total = 0;
    let opinionated = 0;
    for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
      if (!sentence.trim()) continue;
      let result = cache.get(sentence);
      if (!result) {
        result = analyzeText(sentence, industry);
        cache.set(sentence, result);
      }
      for (const m of result.mentions) {
        const key = `${m.keyword}|${m.sentiment}`;
        if (seen.has(key)) continue;
        seen.add(key);
        mentions.push(m);
      }
      if (result.score !== 0) {
        total += result.score;
        opinionated += 1;
      }
    }
    const score = opinionated > 0 ? total / opinionated : 0;
    return { sentiment: score > 0.05 ? "positive" : score < -0.05 ? "negative" : "neutral", score, mentions };
  };
}

type Row = Record<string, unknown>;

/** INSERT … SELECT FROM json_to_recordset: thousands of rows per statement, one parameter each. */
async function bulkInsert(db: Kysely<DB>, table: string, columns: [string, string][], rows: Row[]) {
  const names = sql.raw(columns.map(([c]) => c).join(", "));
  const types = sql.raw(columns.map(([c, t]) => `${c} ${t}`).join(", "));
  // Statements of a few hundred kilobytes: the embedded database's socket slows down on larger messages.
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await sql`INSERT INTO ${sql.table(table)} (${names}) SELECT ${names} FROM json_to_recordset(${`[${batch.join(",")}]`}::json) AS x(${types})`.execute(
      db,
    );
    batch = [];
    bytes = 0;
  };
  for (const row of rows) {
    const json = JSON.stringify(row);
    batch.push(json);
    bytes += json.length;
    if (bytes > 400_000) await flush();
  }
  await flush();
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped and rebuilt afterwards (building an
 * index once is much cheaper than updating it row by row, the full-text one above all). Indexes
 * behind primary keys and unique constraints stay.
 */
export async function withoutSecondaryIndexes(db: Kysely<DB>, tables: string[], load: () => Promise<void>) {
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND t.relname = ANY(${tables}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`.execute(db);
  for (const r of rows) await sql`DROP INDEX ${sql.id(r.name)}`.execute(db);
  await load();
  for (const r of rows) await sql.raw(r.definition).execute(db);
}

/** Mentions as (review id, keyword, category, sentiment); the rest of each row comes from its review. */
async function insertMentions(db: Kysely<DB>, mentions: [string, string, string | null, string][]) {
  for (let i = 0; i < mentions.length; i += 20_000) {
    const part = mentions.slice(i, i + 20_000);
    await sql`
      INSERT INTO review_mentions (account_id, review_id, location_id, source_id, published_at, keyword, category, sentiment)
      SELECT r.account_id, r.id, r.location_id, r.source_id, r.published_at, m.keyword, m.category, m.sentiment
      FROM unnest(${part.map((m) => m[0])}::uuid[], ${part.map((m) => m[1])}::text[],
        ${part.map((m) => m[2])}::text[], ${part.map((m) => m[3])}::text[]) AS m(review_id, keyword, category, sentiment)
      JOIN reviews r ON r.id = m.review_id`.execute(db);
  }
}

const REVIEW_COLUMNS: [string, string][] = [
  ["id", "uuid"],
  ["account_id", "uuid"],
  ["location_id", "uuid"],
  ["source_id", "uuid"],
  ["source_review_id", "text"],
  ["author_name", "text"],
  ["rating", "smallint"],
  ["title", "text"],
  ["content", "text"],
  ["url", "text"],
  ["published_at", "timestamptz"],
  ["first_seen_at", "timestamptz"],
  ["sentiment", "smallint"],
  ["categories", "text[]"],
  ["analysis_version", "text"],
  ["status_label_id", "uuid"],
  ["respondable", "boolean"],
  ["response_status", "text"],
  ["responded_at", "timestamptz"],
  ["images_count", "integer"],
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
];

/** Review times lean towards the present (a growing business), at plausible hours. */
function publishedAt(random: Random, now: number, vertical: Vertical) {
  const daysAgo = Math.floor(730 * (1 - Math.sqrt(random.next())));
  const day = now - daysAgo * DAY;
  const start = new Date(day);
  start.setUTCHours(0, 0, 0, 0);
  const hour = vertical === "restaurant" ? random.int(16, 28) : random.int(13, 24); // UTC, US afternoons/evenings
  return Math.min(now - HOUR, start.getTime() + hour * HOUR + random.int(0, 59) * 60_000);
}

/** Hours until the owner answered: mostly within a day, negative reviews faster, a long tail. */
function responseDelayHours(random: Random, rating: number) {
  const base =
    rating <= 2
      ? random.weighted<[number, number]>([
          [[1, 8], 50],
          [[8, 30], 35],
          [[30, 120], 15],
        ])
      : random.weighted<[number, number]>([
          [[2, 24], 45],
          [[24, 72], 35],
          [[72, 240], 20],
        ]);
  return base[0] + random.next() * (base[1] - base[0]);
}

/** `scale` shrinks the review counts (tests seed a demo-like account in seconds); 1 is the demo. */
export async function seedDemoReviews(
  database: Database,
  demo: DemoAccounts,
  log: (m: string) => void,
  opts: { scale?: number } = {},
) {
  const scale = opts.scale ?? 1;
  const db = database.db;
  const started = Date.now();
  const now = new Date();
  now.setUTCMinutes(0, 0, 0);
  const nowMs = now.getTime();
  const sources = new Map(
    (await db.selectFrom("sources").select(["id", "code", "name", "supports_responses"]).execute()).map((s) => [
      s.code,
      s,
    ]),
  );
  const users = await db
    .selectFrom("users")
    .select(["id", "email", "account_id"])
    .where("email", "like", "%@demo.test")
    .execute();
  const userByEmail = new Map(users.map((u) => [u.email, u]));

  for (const plan of PLANS) {
    const random = createRandom(plan.key === "restaurant" ? 41_0001 : 41_0002);
    const ids = createRandom(plan.key === "restaurant" ? 77_0001 : 77_0002);
    // Response ids from their own generator, so the reviews' ids and text stay as they were.
    const responseIds = createRandom(plan.key === "restaurant" ? 78_0001 : 78_0002);
    const analyze = cachedAnalyzer();
    const accountId = demo.accounts[plan.key];
    const locations = demo.locations[plan.key];
    const responder = userByEmail.get(plan.key === "restaurant" ? "owner@demo.test" : "clinic@demo.test");
    // Who triages (status labels): the restaurant's manager, the clinic's admin.
    const triager = userByEmail.get(plan.key === "restaurant" ? "manager@demo.test" : "clinic@demo.test") ?? responder;
    const publicNames = new Map(
      (
        await db.selectFrom("locations").select(["id", "public_name"]).where("account_id", "=", accountId).execute()
      ).map((l) => [l.id, l.public_name]),
    );

    // Tags and status labels of the account.
    const tagRows = plan.tags.map((name) => ({ id: uuid(ids), account_id: accountId, name }));
    await bulkInsert(
      db,
      "tags",
      [
        ["id", "uuid"],
        ["account_id", "uuid"],
        ["name", "text"],
      ],
      tagRows,
    );
    const labelRows = plan.labels.map(([name, color], ordinal) => ({
      id: uuid(ids),
      account_id: accountId,
      name,
      color,
      ordinal,
    }));
    await bulkInsert(
      db,
      "review_status_labels",
      [
        ["id", "uuid"],
        ["account_id", "uuid"],
        ["name", "text"],
        ["color", "text"],
        ["ordinal", "integer"],
      ],
      labelRows,
    );

    // Listing URLs with the location's id at each source; a few locations with a connection issue.
    const urls: Row[] = [];
    const issues: Row[] = [];
    locations.forEach((location, li) => {
      for (const [code] of plan.sources) {
        const source = sources.get(code)!;
        const missing = (li === 4 && code === plan.sources[2]![0]) || (li === 11 && code === plan.sources[3]![0]);
        urls.push({
          account_id: accountId,
          location_id: location.id,
          source_id: source.id,
          link: `https://www.${code}.com/biz/${location.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
          reference_id: missing
            ? null
            : code === "google"
              ? `accounts/${plan.key === "restaurant" ? 4100 : 4200}/locations/${10_000 + li}`
              : `${code}-${plan.key.slice(0, 2)}-${String(li + 1).padStart(4, "0")}`,
          last_scanned_at: new Date(nowMs - random.int(1, 20) * HOUR).toISOString(),
        });
        if (missing) {
          issues.push({
            account_id: accountId,
            location_id: location.id,
            source_id: source.id,
            status: "missing_place_id",
          });
        }
      }
      if (li === 7) {
        const code = plan.sources[1]![0];
        issues.push({
          account_id: accountId,
          location_id: location.id,
          source_id: sources.get(code)!.id,
          status: "conflicting_place_id",
        });
      }
    });
    await bulkInsert(
      db,
      "urls",
      [
        ["account_id", "uuid"],
        ["location_id", "uuid"],
        ["source_id", "uuid"],
        ["link", "text"],
        ["reference_id", "text"],
        ["last_scanned_at", "timestamptz"],
      ],
      urls,
    );
    await bulkInsert(
      db,
      "issues",
      [
        ["account_id", "uuid"],
        ["location_id", "uuid"],
        ["source_id", "uuid"],
        ["status", "text"],
      ],
      issues,
    );
    await db
      .insertInto("source_credentials")
      .values({
        account_id: accountId,
        source_id: sources.get("google")!.id,
        access_token: "demo-google-access-token",
        expires_at: new Date(nowMs + 45 * DAY),
        created_by_user_id: responder?.id ?? null,
      })
      .execute();
    // Its Facebook Pages too: the demo's Facebook is a sandbox (features/sandboxes), as its Google is.
    await db
      .insertInto("source_credentials")
      .values({
        account_id: accountId,
        source_id: sources.get("facebook")!.id,
        access_token: "demo-facebook-page-token",
        expires_at: new Date(nowMs + 45 * DAY),
        created_by_user_id: responder?.id ?? null,
      })
      .execute();
    // Its Yelp and Trustpilot listings (where the plan has them) are read through their sandboxes as well.
    const sandboxKeys: Record<string, { api_key: string; access_token?: string }> = {
      yelp: { api_key: DEMO_YELP_API_KEY },
      trustpilot: { api_key: DEMO_TRUSTPILOT_API_KEY, access_token: DEMO_TRUSTPILOT_TOKEN },
    };
    for (const [code] of plan.sources) {
      const keys = sandboxKeys[code];
      if (!keys) continue;
      await db
        .insertInto("source_credentials")
        .values({
          account_id: accountId,
          source_id: sources.get(code)!.id,
          ...keys,
          expires_at: new Date(nowMs + 45 * DAY),
          created_by_user_id: responder?.id ?? null,
        })
        .execute();
    }

    // Reviews, spread unevenly over the locations (some busier than others).
    const weights = locations.map(() => 0.55 + random.next() * 0.9);
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const reviews: Row[] = [];
    const mentions: [string, string, string | null, string][] = [];
    const responses: Row[] = [];
    const images: Row[] = [];
    const reviewTags: Row[] = [];
    // The history each seeded event implies (what the live writes record: features/reviews/history.ts).
    const history: Row[] = [];
    const event = (reviewId: string, userId: string | null, action: string, at: number, details: Row) =>
      history.push({
        account_id: accountId,
        review_id: reviewId,
        user_id: userId,
        action,
        details,
        created_at: new Date(Math.min(nowMs, at)).toISOString(),
      });
    const titled = new Map(plan.sources.map(([code]) => [code, titledAt(code)]));
    let seq = 0;
    locations.forEach((location, li) => {
      const count = Math.round((plan.total * scale * weights[li]!) / weightSum);
      const locationName = publicNames.get(location.id) ?? location.name;
      for (let n = 0; n < count; n++) {
        seq += 1;
        const code = random.weighted(plan.sources);
        const source = sources.get(code)!;
        const written = generateReview(random, { vertical: plan.vertical, locationName, city: location.city });
        // Generated the same way for every source (the random stream stays the same), then without the title
        // where the source has none: a sync would read that review back untitled and record an edit.
        const generated = titled.get(code) ? written : { ...written, title: null };
        const published = publishedAt(random, nowMs, plan.vertical);
        // Most reviews are seen within hours; some sources publish late, after moderation.
        const lateBy = random.chance(0.03) ? random.int(3, 40) * DAY : random.int(1, 30) * HOUR;
        const firstSeen = Math.min(nowMs, published + lateBy);
        const analysis = analyzeReview(
          { title: generated.title, content: generated.content, rating: generated.rating, recommendation: null },
          plan.vertical,
          analyze,
        );
        const id = uuid(ids);
        const photos = PHOTO_SOURCES.has(code) && random.chance(0.07) ? random.int(1, 3) : 0;
        let responseStatus: string | null = null;
        let respondedAt: number | null = null;
        const respondable = source.supports_responses;
        const answerChance = generated.rating <= 2 ? 0.86 : generated.rating === 3 ? 0.74 : 0.58;
        // Every draw happens whatever the clock says, so the same seed gives the same text and
        // choices on any day; only whether a reply already happened depends on the day.
        if (respondable && random.chance(answerChance)) {
          const at = published + responseDelayHours(random, generated.rating) * HOUR;
          const failedDraw = random.chance(0.015);
          const fromSourceDraw = random.chance(0.15);
          const attempts = random.int(1, 4);
          const draftMinutes = random.int(1, 20);
          const content = generateResponse(random, {
            vertical: plan.vertical,
            rating: generated.rating,
            authorName: generated.authorName,
            locationName,
          });
          if (at < nowMs) {
            const failed = failedDraw && nowMs - at < 60 * DAY;
            const fromSource = !failed && fromSourceDraw;
            const responseId = uuid(responseIds);
            const submittedAt = at - (failed ? 0 : draftMinutes * 60_000);
            if (fromSource) {
              event(id, null, "response_published", at, { response_id: responseId, from_source: true });
            } else {
              event(id, responder?.id ?? null, "response_submitted", submittedAt, { response_id: responseId });
              if (failed) event(id, null, "response_publish_failed", at + 60_000, { response_id: responseId });
              else event(id, null, "response_published", at, { response_id: responseId });
            }
            responses.push({
              id: responseId,
              account_id: accountId,
              review_id: id,
              source_id: source.id,
              user_id: fromSource ? null : (responder?.id ?? null),
              content,
              status: failed ? "error_published" : "published",
              status_description: failed ? FAILED_PUBLISH : null,
              from_source: fromSource,
              published_at: failed ? null : new Date(at).toISOString(),
              attempts: failed ? attempts : 1,
              last_error: failed ? `${source.name} answered 503 Service Unavailable` : null,
              created_at: new Date(submittedAt).toISOString(),
              updated_at: new Date(at).toISOString(),
            });
            responseStatus = failed ? "error_published" : "published";
            respondedAt = failed ? null : at;
          }
        }
        let labelId: string | null = null;
        if (generated.rating <= 2 && random.chance(0.35)) {
          const open = random.pick([labelRows[0]!.id, labelRows[1]!.id, labelRows[3]!.id]);
          labelId = respondedAt ? labelRows[2]!.id : open;
          const label = labelRows.find((l) => l.id === labelId)!;
          // Set a couple of hours after the review came in, or (Resolved) just after the answer went out.
          const labelledAt = respondedAt ? respondedAt + 10 * 60_000 : firstSeen + 2 * HOUR;
          event(id, triager?.id ?? null, "status_changed", labelledAt, {
            from: null,
            to: { id: label.id, name: label.name },
          });
        }
        if (random.chance(generated.rating <= 2 ? 0.25 : 0.06)) {
          const tag = random.pick(tagRows);
          reviewTags.push({
            account_id: accountId,
            review_id: id,
            tag_id: tag.id,
            name: tag.name,
            created_by_user_id: responder?.id ?? null,
            created_at: new Date(firstSeen).toISOString(),
          });
          event(id, responder?.id ?? null, "tag_added", firstSeen, { tag_id: tag.id, name: tag.name });
        }
        for (let p = 0; p < photos; p++) {
          const photo = `/demo-photos/${plan.vertical}-${random.int(1, 12)}.svg`;
          images.push({
            account_id: accountId,
            review_id: id,
            name: `Photo ${p + 1}`,
            url: photo,
            cdn_url: photo,
            low_resolution_url: `${photo}?size=small`,
            cdn_low_resolution_url: `${photo}?size=small`,
            position: p,
          });
        }
        for (const m of analysis.mentions) mentions.push([id, m.keyword, m.category, m.sentiment]);
        reviews.push({
          id,
          account_id: accountId,
          location_id: location.id,
          source_id: source.id,
          source_review_id: `${code}-${plan.key.slice(0, 2)}-${String(seq).padStart(6, "0")}`,
          author_name: generated.authorName,
          rating: generated.rating,
          title: generated.title,
          content: generated.content || null,
          url: `https://www.${code}.com/reviews/${seq}`,
          published_at: new Date(published).toISOString(),
          first_seen_at: new Date(firstSeen).toISOString(),
          sentiment: analysis.sentiment,
          categories: analysis.categories,
          analysis_version: analysis.version,
          status_label_id: labelId,
          respondable,
          response_status: responseStatus,
          responded_at: respondedAt ? new Date(respondedAt).toISOString() : null,
          images_count: photos,
          created_at: new Date(firstSeen).toISOString(),
          updated_at: new Date(firstSeen).toISOString(),
        });
      }
    });
    log(`demo ${plan.key}: ${reviews.length} reviews generated in ${Date.now() - started} ms`);

    await db.transaction().execute(async (trx) => {
      await withoutSecondaryIndexes(trx, ["reviews", "review_mentions", "responses"], async () => {
        await bulkInsert(trx, "reviews", REVIEW_COLUMNS, reviews);
        await insertMentions(trx, mentions);
        await bulkInsert(
          trx,
          "responses",
          [
            ["id", "uuid"],
            ["account_id", "uuid"],
            ["review_id", "uuid"],
            ["source_id", "uuid"],
            ["user_id", "uuid"],
            ["content", "text"],
            ["status", "text"],
            ["status_description", "text"],
            ["from_source", "boolean"],
            ["published_at", "timestamptz"],
            ["attempts", "integer"],
            ["last_error", "text"],
            ["created_at", "timestamptz"],
            ["updated_at", "timestamptz"],
          ],
          responses,
        );
      });
      await bulkInsert(
        trx,
        "review_images",
        [
          ["account_id", "uuid"],
          ["review_id", "uuid"],
          ["name", "text"],
          ["url", "text"],
          ["cdn_url", "text"],
          ["low_resolution_url", "text"],
          ["cdn_low_resolution_url", "text"],
          ["position", "integer"],
        ],
        images,
      );
      await bulkInsert(
        trx,
        "review_tags",
        [
          ["account_id", "uuid"],
          ["review_id", "uuid"],
          ["tag_id", "uuid"],
          ["name", "text"],
          ["created_by_user_id", "uuid"],
          ["created_at", "timestamptz"],
        ],
        reviewTags,
      );
      await bulkInsert(
        trx,
        "review_history",
        [
          ["account_id", "uuid"],
          ["review_id", "uuid"],
          ["user_id", "uuid"],
          ["action", "text"],
          ["details", "jsonb"],
          ["created_at", "timestamptz"],
        ],
        history,
      );
      await sql`ANALYZE reviews, responses, review_mentions`.execute(trx);
    });
    log(
      `demo ${plan.key}: ${reviews.length} reviews, ${responses.length} responses, ${history.length} history entries, ${mentions.length} mentions stored in ${Date.now() - started} ms`,
    );
  }

  // Alerts for the demo users.
  const alert = (email: string, type: number, frequency: number, filters: Row = {}) => {
    const user = userByEmail.get(email);
    return user
      ? [
          {
            account_id: user.account_id,
            user_id: user.id,
            alert_type_id: type,
            alert_frequency_id: frequency,
            filters: JSON.stringify(filters),
          },
        ]
      : [];
  };
  const alerts = [
    ...alert("owner@demo.test", 2, 1),
    ...alert("owner@demo.test", 3, 1),
    ...alert("manager@demo.test", 1, 2),
    ...alert("viewer@demo.test", 1, 3, { ratings: [4, 5] }),
    ...alert("clinic@demo.test", 2, 1),
    ...alert("clinic@demo.test", 1, 3),
  ];
  if (alerts.length) await db.insertInto("alerts").values(alerts).execute();
  log(`demo reviews ready in ${Date.now() - started} ms`);
}

const PHOTO_COLORS: Record<string, [string, string][]> = {
  restaurant: [
    ["#f4a261", "#e76f51"],
    ["#e9c46a", "#f4a261"],
    ["#2a9d8f", "#264653"],
    ["#e63946", "#a8324a"],
  ],
  healthcare: [
    ["#a8dadc", "#457b9d"],
    ["#caf0f8", "#0077b6"],
    ["#b7e4c7", "#2d6a4f"],
    ["#e0e1dd", "#778da9"],
  ],
};

/** A small SVG standing in for a reviewer's photo (the demo has no real photos). */
export function demoPhotoSvg(kind: string, n: number, small: boolean) {
  const palette = PHOTO_COLORS[kind] ?? PHOTO_COLORS.restaurant!;
  const [a, b] = palette[n % palette.length]!;
  const size = small ? 160 : 640;
  const shape =
    kind === "healthcare"
      ? `<rect x="260" y="200" width="120" height="240" rx="16" fill="#fff" opacity=".85"/><rect x="200" y="260" width="240" height="120" rx="16" fill="#fff" opacity=".85"/>`
      : `<circle cx="320" cy="330" r="170" fill="#fff" opacity=".9"/><circle cx="320" cy="330" r="120" fill="${a}" opacity=".6"/><rect x="110" y="160" width="18" height="340" rx="9" fill="#fff" opacity=".8"/><rect x="512" y="160" width="18" height="340" rx="9" fill="#fff" opacity=".8"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 640 640"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="640" height="640" fill="url(#g)"/>${shape}</svg>`;
}

/** Serves the demo's placeholder photos (plain images: no session needed). */
export function registerDemoPhotoRoute(app: FastifyInstance) {
  app.get(
    "/demo-photos/:file",
    {
      config: { auth: false },
      schema: {
        hide: true,
        params: z.object({ file: z.string().max(80) }),
        querystring: z.object({ size: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const { size } = request.query as { size?: string };
      const match = /^([a-z]+)-(\d{1,3})\.svg$/.exec(file);
      if (!match) return reply.status(404).type("text/plain").send("Not Found");
      return reply
        .type("image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(demoPhotoSvg(match[1]!, Number(match[2]), size === "small"));
    },
  );
}
