import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AppContext } from "../../platform/context.ts";
import type { Feature } from "../../platform/feature.ts";

/**
 * A local fake of the NPPES NPI Registry API (version 2.1: `GET /?version=2.1&number=...` or with
 * first_name, last_name, organization_name, city, state, postal_code, limit), answering in the registry's
 * shapes: `{result_count, results}` and, for bad input, HTTP 200 with `{Errors: [{description, field, number}]}`.
 *
 * It knows the three records of ../shared/data/npi-registry (copied to fixtures/: 1003101296 and 1770626038,
 * organisations in the v2.1 shape; 1689872012, an individual in the older shape) and a few made-up dentists in the
 * v2.1 shape (their numbers carry a valid NPI check digit):
 * - 1987654328 SARAH CHEN (Denver, CO 80202), 1456789019 MICHAEL PATEL (Austin, TX 78701): one result by name;
 * - 1321098760 and 1765432103, two DAVID MILLERs (Portland, OR and Columbus, OH): several results by name alone;
 * - 1122334455 EVERGREEN FAMILY DENTAL PLLC (Denver, CO), an organisation.
 *
 * Control API (not part of NPPES): `GET /__fake/health`; `GET|DELETE /__fake/requests`; `POST /__fake/failures`
 * `{status}` (or an array) answers the next request(s) with that status; `DELETE /__fake/failures`.
 */

type NpiRecord = Record<string, unknown> & {
  number: string | number;
  enumeration_type?: string;
  basic: Record<string, string>;
  addresses: Record<string, string>[];
};

function fixture(name: string): NpiRecord {
  const body = JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as {
    results: NpiRecord[];
  };
  return body.results[0]!;
}

function dentist(
  number: string,
  basic: Record<string, string>,
  address: { address_1: string; city: string; state: string; postal_code: string; telephone_number: string },
  type: "NPI-1" | "NPI-2" = "NPI-1",
): NpiRecord {
  const addr = (purpose: string) => ({
    ...address,
    address_purpose: purpose,
    address_type: "DOM",
    country_code: "US",
    country_name: "United States",
  });
  return {
    addresses: [addr("MAILING"), addr("LOCATION")],
    basic: { enumeration_date: "2012-04-02", last_updated: "2021-09-14", status: "A", ...basic },
    created_epoch: "1333324800000",
    endpoints: [],
    enumeration_type: type,
    identifiers: [],
    last_updated_epoch: "1631577600000",
    number,
    other_names: [],
    practiceLocations: [],
    taxonomies: [
      {
        code: type === "NPI-1" ? "1223G0001X" : "261QF0400X",
        desc:
          type === "NPI-1" ? "Dentist, General Practice" : "Clinic/Center, Federally Qualified Health Center (FQHC)",
        license: null,
        primary: true,
        state: address.state,
        taxonomy_group: "",
      },
    ],
  };
}

export function npiSandboxRecords(): NpiRecord[] {
  return [
    fixture("npi2_1003101296_v2.1.json"),
    fixture("npi2_1770626038_v2.1.json"),
    fixture("npi1_1689872012.json"),
    dentist(
      "1987654328",
      {
        first_name: "SARAH",
        middle_name: "L",
        last_name: "CHEN",
        credential: "D.D.S.",
        sole_proprietor: "NO",
        gender: "F",
      },
      {
        address_1: "1550 LARIMER ST",
        city: "DENVER",
        state: "CO",
        postal_code: "802021602",
        telephone_number: "303-555-0142",
      },
    ),
    dentist(
      "1456789019",
      { first_name: "MICHAEL", last_name: "PATEL", credential: "D.M.D.", sole_proprietor: "NO", gender: "M" },
      {
        address_1: "600 CONGRESS AVE",
        city: "AUSTIN",
        state: "TX",
        postal_code: "787012901",
        telephone_number: "512-555-0188",
      },
    ),
    dentist(
      "1321098760",
      { first_name: "DAVID", last_name: "MILLER", credential: "D.D.S.", sole_proprietor: "YES", gender: "M" },
      {
        address_1: "921 SW WASHINGTON ST",
        city: "PORTLAND",
        state: "OR",
        postal_code: "972050000",
        telephone_number: "503-555-0110",
      },
    ),
    dentist(
      "1765432103",
      { first_name: "DAVID", last_name: "MILLER", credential: "D.M.D.", sole_proprietor: "NO", gender: "M" },
      {
        address_1: "88 E BROAD ST",
        city: "COLUMBUS",
        state: "OH",
        postal_code: "432153506",
        telephone_number: "614-555-0175",
      },
    ),
    dentist(
      "1122334455",
      { organization_name: "EVERGREEN FAMILY DENTAL PLLC", organizational_subpart: "NO" },
      {
        address_1: "1600 GLENARM PL",
        city: "DENVER",
        state: "CO",
        postal_code: "802023004",
        telephone_number: "303-555-0100",
      },
      "NPI-2",
    ),
  ];
}

const SEARCH_FIELDS = ["first_name", "last_name", "organization_name", "city", "state", "postal_code"] as const;

const errorBody = (description: string, field: string, number: string) => ({
  Errors: [{ description, field, number }],
});

/** Whether a record matches the name and address criteria (case-insensitive; a trailing `*` is a prefix). */
function matches(record: NpiRecord, query: Record<string, string>) {
  const like = (value: string | undefined, wanted: string | undefined) => {
    if (!wanted) return true;
    if (!value) return false;
    const v = value.toUpperCase();
    const w = wanted.toUpperCase();
    return w.endsWith("*") ? v.startsWith(w.slice(0, -1)) : v === w;
  };
  const b = record.basic;
  const location = record.addresses.find((a) => a.address_purpose === "LOCATION") ?? record.addresses[0] ?? {};
  const postal = query.postal_code?.replace(/\D/g, "");
  return (
    like(b.first_name, query.first_name) &&
    like(b.last_name, query.last_name) &&
    (!query.organization_name ||
      Boolean(b.organization_name?.toUpperCase().includes(query.organization_name.replace(/\*$/, "").toUpperCase()))) &&
    like(location.city, query.city) &&
    like(location.state, query.state) &&
    (!postal || Boolean(location.postal_code?.startsWith(postal)))
  );
}

/** NPPES's answer to a request of the API (status 200 with a body, as the registry answers). */
export function answerNpi(records: NpiRecord[], query: Record<string, string>): { status: number; body: unknown } {
  if (query.version !== "2.1") return { status: 200, body: errorBody("Unsupported Version", "version", "10") };
  if (query.number !== undefined && query.number !== "") {
    if (!/^\d{10}$/.test(query.number))
      return { status: 200, body: errorBody("Field number must be 10 digits", "number", "02") };
    const found = records.filter((r) => String(r.number) === query.number);
    return { status: 200, body: { result_count: found.length, results: found } };
  }
  if (!SEARCH_FIELDS.some((f) => query[f])) {
    return { status: 200, body: errorBody("No valid search criteria provided", "generic", "04") };
  }
  if (
    query.state &&
    !query.first_name &&
    !query.last_name &&
    !query.organization_name &&
    !query.city &&
    !query.postal_code
  )
    return {
      status: 200,
      body: errorBody("State may not be used as the only input criterion", "state", "06"),
    };
  const limit = Math.min(200, Math.max(1, Number(query.limit) || 10));
  const found = records.filter((r) => matches(r, query)).slice(0, limit);
  return { status: 200, body: { result_count: found.length, results: found } };
}

export interface NpiSandbox {
  url: string;
  requests: { path: string; query: Record<string, string> }[];
  failures: number[];
  close(): Promise<void>;
}

/** Starts the fake on the loopback (a free port unless `port`). */
export async function startNpiSandbox(opts: { port?: number } = {}): Promise<NpiSandbox> {
  const records = npiSandboxRecords();
  const state: Pick<NpiSandbox, "requests" | "failures"> = { requests: [], failures: [] };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname.startsWith("/__fake/")) {
        const what = url.pathname.slice("/__fake/".length);
        if (what === "health") return send(res, 200, { status: "ok" });
        if (what === "requests") {
          if (req.method === "DELETE") state.requests.length = 0;
          return send(res, 200, { requests: state.requests });
        }
        if (what === "failures") {
          if (req.method === "DELETE") state.failures.length = 0;
          if (req.method === "POST") {
            try {
              const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as unknown;
              for (const f of [body].flat() as { status?: number }[]) state.failures.push(Number(f.status) || 503);
            } catch {
              return send(res, 400, { fakeError: "body must be JSON" });
            }
          }
          return send(res, 200, { failures: state.failures });
        }
        return send(res, 404, { fakeError: "unknown control call" });
      }
      state.requests.push({ path: url.pathname, query });
      const failure = state.failures.shift();
      if (failure !== undefined) return send(res, failure, { message: "Service Unavailable" });
      if (req.method !== "GET" || !["/", "/api", "/api/"].includes(url.pathname))
        return send(res, 404, { message: "Not Found" });
      const { status, body } = answerNpi(records, query);
      return send(res, status, body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ...state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const sandboxes = new WeakMap<AppContext, NpiSandbox>();

/** The base URL of this app's NPI sandbox, when one runs (the demo's, without NPI_API_BASE). */
export function npiSandboxUrl(ctx: AppContext): string | undefined {
  return sandboxes.get(ctx)?.url;
}

/**
 * The demo's NPI registry: composed only where the demo exists (compose.ts), it starts the fake when NPI_API_BASE
 * is not set (on NPI_SANDBOX_PORT, else a free port), so the demo and the end-to-end tests look up numbers
 * without reaching the real registry.
 */
export const npiSandboxFeature: Feature = {
  name: "npi-sandbox",
  pages: async (app, ctx) => {
    if (ctx.config.npiApiBase) return;
    const sandbox = await startNpiSandbox({ port: ctx.config.npiSandboxPort });
    sandboxes.set(ctx, sandbox);
    app.addHook("onClose", async () => sandbox.close());
  },
};
