import type { TNpiResult } from "@starboard/contract/location-details";

/** The public NPPES NPI Registry API. */
export const NPPES_API_BASE = "https://npiregistry.cms.hhs.gov/api";
const TIMEOUT_MS = 10_000;

/** The registry could not be reached, failed, or answered something that is not its JSON. */
export class NpiUnreachable extends Error {}

/** The registry refused the request (its `Errors` list: a bad number, no valid criteria). */
export class NpiRejected extends Error {}

type RawAddress = Record<string, string | undefined>;
type RawRecord = {
  number?: string | number;
  enumeration_type?: string;
  basic?: Record<string, string | undefined>;
  addresses?: RawAddress[];
  taxonomies?: { desc?: string; primary?: boolean }[];
};

const text = (v: string | undefined) => (v === undefined || v === "" || v === "--" ? null : v);

/** One record as answered (v2.1; the older individual shape reads the same). */
export function presentNpiRecord(r: RawRecord): TNpiResult {
  const b = r.basic ?? {};
  const address = r.addresses?.find((a) => a.address_purpose === "LOCATION") ?? r.addresses?.[0] ?? {};
  const taxonomy = r.taxonomies?.find((t) => t.primary) ?? r.taxonomies?.[0];
  return {
    number: String(r.number ?? ""),
    enumeration_type: text(r.enumeration_type),
    first_name: text(b.first_name),
    middle_name: text(b.middle_name),
    last_name: text(b.last_name),
    credential: text(b.credential),
    organization_name: text(b.organization_name),
    address: text(address.address_1),
    city: text(address.city),
    state: text(address.state),
    postal_code: text(address.postal_code),
    taxonomy: text(taxonomy?.desc),
  };
}

/** Calls the registry (`?version=2.1&...`) and answers its results; throws NpiUnreachable or NpiRejected. */
export async function queryNpi(baseUrl: string, params: Record<string, string>): Promise<TNpiResult[]> {
  const url = new URL(baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  url.searchParams.set("version", "2.1");
  for (const [k, v] of Object.entries(params)) if (v !== "") url.searchParams.set(k, v);
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/json" } });
    if (res.status >= 500 || res.status === 429) throw new NpiUnreachable(`NPPES answered ${res.status}`);
    if (res.status >= 400) throw new NpiRejected(`NPPES answered ${res.status}`);
    body = await res.json();
  } catch (error) {
    if (error instanceof NpiRejected || error instanceof NpiUnreachable) throw error;
    throw new NpiUnreachable(error instanceof Error ? error.message : String(error));
  }
  if (!body || typeof body !== "object") throw new NpiUnreachable("NPPES answered no JSON object");
  const answer = body as { Errors?: unknown[]; results?: RawRecord[] };
  if (Array.isArray(answer.Errors) && answer.Errors.length > 0) throw new NpiRejected("NPPES refused the query");
  if (!Array.isArray(answer.results)) return [];
  return answer.results.map(presentNpiRecord);
}
