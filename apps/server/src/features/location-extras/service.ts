import {
  LANDING_PAGE_KINDS,
  OVERRIDE_DIRECTORIES,
  OVERRIDE_MESSAGES,
  type TEligibility,
  type TLandingPageList,
  type TLocationPreview,
  type TSourceOverride,
  type TSourceOverrideCreate,
  type TSourceOverrideList,
  type TSourceOverrideListQuery,
  type TSourceOverridePatch,
} from "@starboard/contract/location-details";
import { LOCATION_MESSAGES, PHONE_PATTERN, WEBSITE_PATTERN } from "@starboard/contract/locations";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountIdFor, authorize, can, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage } from "../../platform/list.ts";
import { accountFacts, countAccountLocations, trialLimitOf } from "../locations/index.ts";
import { overridePolicy } from "./policy.ts";
import {
  countOverrides,
  hasGoogleIntegration,
  hasGoogleListing,
  type OverrideFilter,
  type OverrideRow,
  overrideById,
  selectOverrides,
  sourcesByCode,
  updateOverride,
  upsertOverride,
} from "./queries.ts";

/** The monthly price of a location, in US cents, unless the account's setting `location_monthly_unit_cents` says. */
export const DEFAULT_LOCATION_MONTHLY_UNIT_CENTS = 4900;

const iso = (d: Date | string) => new Date(d).toISOString();
const NO_MATCH = "00000000-0000-0000-0000-000000000000";

function presentOverride(row: OverrideRow): TSourceOverride {
  return {
    id: row.id,
    account_id: row.account_id,
    location_id: row.location_id,
    source_id: row.source_id,
    source_code: row.source_code,
    source_name: row.source_name,
    phone: row.phone,
    website: row.website,
    enabled: row.enabled,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    _links: { self: { href: `/api/location_source_overrides/${row.id}` } },
  };
}

/** The directories overrides are for, with their sources (those in the catalogue). */
export async function overrideDirectories(db: Kysely<DB>) {
  const sources = await sourcesByCode(
    db,
    OVERRIDE_DIRECTORIES.map((d) => d.source_code),
  );
  return OVERRIDE_DIRECTORIES.flatMap((d) => {
    const source = sources.find((s) => s.code === d.source_code);
    return source
      ? [{ source_id: source.id, source_code: source.code, directory_code: d.directory_code, name: d.name }]
      : [];
  });
}

/** GET /api/location_source_overrides/directories. */
export async function listOverrideDirectories(ctx: AppContext) {
  return { _embedded: { directories: await overrideDirectories(ctx.database.db) } };
}

/** GET /api/location_source_overrides. */
export async function listOverrides(
  ctx: AppContext,
  actor: Actor,
  query: TSourceOverrideListQuery,
  url: string,
): Promise<TSourceOverrideList> {
  const filter: OverrideFilter = { accountId: accountIdFor(actor, query.account_id) };
  if (query.location_id !== undefined) filter.locationId = isUuid(query.location_id) ? query.location_id : NO_MATCH;
  if (query.source_id !== undefined) filter.sourceId = isUuid(query.source_id) ? query.source_id : NO_MATCH;
  const raw = query.sort ?? query["sort[by]"] ?? "source_name";
  const desc = raw.startsWith("-") || query["sort[order]"]?.toLowerCase() === "desc";
  const by = raw.replace(/^-/, "") === "created_at" ? "created_at" : "source_name";
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "location_source_overrides",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countOverrides(db, filter),
    rows: (limit, offset) => selectOverrides(db, filter, { by, order: desc ? "desc" : "asc" }, limit, offset),
    present: (rows) => rows.map(presentOverride),
  });
}

/** The phone and website rules: "" is a checked directory left empty (§5 "Overrides"); else the location form's forms. */
function overrideValues(input: TSourceOverridePatch) {
  const errors: Record<string, string> = {};
  const values: { phone?: string | null; website?: string | null; enabled?: boolean } = {};
  if (input.phone !== undefined) {
    if (input.phone === "") errors.phone = LOCATION_MESSAGES.overridePhone;
    else if (input.phone !== null && !PHONE_PATTERN.test(input.phone)) errors.phone = LOCATION_MESSAGES.phone;
    values.phone = input.phone;
  }
  if (input.website !== undefined) {
    if (input.website === "") errors.website = LOCATION_MESSAGES.overrideWebsite;
    else if (input.website !== null && !WEBSITE_PATTERN.test(input.website)) errors.website = LOCATION_MESSAGES.website;
    values.website = input.website;
  }
  if (input.enabled !== undefined) values.enabled = input.enabled;
  const first = Object.values(errors)[0];
  if (first) throw new AppError("bad_request", first, errors);
  return values;
}

/** POST /api/location_source_overrides: sets the (location, directory) pair's override. */
export async function createOverride(
  ctx: AppContext,
  actor: Actor,
  input: TSourceOverrideCreate,
): Promise<TSourceOverride> {
  const accountId = accountIdFor(actor, input.account_id);
  authorize(actor, "create", "local_listing");
  const db = ctx.database.db;
  if (!input.location_id) throw AppError.invalid("location_id", "Choose a location");
  const location = await scoped(db, actor).find("locations", input.location_id);
  if (location.account_id !== accountId) throw AppError.notFound();
  const directories = await overrideDirectories(db);
  if (!input.source_id || !directories.some((d) => d.source_id === input.source_id))
    throw AppError.invalid("source_id", OVERRIDE_MESSAGES.sourceNotDirectory);
  const values = overrideValues(input);
  const id = await upsertOverride(
    db,
    { account_id: accountId, location_id: location.id, source_id: input.source_id, ...values },
    values,
  );
  return presentOverride(await overrideById(db, id));
}

/** PATCH /api/location_source_overrides/{id}. */
export async function patchOverride(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: TSourceOverridePatch,
): Promise<TSourceOverride> {
  const row = await scoped(ctx.database.db, actor).find("location_source_overrides", id);
  authorize(actor, "create", overridePolicy, row);
  const values = overrideValues(input);
  if (Object.keys(values).length > 0) await updateOverride(ctx.database.db, row.id, values);
  return presentOverride(await overrideById(ctx.database.db, row.id));
}

/** GET /api/billing/{accountId}/location_preview. */
export async function locationPreview(
  ctx: AppContext,
  actor: Actor,
  requested: string,
  added: number,
): Promise<TLocationPreview> {
  const accountId = accountIdFor(actor, requested);
  const db = ctx.database.db;
  const facts = await accountFacts(db, accountId);
  const total = await countAccountLocations(db, accountId);
  const limit = trialLimitOf(facts);
  const price = Number(facts.settings.location_monthly_unit_cents);
  return {
    account_id: accountId,
    num_added_locations: added,
    new_location_monthly_unit_cents: can(actor, "read", "billing")
      ? Number.isInteger(price) && price >= 0
        ? price
        : DEFAULT_LOCATION_MONTHLY_UNIT_CENTS
      : null,
    currency: "USD",
    show_billing_location_price_preview: facts.settings.show_billing_location_price_preview !== "false",
    total_locations: total,
    trial_location_limit_reached: limit !== null && total + added > limit,
    trial_location_limit: limit,
  };
}

/** GET /api/local_listings/eligible_locations/{id}. */
export async function eligibility(
  ctx: AppContext,
  actor: Actor,
  id: string,
  requested?: string,
): Promise<TEligibility> {
  if (requested) accountIdFor(actor, requested);
  const db = ctx.database.db;
  const location = await scoped(db, actor).find("locations", id);
  authorize(actor, "read", "local_listing");
  const facts = await accountFacts(db, location.account_id);
  const reason =
    facts.settings.local_listings === "false"
      ? "local_listings_disabled"
      : location.open_status === "inactive"
        ? "location_inactive"
        : !(await hasGoogleIntegration(db, location.account_id))
          ? "missing_google_integration"
          : !location.google_place_id && !(await hasGoogleListing(db, location.id))
            ? "unknown_location"
            : null;
  return { location_id: location.id, status: reason ? "ineligible" : "eligible", status_reason: reason };
}

const LANDING_LABELS: Record<(typeof LANDING_PAGE_KINDS)[number], string> = {
  nps: "NPS",
  stars: "Stars",
  thumbs: "Thumbs",
  faces: "Faces",
  review_request: "Review Request",
  kiosk: "Kiosk",
};

/** GET /api/locations/{id}/landing_pages: the addresses of the location's review-request pages. */
export async function landingPages(
  ctx: AppContext,
  actor: Actor,
  id: string,
  requested?: string,
): Promise<TLandingPageList> {
  if (requested) accountIdFor(actor, requested);
  const location = await scoped(ctx.database.db, actor).find("locations", id);
  authorize(actor, "read", "location");
  const base = ctx.config.publicUrl.replace(/\/$/, "");
  return {
    location_id: location.id,
    _embedded: {
      landing_pages: LANDING_PAGE_KINDS.map((kind) => ({
        kind,
        label: LANDING_LABELS[kind],
        url: kind === "kiosk" ? `${base}/kiosk/${location.id}` : `${base}/feedback/${location.id}/${kind}`,
      })),
    },
  };
}
