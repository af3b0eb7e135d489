import { type RawBuilder, type SqlBool, sql } from "kysely";

// The SQL of packages/contract/src/review-answered.ts, for every query that counts or narrows reviews by
// whether they are answered or respondable: the review filter (queries.ts), the metrics overview
// (features/metrics/queries.ts) and, through review_answered, the roll-ups (migration 0016).

/** The review (table alias `alias`) is answered: its response shows at its source. */
export function answered(alias = "r"): RawBuilder<SqlBool> {
  return sql<SqlBool>`review_answered(${sql.ref(`${alias}.response_status`)})`;
}

/** The review can be answered in Starboard: its source takes our responses, and it is still there. */
export function respondable(alias = "r"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.respondable`)} AND ${sql.ref(`${alias}.deleted_at_source`)} IS NULL)`;
}
