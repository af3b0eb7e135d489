import { NPI_MESSAGES } from "@starboard/contract/locations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { type NpiSandbox, startNpiSandbox } from "./sandbox.ts";

// The NPI client against a local fake of the NPPES NPI Registry API v2.1 (features/npi/sandbox.ts), serving the
// registry's shapes (../shared/data/npi-registry, copied to fixtures/).
let t: TestApp;
let fake: NpiSandbox;
beforeAll(async () => {
  fake = await startNpiSandbox();
  t = await startTestApp({ workers: false, env: { NPI_API_BASE: `${fake.url}/api/` } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Body = Record<string, unknown> & { error?: string; errors?: Record<string, string> };
type Lookup = { result_count: number; results: Record<string, string | null>[] };

describe("NPI lookup", () => {
  it("finds a number in the registry (v2.1 organisations, and the older individual shape)", async () => {
    const { client } = await signedIn(t, { vertical: "healthcare" });
    const org = await client.get<Lookup>("/api/npi/1770626038");
    expect(org.status).toBe(200);
    expect(org.body).toEqual({
      result_count: 1,
      results: [
        expect.objectContaining({
          number: "1770626038",
          enumeration_type: "NPI-2",
          organization_name: "INOVA FAIRFAX HOSPITAL",
          first_name: null,
          city: "FALLS CHURCH",
          state: "VA",
        }),
      ],
    });
    const person = await client.get<Lookup>("/api/npi/1689872012");
    expect(person.body.results[0]).toMatchObject({
      number: "1689872012",
      first_name: "BRIJ",
      last_name: "MOHAN",
      credential: "M.D.",
      middle_name: null,
      taxonomy: "Surgery",
    });
    const asked = fake.requests.at(-1);
    expect(asked?.query).toMatchObject({ version: "2.1", number: "1689872012" });
  });

  it("answers 'NPI not found' for an unknown or malformed number, without asking the registry about the latter", async () => {
    const { client } = await signedIn(t, { vertical: "healthcare" });
    const unknown = await client.get<Body>("/api/npi/1234567893");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(NPI_MESSAGES.notFound);
    const before = fake.requests.length;
    const short = await client.get<Body>("/api/npi/12345");
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: "NPI not found", errors: { npi: "NPI not found" } });
    expect(fake.requests.length).toBe(before);
  });

  it("finds by name and address only when exactly one record matches", async () => {
    const { client } = await signedIn(t, { vertical: "healthcare" });
    const one = await client.get<Lookup>(
      "/api/npi?first_name=Sarah&last_name=Chen&city=Denver&state=CO&postal_code=80202",
    );
    expect(one.status).toBe(200);
    expect(one.body.results).toEqual([expect.objectContaining({ number: "1987654328", credential: "D.D.S." })]);
    const several = await client.get<Body>("/api/npi?last_name=Miller");
    expect(several.status).toBe(400);
    expect(several.body.error).toBe(NPI_MESSAGES.noMatch);
    const none = await client.get<Body>("/api/npi?first_name=Nobody&last_name=Atall");
    expect(none.body.error).toBe(NPI_MESSAGES.noMatch);
    const nothing = await client.get<Body>("/api/npi?city=Denver");
    expect(nothing.body.error).toBe(NPI_MESSAGES.noMatch);
  });

  it("answers 'Unable to reach the NPI database' when the registry fails", async () => {
    const { client } = await signedIn(t, { vertical: "healthcare" });
    fake.failures.push(503);
    const res = await client.get<Body>("/api/npi/1770626038");
    expect(res.status).toBe(502);
    expect(res.body.error).toBe(NPI_MESSAGES.unreachable);
    fake.failures.push(500);
    const failed = await client.get<Body>("/api/npi?first_name=Sarah&last_name=Chen");
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe(NPI_MESSAGES.unreachable);
    // Afterwards the registry answers again.
    expect((await client.get("/api/npi/1770626038")).status).toBe(200);
  });

  it("is for healthcare accounts only, and for the caller's accounts", async () => {
    const restaurant = await signedIn(t, { vertical: "restaurant" });
    const res = await restaurant.client.get<Body>("/api/npi/1770626038");
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(NPI_MESSAGES.healthcareOnly);
    const health = await signedIn(t, { vertical: "healthcare" });
    expect((await restaurant.client.get(`/api/npi/1770626038?account_id=${health.account.id}`)).status).toBe(404);
  });
});
