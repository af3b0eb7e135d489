import type { Database } from "../../db/database.ts";

const VERIFY = "This profile must be verified by our support team before in-app responding is enabled.";
const NOT_CONNECTED =
  "This location is not connected to your account. Make sure the listing is claimed and that the listing's manager has given access.";
const BLOCKED = "An issue is preventing in-app responding for this location.";

export interface SourceEntry {
  code: string;
  name: string;
  supports_responses: boolean;
  supports_images: boolean;
  response_char_limit: number | null;
  color: string;
  connection_issue_title: string;
  connection_issue_message: string;
}

const entry = (
  code: string,
  name: string,
  color: string,
  opts: Partial<Pick<SourceEntry, "supports_responses" | "supports_images" | "response_char_limit">> & {
    issue?: "verify" | "connect" | "blocked";
  } = {},
): SourceEntry => ({
  code,
  name,
  color,
  supports_responses: opts.supports_responses ?? false,
  supports_images: opts.supports_images ?? false,
  response_char_limit: opts.response_char_limit ?? null,
  connection_issue_title:
    opts.issue === "connect"
      ? `${name} location not connected`
      : opts.issue === "blocked"
        ? "Responding unavailable"
        : "Verification required",
  connection_issue_message: opts.issue === "connect" ? NOT_CONNECTED : opts.issue === "blocked" ? BLOCKED : VERIFY,
});

/**
 * The review sources Starboard knows, in display order (ordinal). Response limits follow
 * each source's published reply limits where one exists.
 */
export const SOURCE_CATALOGUE: SourceEntry[] = [
  entry("google", "Google", "#4285F4", {
    supports_responses: true,
    supports_images: true,
    response_char_limit: 4096,
    issue: "connect",
  }),
  entry("facebook", "Facebook", "#1877F2", {
    supports_responses: true,
    supports_images: true,
    response_char_limit: 8000,
    issue: "connect",
  }),
  entry("yelp", "Yelp", "#D32323", { supports_images: true }),
  entry("tripadvisor", "Tripadvisor", "#34E0A1", {
    supports_responses: true,
    supports_images: true,
    response_char_limit: 5000,
  }),
  entry("trustpilot", "Trustpilot", "#00B67A", {
    supports_responses: true,
    response_char_limit: 2048,
    issue: "blocked",
  }),
  entry("booking", "Booking.com", "#003580", { supports_responses: true, response_char_limit: 1500, issue: "blocked" }),
  entry("healthgrades", "Healthgrades", "#2C6ECB", { supports_responses: true, response_char_limit: 2000 }),
  entry("zocdoc", "Zocdoc", "#FFF069"),
  entry("vitals", "Vitals", "#0A7CC1"),
  entry("ratemds", "RateMDs", "#1C8AD1", { supports_responses: true, response_char_limit: 2000 }),
  entry("cars", "Cars.com", "#6A1B9A", { supports_responses: true, response_char_limit: 2000 }),
  entry("dealerrater", "DealerRater", "#F26722", { supports_responses: true, response_char_limit: 2000 }),
  entry("edmunds", "Edmunds", "#0071BC"),
  entry("glassdoor", "Glassdoor", "#0CAA41", { supports_responses: true, response_char_limit: 1500 }),
  entry("indeed", "Indeed", "#2164F3"),
  entry("apple_app_store", "Apple App Store", "#0D96F6", { supports_responses: true, response_char_limit: 5970 }),
  entry("google_play", "Google Play", "#01875F", { supports_responses: true, response_char_limit: 350 }),
  entry("bbb", "Better Business Bureau", "#005A78", { supports_responses: true, response_char_limit: 2000 }),
  entry("angi", "Angi", "#FF6153", { supports_responses: true, response_char_limit: 2000 }),
  entry("houzz", "Houzz", "#4DBC15", { supports_images: true }),
  entry("opentable", "OpenTable", "#DA3743", { supports_responses: true, response_char_limit: 2000 }),
  entry("grubhub", "Grubhub", "#F63440"),
  entry("caring", "Caring.com", "#00A0A8"),
  entry("aplaceformom", "A Place for Mom", "#F47B20"),
  entry("caredash", "CareDash", "#2BB673"),
  entry("g2", "G2", "#FF492C"),
  entry("wellness", "Wellness.com", "#6CB33F"),
  entry("bing_maps", "Bing Maps", "#008373"),
  entry("feedback", "Starboard Feedback", "#5B4FE9", { supports_responses: true, response_char_limit: 5000 }),
];

/**
 * Sources whose terms forbid asking customers for reviews (Yelp's Content Guidelines: "Don't ask
 * customers to review your business"); review requests leave them out (`source_feedback_forbidden`).
 */
export const FEEDBACK_FORBIDDEN_SOURCES: ReadonlySet<string> = new Set(["yelp"]);

/** Inserts or refreshes the catalogue (reference data, the same for every account). */
export async function seedSources(database: Database) {
  const rows = SOURCE_CATALOGUE.map((s, i) => ({ ...s, ordinal: i + 1, logo_url: `/source-logos/${s.code}.svg` }));
  await database.db
    .insertInto("sources")
    .values(rows)
    .onConflict((oc) =>
      oc.column("code").doUpdateSet((eb) => ({
        name: eb.ref("excluded.name"),
        ordinal: eb.ref("excluded.ordinal"),
        color: eb.ref("excluded.color"),
        logo_url: eb.ref("excluded.logo_url"),
        supports_responses: eb.ref("excluded.supports_responses"),
        supports_images: eb.ref("excluded.supports_images"),
        response_char_limit: eb.ref("excluded.response_char_limit"),
        connection_issue_title: eb.ref("excluded.connection_issue_title"),
        connection_issue_message: eb.ref("excluded.connection_issue_message"),
      })),
    )
    .execute();
}
