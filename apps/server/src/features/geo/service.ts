import type { TListQuery } from "@starboard/contract/hal";
import { isUuid } from "../../platform/access.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { offsetPage, sortOrder } from "../../platform/list.ts";
import { presentCountry, presentState } from "./presenter.ts";
import { countryList, findCountry, findState, type GeoListSpec, type GeoOrder, stateList } from "./queries.ts";

// Countries and states: read-only reference data shared by every account (no tenancy: `account_id` is
// not a filter here). Search is on the name (typeahead: names starting with the keywords; otherwise
// containing them); `sort[by]` is relevance (with keywords), name or code; name ascending by default.

const SORTS = new Set(["name", "code"]);

function listSpec(query: TListQuery): GeoListSpec {
  const by = query["sort[by]"];
  const keywords = query.keywords?.trim() ? query.keywords : undefined;
  const order: GeoOrder =
    by === "relevance" && keywords
      ? { relevance: keywords }
      : by && SORTS.has(by)
        ? { column: by as "name" | "code", direction: sortOrder(query["sort[order]"]) }
        : { column: "name", direction: "asc" };
  return { keywords, searchType: query.search_type, order };
}

export async function listCountries(ctx: AppContext, query: TListQuery & { code?: string | undefined }, url: string) {
  const list = countryList(ctx.database.db, listSpec(query), { code: query.code });
  return offsetPage({
    key: "countries",
    url,
    page: query.page,
    perPage: query.per_page,
    count: list.count,
    rows: list.rows,
    present: (rows) => rows.map(presentCountry),
  });
}

export async function getCountry(ctx: AppContext, id: string) {
  const row = isUuid(id) ? await findCountry(ctx.database.db, id) : undefined;
  if (!row) throw AppError.notFound();
  return presentCountry(row);
}

/** States of a country; an unknown country has no states (an empty page, not an error). */
export async function listStates(
  ctx: AppContext,
  query: TListQuery & { country_id?: string | undefined },
  url: string,
) {
  const countryId = query.country_id === undefined ? undefined : isUuid(query.country_id) ? query.country_id : null;
  const list = stateList(ctx.database.db, listSpec(query), { countryId });
  return offsetPage({
    key: "states",
    url,
    page: query.page,
    perPage: query.per_page,
    count: list.count,
    rows: list.rows,
    present: (rows) => rows.map(presentState),
  });
}

export async function getState(ctx: AppContext, id: string) {
  const row = isUuid(id) ? await findState(ctx.database.db, id) : undefined;
  if (!row) throw AppError.notFound();
  return presentState(row);
}
