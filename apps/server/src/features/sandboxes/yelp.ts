import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { demoListingOfReview, demoListingReviews } from "./listing-queries.ts";
import { type ListingSandboxSource, startListingSandbox } from "./listing-sandbox.ts";
import type { SandboxBehaviour } from "./sources/http.ts";
import { newFakeState } from "./sources/http.ts";
import { type FakeYelpState, type YelpApiReview, yelpSource } from "./sources/yelp.ts";

/** The demo's Yelp Fusion API key (its source_credentials): the only one the Yelp sandbox takes. */
export const DEMO_YELP_API_KEY = "demo-yelp-api-key";

export interface YelpBusiness {
  reviews: YelpApiReview[];
}

const pacific = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Yelp's time_created: "YYYY-MM-DD HH:MM:SS", Pacific wall-clock time. */
export function yelpTime(date: Date): string {
  const p = Object.fromEntries(pacific.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * Yelp Fusion v3 for every demo business at once (`GET /v3/businesses/{id}/reviews`): the business id is the
 * demo listing's id at Yelp. Yelp publishes no API for owner replies, so the sandbox only reads, as Yelp does.
 */
export const yelpSandbox: ListingSandboxSource<YelpBusiness, FakeYelpState> = {
  name: "yelp",
  source: yelpSource,
  target(path) {
    const m = /^\/v3\/businesses\/([^/]+)\/reviews$/.exec(path);
    return m ? { listing: m[1]! } : {};
  },
  async load(db, businessId) {
    const rows = await demoListingReviews(db, "yelp", businessId);
    if (!rows) return undefined;
    return {
      reviews: rows.map((r) => ({
        id: r.source_review_id,
        url: r.url ?? `https://www.yelp.com/biz/${encodeURIComponent(businessId)}?hrid=${r.source_review_id}`,
        text: r.content ?? "",
        rating: r.rating ?? 0,
        time_created: yelpTime(r.published_at),
        user: {
          id: `user-${r.source_review_id}`,
          profile_url: `https://www.yelp.com/user_details?userid=user-${r.source_review_id}`,
          image_url: r.author_avatar_url,
          name: r.author_name ?? "Yelp User",
        },
      })),
    };
  },
  listingOfReview: (db, reviewId) => demoListingOfReview(db, "yelp", reviewId),
  reviewIds: (business) => business.reviews.map((r) => r.id),
  one: (businessId, business) => ({
    ...newFakeState(),
    apiKey: DEMO_YELP_API_KEY,
    businessIds: business ? [businessId] : [],
    reviews: business?.reviews ?? [],
  }),
};

export function startYelpSandbox(
  db: Kysely<DB>,
  behaviour: Pick<SandboxBehaviour, "delayMs" | "failureRate">,
  dir: string,
) {
  return startListingSandbox(db, yelpSandbox, behaviour, dir);
}
