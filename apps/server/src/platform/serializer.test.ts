// The response serialiser (platform/serializer.ts): what the client receives is the schema's output, and an
// answer shared by many requests (a cached one, frozen by shareAnswer) is checked and written once per route,
// while an ordinary body is written anew on every answer.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Prewritten, prewrittenPage, responseSerializer, shareAnswer, writePart } from "./serializer.ts";

/** The serialiser of a route, with what it sends as text (a prewritten answer is sent as its UTF-8 bytes). */
function serializerFor(schema: z.ZodType, log = pino({ level: "silent" }), strict = true) {
  const compile = responseSerializer({ strict, log });
  const serialize = compile({ schema, method: "GET", url: "/api/items", httpStatus: "200" }) as (
    data: unknown,
  ) => string | Buffer;
  return (data: unknown) => {
    const sent = serialize(data);
    return typeof sent === "string" ? sent : sent.toString("utf8");
  };
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

  describe("a page of parts written once", () => {
    const Item = z.object({ id: z.string(), name: z.string() });
    const Page = z.object({
      _embedded: z.object({ items: z.array(Item) }),
      _links: z.object({ self: z.object({ href: z.string() }) }),
      _total: z.number(),
    });
    type TPage = z.infer<typeof Page>;
    const page = (items: TPage["_embedded"]["items"], extra: Record<string, unknown> = {}) =>
      ({ _embedded: { items }, _links: { self: { href: "/api/items" } }, _total: items.length, ...extra }) as TPage;

    it("sends the parts' texts as they were written, and the page's other fields by its schema", () => {
      const a = { id: "a", name: "Ann", secret: "x" };
      const b = { id: "b", name: "Bo" };
      const parts = [writePart(Item, a), writePart(Item, b)];
      expect(parts[0]!.bytes.toString()).toBe('{"id":"a","name":"Ann"}');
      const written = prewrittenPage(Page, page([a, b], { hidden: 1 }), "items", parts);
      const text = serializerFor(Page)(written);
      expect(text).toBe(
        '{"_embedded":{"items":[{"id":"a","name":"Ann"},{"id":"b","name":"Bo"}]},"_links":{"self":{"href":"/api/items"}},"_total":2}',
      );
      expect(text).toBe(serializerFor(Page)(page([a, b])));
      // Sent as bytes: text outside Latin-1 goes out as the schema writes it, in UTF-8.
      const accented = [writePart(Item, { id: "c", name: "Zoë ★ 東京" })];
      expect(serializerFor(Page)(prewrittenPage(Page, page([]), "items", accented))).toContain('"name":"Zoë ★ 東京"');
      // The value is there for callers that read it.
      expect(written.value._total).toBe(2);
    });

    it("sends an empty page", () => {
      expect(serializerFor(Page)(prewrittenPage(Page, page([]), "items", []))).toBe(
        '{"_embedded":{"items":[]},"_links":{"self":{"href":"/api/items"}},"_total":0}',
      );
    });

    it("refuses, in strict mode, a part written by another schema or text the route's schema does not write", () => {
      const a = { id: "a", name: "Ann", secret: "x" };
      // Text made by hand, and a part written by another schema (one that lets a secret through).
      const byHand = { bytes: Buffer.from(JSON.stringify(a)) };
      expect(() => serializerFor(Page)(prewrittenPage(Page, page([a]), "items", [byHand]))).toThrow(
        /not written by the schema of its items/,
      );
      const other = writePart(z.looseObject({ id: z.string() }), a);
      expect(() => serializerFor(Page)(prewrittenPage(Page, page([a]), "items", [other]))).toThrow(
        /not written by the schema of its items/,
      );
      // A prewritten answer that is not such a page is read back: a field the schema does not name is refused.
      const leaky = '{"_embedded":{"items":[]},"_links":{"self":{"href":"/api/items"}},"_total":0,"secret":1}';
      expect(() => serializerFor(Page)(new Prewritten(page([]), leaky))).toThrow(/not what the schema writes/);
      expect(serializerFor(Page)(new Prewritten(page([]), leaky.replace(',"secret":1', "")))).toContain('"_total":0');
      const mismatched = writePart(Item, { id: "a", name: 3 } as unknown as z.infer<typeof Item>);
      expect(mismatched.problem).toBeDefined();
      expect(() => serializerFor(Page)(prewrittenPage(Page, page([]), "items", [mismatched]))).toThrow(
        /does not match its response schema/,
      );
    });

    it("sends, in production, a prewritten answer whose part does not match, and logs it", () => {
      const logged: unknown[] = [];
      const log = pino({ level: "error" }, { write: (line: string) => logged.push(JSON.parse(line)) });
      const serialize = serializerFor(Page, log, false);
      const mismatched = writePart(Item, { id: "a", name: 3 } as unknown as z.infer<typeof Item>);
      const answer = prewrittenPage(Page, page([]), "items", [mismatched]);
      expect(answer).toBeInstanceOf(Prewritten);
      expect(serialize(answer)).toContain('"items":[{"id":"a","name":3}]');
      expect(logged).toMatchObject([{ msg: "response schema mismatch", route: "GET /api/items" }]);
    });
  });
});
