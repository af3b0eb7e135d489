import type { TNpiLookup, TNpiSearchQuery } from "@starboard/contract/location-details";
import { NPI_MESSAGES, NPI_PATTERN } from "@starboard/contract/locations";
import { accountIdFor } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { accountFacts } from "../locations/index.ts";
import { isSandboxAccount } from "../sandboxes/index.ts";
import { NPPES_API_BASE, NpiRejected, NpiUnreachable, queryNpi } from "./client.ts";
import { npiSandboxUrl } from "./sandbox.ts";

/** The registry failed: 502 with the spec's message (docs/product/locations.md §5 "NPI"). */
class NpiRegistryError extends AppError {
  override readonly status = 502;
  constructor() {
    super("unprocessable", NPI_MESSAGES.unreachable, { npi: NPI_MESSAGES.unreachable });
  }
}
const unreachable = () => new NpiRegistryError();

/**
 * The account the lookup is for (404 unless reachable; 403 unless Healthcare), and the registry it uses:
 * NPI_API_BASE when set; else the demo's sandbox for a sandbox (demo) account; else the public registry.
 */
async function registryFor(ctx: AppContext, actor: Actor, requested: string | undefined) {
  const accountId = accountIdFor(actor, requested);
  const facts = await accountFacts(ctx.database.db, accountId);
  if (facts.vertical !== "healthcare") throw AppError.forbidden(NPI_MESSAGES.healthcareOnly);
  if (ctx.config.npiApiBase) return ctx.config.npiApiBase;
  const sandbox = npiSandboxUrl(ctx);
  if (sandbox && (await isSandboxAccount(ctx.database.db, accountId))) return sandbox;
  return NPPES_API_BASE;
}

async function lookUp(base: string, params: Record<string, string>, notFound: string, field: string) {
  try {
    const results = await queryNpi(base, params);
    if (results.length !== 1) throw AppError.invalid(field, notFound);
    return results;
  } catch (error) {
    if (error instanceof NpiRejected) throw AppError.invalid(field, notFound);
    if (error instanceof NpiUnreachable) throw unreachable();
    throw error;
  }
}

/** GET /api/npi/{number}: exactly 10 digits, else 400 'NPI not found' (without calling the registry). */
export async function getNpi(ctx: AppContext, actor: Actor, number: string, accountId?: string): Promise<TNpiLookup> {
  const base = await registryFor(ctx, actor, accountId);
  if (!NPI_PATTERN.test(number)) throw AppError.invalid("npi", NPI_MESSAGES.notFound);
  const results = await lookUp(base, { number }, NPI_MESSAGES.notFound, "npi");
  return { result_count: 1, results };
}

/** GET /api/npi: by name and address; valid only with exactly one result. */
export async function searchNpi(ctx: AppContext, actor: Actor, query: TNpiSearchQuery): Promise<TNpiLookup> {
  const base = await registryFor(ctx, actor, query.account_id);
  const { first_name, last_name, organization_name, city, state, postal_code } = query;
  if (!first_name && !last_name && !organization_name) throw AppError.invalid("npi", NPI_MESSAGES.noMatch);
  const params = {
    first_name: first_name ?? "",
    last_name: last_name ?? "",
    organization_name: organization_name ?? "",
    city: city ?? "",
    state: state ?? "",
    postal_code: (postal_code ?? "").replace(/\D/g, "").slice(0, 9),
    // Two are enough to know there is more than one.
    limit: "2",
  };
  const results = await lookUp(base, params, NPI_MESSAGES.noMatch, "npi");
  return { result_count: 1, results };
}
