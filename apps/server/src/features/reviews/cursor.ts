import { AppError } from "../../platform/errors.ts";

/**
 * An opaque position in the review list: the sort it belongs to and the values of its sort keys
 * (for published_at: the timestamp to the microsecond, then the id). Base64url JSON; clients pass it back.
 */
export interface Cursor {
  sort: string;
  values: string[];
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, ...cursor.values]), "utf8").toString("base64url");
}

/** Reads a cursor of the given sort with `keys` values; 400 on the field otherwise. */
export function decodeCursor(value: string, sort: string, keys: number, field: "before" | "after"): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== keys + 1 ||
    parsed[0] !== sort ||
    !parsed.every((v) => typeof v === "string" && v.length < 100)
  ) {
    throw AppError.invalid(field, "Invalid cursor for this sort.");
  }
  return { sort, values: parsed.slice(1) as string[] };
}
