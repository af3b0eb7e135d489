import { readJson, writeJson } from "./local-storage";

/**
 * Client feature flags (docs/product/platform.md §6). A URL parameter `features.<name>=true|false` sets a
 * flag and it is remembered in localStorage, so `?features.reviewTags=true` turns it on for
 * later visits too; `features.<name>=` (empty) forgets it.
 */
export const FEATURE_FLAGS_KEY = "features";

export const KNOWN_FEATURE_FLAGS = [
  "reviewTags",
  "reviewTagsDetail",
  "reviewTagsIndex",
  "forceCampaignMetricsOverview",
  "DASHBOARD_MULTI_SOURCE_FILTERING",
  "MULTI_LOCATION_FILTERING",
  "ENABLE_LL_DIRECTORY_SPECIFIC_PUBLISHING",
  "visualReports",
  "savedFilters",
] as const;

export type FeatureFlags = Record<string, boolean>;

export function readFeatureFlags(): FeatureFlags {
  const stored = readJson<unknown>(FEATURE_FLAGS_KEY, {});
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {};
  const flags: FeatureFlags = {};
  for (const [name, value] of Object.entries(stored)) if (typeof value === "boolean") flags[name] = value;
  return flags;
}

/** Reads `features.*` parameters from a query string into the stored flags; returns the result. */
export function applyFeatureFlagParams(search: string): FeatureFlags {
  const params = new URLSearchParams(search);
  const flags = readFeatureFlags();
  let changed = false;
  for (const [key, value] of params) {
    if (!key.startsWith("features.")) continue;
    const name = key.slice("features.".length);
    if (!name) continue;
    changed = true;
    if (value === "") delete flags[name];
    else flags[name] = value !== "false" && value !== "0";
  }
  if (changed) writeJson(FEATURE_FLAGS_KEY, flags);
  return flags;
}

/** Where review tags show: the review list (index) or a review's own page (detail). */
export type TReviewTagsPlace = "index" | "detail";

/**
 * Review tags are flag-gated (docs/product/reviews.md §6; flag names in docs/product/platform.md §6):
 * `reviewTags` is the feature, and `reviewTagsIndex` / `reviewTagsDetail` show the tags (and the tag
 * input) on the review list and on a review's page. The spec names the flags and nothing more. Tags are
 * a core triage tool, so the flags are on unless set off (`?features.reviewTags=false` hides tags
 * everywhere, `?features.reviewTagsIndex=false` on the list only). Who may add or remove a tag is still
 * the permission summary's answer.
 */
export function reviewTagsShown(flags: FeatureFlags, place: TReviewTagsPlace): boolean {
  return flags.reviewTags !== false && flags[place === "index" ? "reviewTagsIndex" : "reviewTagsDetail"] !== false;
}
