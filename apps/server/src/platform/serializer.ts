import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import type { Logger } from "pino";
import { z } from "zod";

/**
 * Serialises each success body by its route's response schema (platform/route.ts): the schema's
 * output is what goes out, so a field the schema does not name never leaves the server.
 * `strict` (tests, development, end-to-end runs): an answer that does not match its schema is a bug
 * and fails the request with a 500, so the tests catch drift between a presenter and the contract.
 * Otherwise (production) the mismatch is logged with the route and the body is sent as it is, so a
 * user is never refused an answer for a drift the tests missed.
 * A string body for a string schema (CSV, HTML, SVG: routes that declare `produces`) goes out as it is.
 * A frozen body is one answer shared by many requests (a cached answer, `shareAnswer`): each route checks
 * and writes it once, and sends the same text again while the object lives.
 */
export function responseSerializer(opts: { strict: boolean; log: Logger }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const written = new WeakMap<object, string>();
    const serialize = (data: unknown) => {
      if (typeof data === "string" && schema instanceof z.ZodString) return data;
      const result = schema.safeParse(data);
      if (result.success) return JSON.stringify(result.data);
      if (opts.strict) {
        throw new Error(`The answer of ${method} ${url} does not match its response schema: ${result.error.message}`);
      }
      opts.log.error(
        { route: `${method} ${url}`, issues: result.error.issues.slice(0, 5) },
        "response schema mismatch",
      );
      return JSON.stringify(data);
    };
    return (data: unknown) => {
      if (typeof data !== "object" || data === null || !Object.isFrozen(data)) return serialize(data);
      const known = written.get(data);
      if (known !== undefined) return known;
      const text = serialize(data);
      written.set(data, text);
      return text;
    };
  };
}

/**
 * Marks an answer as shared by many requests (a value kept in a NotifiedCache and answered as it is): it is
 * frozen, and the serialiser writes it once per route. Whoever keeps it must not change it (nothing nested
 * either); a change is a new object.
 */
export function shareAnswer<T extends object>(answer: T): Readonly<T> {
  return Object.freeze(answer);
}
