// The demo restaurant's Trustpilot listings (issue 10: the demo's connected sources include Trustpilot): a listing
// at each location with a few reviews, connected (credentials) so its reviews are read and answered through the
// Trustpilot sandbox (features/sandboxes). From its own seeded generator, after the other demo reviews, so theirs
// stay as they were.
import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { analyzeReview } from "../ingestion/index.ts";
import { DEMO_TRUSTPILOT_API_KEY, DEMO_TRUSTPILOT_TOKEN } from "../sandboxes/index.ts";
import { createRandom, generateReview } from "./review-text.ts";
import type { DemoAccounts } from "./types.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Reviews per location (a new, small presence next to Google's hundreds). */
const PER_LOCATION = [2, 5] as const;

export async function seedDemoTrustpilot(database: Database, demo: DemoAccounts, log: (m: string) => void) {
  const db = database.db;
  const random = createRandom(61_0001);
  const accountId = demo.accounts.restaurant;
  const source = await db
    .selectFrom("sources")
    .select(["id", "supports_responses"])
    .where("code", "=", "trustpilot")
    .executeTakeFirst();
  if (!source) return;
  const owner = await db.selectFrom("users").select("id").where("email", "=", "owner@demo.test").executeTakeFirst();
  const nowMs = Date.now();
  let count = 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("source_credentials")
      .values({
        account_id: accountId,
        source_id: source.id,
        api_key: DEMO_TRUSTPILOT_API_KEY,
        access_token: DEMO_TRUSTPILOT_TOKEN,
        expires_at: new Date(nowMs + 45 * DAY),
        created_by_user_id: owner?.id ?? null,
      })
      .execute();
    for (const [li, location] of demo.locations.restaurant.entries()) {
      const unit = `trustpilot-re-${String(li + 1).padStart(4, "0")}`;
      await trx
        .insertInto("urls")
        .values({
          account_id: accountId,
          location_id: location.id,
          source_id: source.id,
          link: `https://www.trustpilot.com/review/${location.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
          reference_id: unit,
          last_scanned_at: new Date(nowMs - random.int(1, 20) * HOUR),
        })
        .execute();
      const n = random.int(PER_LOCATION[0], PER_LOCATION[1]);
      for (let i = 0; i < n; i++) {
        const generated = generateReview(random, {
          vertical: "restaurant",
          locationName: location.name,
          city: location.city,
        });
        const published = nowMs - random.int(2, 24 * 120) * HOUR;
        const firstSeen = Math.min(nowMs, published + random.int(1, 12) * HOUR);
        const analysis = analyzeReview(
          {
            title: generated.title,
            content: generated.content || null,
            rating: generated.rating,
            recommendation: null,
          },
          "restaurant",
        );
        const review = await trx
          .insertInto("reviews")
          .values({
            account_id: accountId,
            location_id: location.id,
            source_id: source.id,
            source_review_id: `tp-re-${String(li + 1).padStart(4, "0")}-${i + 1}`,
            author_name: generated.authorName,
            rating: generated.rating,
            title: generated.title,
            content: generated.content || null,
            url: `https://www.trustpilot.com/reviews/tp-re-${String(li + 1).padStart(4, "0")}-${i + 1}`,
            published_at: new Date(published),
            first_seen_at: new Date(firstSeen),
            sentiment: analysis.sentiment,
            categories: analysis.categories,
            analysis_version: analysis.version,
            respondable: source.supports_responses,
            created_at: new Date(firstSeen),
            updated_at: new Date(firstSeen),
          })
          .returning(["id", "published_at"])
          .executeTakeFirstOrThrow();
        for (const m of analysis.mentions) {
          await sql`
            INSERT INTO review_mentions (account_id, review_id, location_id, source_id, published_at, keyword, category, sentiment)
            VALUES (${accountId}, ${review.id}, ${location.id}, ${source.id}, ${review.published_at}, ${m.keyword},
              ${m.category}, ${m.sentiment})`.execute(trx);
        }
        count += 1;
      }
    }
  });
  log(`demo restaurant: ${count} Trustpilot reviews (read through the Trustpilot sandbox)`);
}
