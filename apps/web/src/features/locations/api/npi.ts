import type { TNpiResult } from "@starboard/contract/location-details";
import { npiRoutes } from "@starboard/contract/routes/location-details";
import { ApiError, call } from "../../../lib/api";

export type { TNpiResult };
export type TNpiSearch = { first_name: string; last_name: string; city: string; state: string; postal_code: string };

/** GET /npi/{number}: null when not found (400). */
export async function lookupNpi(number: string): Promise<TNpiResult | null> {
  try {
    const answer = await call(npiRoutes.getNpi, { params: { number }, query: {} });
    return answer.results[0] ?? null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return null;
    throw error;
  }
}

/** GET /npi by name and address: the results (a 400 means no single match: none). */
export async function searchNpi(query: TNpiSearch): Promise<TNpiResult[]> {
  try {
    const answer = await call(npiRoutes.searchNpi, { query });
    return answer.results;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return [];
    throw error;
  }
}

/** "First Middle Last, Credential". */
export function npiTitle(result: TNpiResult): string {
  const r = result as {
    first_name?: string | null;
    middle_name?: string | null;
    last_name?: string | null;
    credential?: string | null;
    organization_name?: string | null;
  };
  const name = [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(" ") || (r.organization_name ?? "");
  return r.credential ? `${name}, ${r.credential}` : name;
}
