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
 * and writes it once, as UTF-8 bytes, and sends the same bytes again while the object lives.
 * A body written already (`Prewritten`) goes out as its UTF-8 bytes, as they are: no string is made of it.
 * Either way the socket is given bytes, not a string it would encode again on every answer.
 */
export function responseSerializer(opts: { strict: boolean; log: Logger }): FastifySerializerCompiler<z.ZodType> {
  // Fastify sends a Buffer from a serialiser as it is (reply.js onSendEnd); its type names only strings.
  return (({ schema, method, url }) => {
    const written = new WeakMap<object, Buffer>();
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
      if (data instanceof Prewritten) {
        if (opts.strict) checkPrewritten(data, schema, `${method} ${url}`);
        else if (data.problem)
          opts.log.error({ route: `${method} ${url}`, issues: data.problem }, "response schema mismatch");
        return data.bytes;
      }
      if (typeof data !== "object" || data === null || !Object.isFrozen(data)) return serialize(data);
      const known = written.get(data);
      if (known !== undefined) return known;
      const bytes = Buffer.from(serialize(data));
      written.set(data, bytes);
      return bytes;
    };
  }) as FastifySerializerCompiler<z.ZodType>;
}

/**
 * Marks an answer as shared by many requests (a value kept in a NotifiedCache and answered as it is): it is
 * frozen, and the serialiser writes it once per route. Whoever keeps it must not change it (nothing nested
 * either); a change is a new object.
 */
export function shareAnswer<T extends object>(answer: T): Readonly<T> {
  return Object.freeze(answer);
}

/**
 * A part of many answers, written once by its own schema (`writePart`): its JSON as UTF-8 bytes, and what did not
 * match the schema, if anything (then the JSON is the value as it is, as the serialiser sends a mismatch in
 * production). Bytes, not a string: a page is the parts' bytes put together (`prewrittenPage`), held outside the
 * JavaScript heap and sent without encoding them again.
 */
export interface WrittenPart {
  readonly bytes: Buffer;
  readonly problem?: string;
}

/** Writes a part of answers (a review resource, say) by its schema, once, for `prewrittenPage`. */
export function writePart<T>(schema: z.ZodType<T>, value: T): WrittenPart {
  const result = schema.safeParse(value);
  const part: WrittenPart = Object.freeze(
    result.success
      ? { bytes: Buffer.from(JSON.stringify(result.data)) }
      : { bytes: Buffer.from(JSON.stringify(value)), problem: result.error.message },
  );
  writtenParts.set(part, schema);
  return part;
}

/**
 * An answer already written (its JSON as UTF-8 bytes; a string given is encoded once), with the value it writes
 * (for a caller that reads it, such as another route made from it). The serialiser sends its bytes as they are.
 * In strict mode (tests, development) it first checks it: a page of `prewrittenPage` by which schemas wrote it
 * (the route's, and for every part the route's item schema, through `writePart`), anything else by reading the
 * text back and writing it again with the route's schema. So a part written by another schema, or a field the
 * schema does not name, fails the request as any mismatch does.
 */
export class Prewritten<T> {
  readonly bytes: Buffer;

  constructor(
    readonly value: T,
    written: Buffer | string,
    readonly problem?: string,
  ) {
    this.bytes = typeof written === "string" ? Buffer.from(written) : written;
    Object.freeze(this);
  }

  /** The JSON as text (for checks and tests; the serialiser sends `bytes`). */
  get text(): string {
    return this.bytes.toString("utf8");
  }
}

function checkPrewritten(data: Prewritten<unknown>, schema: z.ZodType, route: string) {
  const fail = (why: string) => {
    throw new Error(`The answer of ${route} does not match its response schema: ${why}`);
  };
  if (data.problem) fail(data.problem);
  // A page written by `prewrittenPage` with this route's schema, of parts each written by `writePart` with the
  // schema of this route's items, is what the route's schema writes: checked by which schemas wrote it, for free.
  const page = writtenPages.get(data);
  if (page && page.schema === schema) {
    const item = itemSchemaOf(schema, page.key);
    if (item && page.parts.every((p) => writtenParts.get(p) === item)) return;
    if (item) fail(`an item of _embedded.${page.key} was not written by the schema of its items`);
  }
  // Anything else is read back and written again by the route's schema.
  const text = data.text;
  const result = schema.safeParse(JSON.parse(text));
  if (!result.success) fail(result.error.message);
  else if (JSON.stringify(result.data) !== text) fail("its prewritten text is not what the schema writes");
}

/** The schema of the items of `_embedded[key]` in a HAL page schema, if it is one. */
function itemSchemaOf(schema: z.ZodType, key: string): z.ZodType | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const embedded = schema.shape._embedded;
  if (!(embedded instanceof z.ZodObject)) return undefined;
  const list = embedded.shape[key];
  return list instanceof z.ZodArray ? (list.element as z.ZodType) : undefined;
}

/** Which schema wrote each part (`writePart`), and which schema, key and parts each page (`prewrittenPage`). */
const writtenParts = new WeakMap<WrittenPart, z.ZodType>();
const writtenPages = new WeakMap<
  Prewritten<unknown>,
  { schema: z.ZodType; key: string; parts: readonly WrittenPart[] }
>();

/**
 * A HAL page (`value`) whose `_embedded[key]` items are parts written already (`parts`, in the same order): the
 * page's other fields are written by `schema` as the serialiser would, and the parts' bytes are put in as they
 * are, not written again (one copy, into the page's bytes). Each part is its schema's output, so nothing a schema
 * does not name goes out.
 */
export function prewrittenPage<T extends { _embedded: Record<string, readonly unknown[]> }>(
  schema: z.ZodType<T>,
  value: T,
  key: string,
  parts: readonly WrittenPart[],
): Prewritten<T> {
  const result = schema.safeParse({ ...value, _embedded: { [key]: [] } });
  const problem = result.success ? parts.find((p) => p.problem)?.problem : result.error.message;
  const { _embedded, ...rest } = (result.success ? result.data : value) as Record<string, unknown>;
  const others = JSON.stringify(rest);
  const pieces: Buffer[] = [Buffer.from(`{"_embedded":{${JSON.stringify(key)}:[`)];
  parts.forEach((p, i) => {
    if (i > 0) pieces.push(COMMA);
    pieces.push(p.bytes);
  });
  pieces.push(Buffer.from(others === "{}" ? "]}}" : `]},${others.slice(1)}`));
  const page = new Prewritten(value, Buffer.concat(pieces), problem);
  writtenPages.set(page, { schema, key, parts });
  return page;
}

const COMMA = Buffer.from(",");
