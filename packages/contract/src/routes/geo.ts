import { defineRoute } from "../route.ts";
import {
  ZCountryListQuerySchema,
  ZCountryListSchema,
  ZCountrySchema,
  ZStateListQuerySchema,
  ZStateListSchema,
  ZStateSchema,
} from "../system.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const tag = "geo";

/** Countries and states (shared reference data). */
export const geoRoutes = {
  listCountries: defineRoute({
    method: "GET",
    path: "/api/countries",
    summary: "ISO 3166-1 countries, by name (typeahead: names starting with the keywords) or by code",
    tag,
    query: ZCountryListQuerySchema,
    response: ZCountryListSchema,
    access: { action: "read", resource: "account" },
    shared: true,
  }),
  getCountry: defineRoute({
    method: "GET",
    path: "/api/countries/:id",
    summary: "One country",
    tag,
    params: ZIdParams,
    response: ZCountrySchema,
    access: { action: "read", resource: "account" },
    idResource: "countries",
    shared: true,
  }),
  listStates: defineRoute({
    method: "GET",
    path: "/api/states",
    summary: "First-level subdivisions, by country and name (an unknown country has none)",
    tag,
    query: ZStateListQuerySchema,
    response: ZStateListSchema,
    access: { action: "read", resource: "account" },
    shared: true,
  }),
  getState: defineRoute({
    method: "GET",
    path: "/api/states/:id",
    summary: "One state",
    tag,
    params: ZIdParams,
    response: ZStateSchema,
    access: { action: "read", resource: "account" },
    idResource: "states",
    shared: true,
  }),
};
