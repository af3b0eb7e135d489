// The response serialiser (platform/serializer.ts): what the client receives is the schema's output, and an
// answer shared by many requests (a cached one, frozen by shareAnswer) is checked and written once per route,
// while an ordinary body is written anew on every answer.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseSerializer, shareAnswer } from "./serializer.ts";

function serializerFor(schema: z.ZodType) {
  const compile = responseSerializer({ strict: true, log: pino({ level: "silent" }) });
  return compile({ schema, method: "GET", url: "/api/things", httpStatus: "200" }) as (data: unknown) => string;
}

describe("the response serialiser", () => {
  it("sends only what the schema names", () => {
    const serialize = serializerFor(z.object({ name: z.string() }));
    expect(serialize({ name: "Ann", secret: "x" })).toBe('{"name":"Ann"}');
  });

  it("checks and writes a shared answer once, and sends the same text again", () => {
    let checks = 0;
    const schema = z.object({ total: z.number() }).transform((v) => {
      checks += 1;
      return v;
    });
    const serialize = serializerFor(schema);
    const shared = shareAnswer({ total: 3 });
    expect(serialize(shared)).toBe('{"total":3}');
    expect(serialize(shared)).toBe('{"total":3}');
    expect(checks).toBe(1);
    // A new shared answer (the cache loaded again) is written anew.
    expect(serialize(shareAnswer({ total: 4 }))).toBe('{"total":4}');
    expect(checks).toBe(2);
  });

  it("writes an ordinary body anew each time, so a body changed between answers goes out changed", () => {
    const serialize = serializerFor(z.object({ total: z.number() }));
    const body = { total: 1 };
    expect(serialize(body)).toBe('{"total":1}');
    body.total = 2;
    expect(serialize(body)).toBe('{"total":2}');
  });

  it("refuses a shared answer that does not match the schema, in strict mode", () => {
    const serialize = serializerFor(z.object({ total: z.number() }));
    expect(() => serialize(shareAnswer({ total: "3" }))).toThrow(/does not match its response schema/);
  });
});
