import { type LimitNode, PostgresDialect, PostgresQueryCompiler, type QueryCompiler, ValueNode } from "kysely";

/**
 * Writes every statement's LIMIT into its text instead of sending it as a parameter. The app's statements are
 * prepared (db/database.ts), and PostgreSQL plans a prepared statement once, generically, only when that plan
 * is not costlier than the custom ones. A generic plan takes a parameter's LIMIT for a tenth of the rows the
 * statement matches, so for a page of 26 out of 45,000 reviews it looked 20 times costlier, and every call was
 * planned again: 1.5 ms of the review list's 2.6 ms in the database at 1,000,000 reviews
 * (docs/decisions/005-throughput.md, stop 25). A limit is a whole number the app has checked (a page size), and
 * page sizes are few, so are the texts. OFFSET stays a parameter: its values are many.
 *
 * It is done where the statement is written (the compiler), not by rewriting the query tree before (a plugin):
 * a plugin copies the whole tree on every statement, about 0.2 ms of the review list's app CPU (stop 26).
 */
export class LimitsInTextCompiler extends PostgresQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    if (ValueNode.is(limit) && Number.isSafeInteger(limit.value)) {
      this.append(`limit ${limit.value as number}`);
      return;
    }
    super.visitLimit(node);
  }
}

/** PostgreSQL as Kysely speaks it, with every whole-number LIMIT in the text (LimitsInTextCompiler). */
export class StarboardPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LimitsInTextCompiler();
  }
}
