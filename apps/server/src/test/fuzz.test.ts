import { randomUUID } from "node:crypto";
import { MEDIA_TYPE } from "@starboard/contract/hal";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type RouteEntry, registeredRoutes } from "../platform/routes.ts";
import { createAccountWithRecords, createUser, sessionFor } from "./factories.ts";
import { startTestApp, type TestApp } from "./harness.ts";

/**
 * Property-based fuzzing of every registered route, as a signed-in Admin: random
 * and hostile path parameters, queries, bodies and content types never yield a 5xx.
 * FUZZ_RUNS (default 25) runs per route; FUZZ_SEED replays a run; FUZZ_ONLY (a regular
 * expression on "METHOD /path") narrows the routes.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;

/** Routes left out, with the reason. */
const SKIPPED = new Set([
  // 4 MB of JavaScript that takes no input.
  "GET /api/docs/js/scalar.js",
]);

const HOSTILE = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT pg_sleep(0)",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "\u202e\u200b\ufeff",
  "\ud800",
  "😀".repeat(60),
  "Ω≈ç√∫˜µ≤≥÷",
  "a".repeat(10_000),
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x7fffffff",
  "9223372036854775808",
  "[]",
  "{}",
  "true",
  "%",
  "_",
  "\\",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style probe, literally.
  "${jndi:ldap://x}",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "",
  " ",
];

const CONTENT_TYPES = [
  MEDIA_TYPE,
  "application/json",
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  undefined,
];

const INVALID_JSON = ["{", '{"a":', "[1,2", "nul", "\u0000", "{'single': 1}", '{"a":1}}', "ÿþ{}"];

let t: TestApp;
let routes: RouteEntry[];
let ids: string[];
let accountId: string;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  routes = registeredRoutes(t.app).filter((r) => {
    const key = `${r.method} ${r.url}`;
    return r.url.startsWith("/api") && !SKIPPED.has(key) && (!ONLY || ONLY.test(key));
  });
  const a = await createAccountWithRecords(t);
  accountId = a.account.id;
  ids = [...Object.values(a.ids), a.user.id];
});
afterAll(async () => t?.close());

/** Lone surrogates replaced (encodeURIComponent refuses them). */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

/** The keys a zod object schema (possibly wrapped in optional/nullable) declares. */
function keysOf(schema: unknown): string[] {
  let s = schema;
  for (let i = 0; i < 5 && s instanceof z.ZodType; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const inner = (s as { unwrap?: () => unknown }).unwrap;
    if (typeof inner !== "function") break;
    s = inner.call(s);
  }
  return [];
}

const hostileString = () =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.string({ unit: "binary", maxLength: 20 }),
    fc.constantFrom(...HOSTILE),
    fc.constantFrom(...ids),
  );

const hostileValueOf = () =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      hostileString(),
      fc.integer(),
      fc.double(),
      fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1, 0, 2 ** 31, 1.5),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 3 }),
    ),
  })).value;

function requestArbitrary(route: RouteEntry) {
  const hostileValue = hostileValueOf();
  const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  const queryKeys = [...new Set([...keysOf(route.schema?.querystring), "account_id", "page", "per_page", "nonce"])];
  const bodyKeys = [...new Set([...keysOf(route.schema?.body), "account_id"])];
  const param = fc.oneof(
    hostileString().map((s) => encodeURIComponent(wellFormed(s))),
    fc.constantFrom("%zz", "%2e%2e", "..", "%", "a%00b"),
  );
  const queryValue = fc.oneof(hostileString(), fc.array(hostileString(), { minLength: 2, maxLength: 3 }));
  const body = fc.oneof(
    fc.record(Object.fromEntries(bodyKeys.map((k) => [k, hostileValue])), { requiredKeys: [] }),
    hostileValue,
    fc.constantFrom(...INVALID_JSON).map((text) => ({ raw: text })),
    fc.constant(undefined),
  );
  return fc.record({
    params: fc.tuple(...params.map(() => param)),
    query: fc.record(Object.fromEntries(queryKeys.map((k) => [k, queryValue])), { requiredKeys: [] }),
    body,
    contentType: fc.constantFrom(...CONTENT_TYPES),
    override: fc.option(fc.constantFrom("PATCH", "PUT", "DELETE", "GET", "BOGUS"), { freq: 5 }),
  });
}

type Input = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

async function send(route: RouteEntry, input: Input) {
  // A fresh Admin per run: a run may change its e-mail, password or session.
  const admin = await createUser(t.ctx.database, accountId, {
    type: "admin",
    email: `fuzz-${randomUUID()}@example.test`,
  });
  const { email, token } = await sessionFor(t.ctx.database, admin);
  let path = route.url;
  for (const value of input.params) path = path.replace(/:[A-Za-z_]+/, value);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query)) {
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, one as string);
  }
  const headers: Record<string, string> = {
    Accept: MEDIA_TYPE,
    Authorization: `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`,
  };
  let payload: string | undefined;
  const hasBody = route.method !== "GET" && route.method !== "HEAD" && input.body !== undefined;
  if (hasBody) {
    const b = input.body as unknown;
    payload = b && typeof b === "object" && "raw" in b ? String((b as { raw: string }).raw) : JSON.stringify(b);
    if (input.contentType) headers["Content-Type"] = input.contentType;
  }
  if (input.override && route.method === "POST") headers["X-HTTP-Method-Override"] = input.override;
  const query = search.toString();
  const res = await fetch(`${t.baseUrl}${path}${query ? `?${query}` : ""}`, {
    method: route.method,
    headers,
    body: payload,
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe("fuzzing every route", () => {
  it(`answers no 5xx to hostile input (${RUNS} runs a route)`, { timeout: 300_000 }, async () => {
    expect(routes.length).toBeGreaterThan(ONLY ? 0 : 20);
    const failures: string[] = [];
    for (const route of routes) {
      const details = await fc.check(
        fc.asyncProperty(requestArbitrary(route), async (input) => {
          const res = await send(route, input);
          if (res.status >= 500) throw new Error(`${res.status} ${res.text.slice(0, 300)}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (details.failed) {
        const input = JSON.stringify(details.counterexample?.[0]).slice(0, 600);
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        failures.push(`${route.method} ${route.url} (seed ${details.seed}): ${error}\n  input: ${input}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
