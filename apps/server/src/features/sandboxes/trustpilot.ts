import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { demoListingOfReview, demoListingReviews } from "./listing-queries.ts";
import { type ListingSandboxSource, startListingSandbox } from "./listing-sandbox.ts";
import { newFakeState, type SandboxBehaviour } from "./sources/http.ts";
import { type FakeTrustpilotState, type TrustpilotApiReview, trustpilotSource } from "./sources/trustpilot.ts";

/** The demo's Trustpilot API key and business user token (its source_credentials): the only ones the sandbox takes. */
export const DEMO_TRUSTPILOT_API_KEY = "demo-trustpilot-api-key";
export const DEMO_TRUSTPILOT_TOKEN = "demo-trustpilot-token";

export interface TrustpilotUnit {
  reviews: TrustpilotApiReview[];
}

/**
 * Trustpilot for every demo business unit at once: the public reviews list
 * (`GET /v1/business-units/{id}/reviews`, the unit id being the demo listing's id at Trustpilot) and the
 * private reply calls (`POST|DELETE /v1/private/reviews/{reviewId}/reply`).
 */
export const trustpilotSandbox: ListingSandboxSource<TrustpilotUnit, FakeTrustpilotState> = {
  name: "trustpilot",
  source: trustpilotSource,
  target(path) {
    const list = /^\/v1\/business-units\/([^/]+)\/reviews$/.exec(path);
    if (list) return { listing: list[1]! };
    const reply = /^\/v1\/private\/reviews\/([^/]+)\/reply$/.exec(path);
    return reply ? { review: reply[1]! } : {};
  },
  async load(db, unitId) {
    const rows = await demoListingReviews(db, "trustpilot", unitId);
    if (!rows) return undefined;
    return {
      reviews: rows.map((r) => ({
        id: r.source_review_id,
        // Trustpilot always has stars; 0 stands for the demo's rating-less review (read back as no rating).
        stars: r.rating ?? 0,
        title: r.title ?? "",
        text: r.content ?? "",
        language: "en",
        createdAt: r.published_at.toISOString(),
        updatedAt: r.updated_at_source?.toISOString() ?? null,
        consumer: { id: `consumer-${r.source_review_id}`, displayName: r.author_name ?? "Trustpilot reviewer" },
        companyReply: r.reply
          ? {
              text: r.reply,
              createdAt: (r.replied_at ?? r.published_at).toISOString(),
              updatedAt: (r.replied_at ?? r.published_at).toISOString(),
            }
          : null,
      })),
    };
  },
  listingOfReview: (db, reviewId) => demoListingOfReview(db, "trustpilot", reviewId),
  reviewIds: (unit) => unit.reviews.map((r) => r.id),
  one: (unitId, unit) => ({
    ...newFakeState(),
    // An unknown unit's id is nobody's: its calls answer 404 as Trustpilot's do.
    businessUnitId: unit ? unitId : "",
    apiKey: DEMO_TRUSTPILOT_API_KEY,
    accessToken: DEMO_TRUSTPILOT_TOKEN,
    reviews: unit?.reviews ?? [],
    now: () => new Date(),
  }),
};

export function startTrustpilotSandbox(
  db: Kysely<DB>,
  behaviour: Pick<SandboxBehaviour, "delayMs" | "failureRate">,
  dir: string,
) {
  return startListingSandbox(db, trustpilotSandbox, behaviour, dir);
}
