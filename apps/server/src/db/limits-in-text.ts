import {
  type KyselyPlugin,
  LimitNode,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from "kysely";

/**
 * Writes every statement's LIMIT into its text instead of sending it as a parameter. The app's statements are
 * prepared (db/database.ts), and PostgreSQL plans a prepared statement once, generically, only when that plan
 * is not costlier than the custom ones. A generic plan takes a parameter's LIMIT for a tenth of the rows the
 * statement matches, so for a page of 26 out of 45,000 reviews it looked 20 times costlier, and every call was
 * planned again: 1.5 ms of the review list's 2.6 ms in the database at 1,000,000 reviews
 * (docs/decisions/005-throughput.md, stop 25). A limit is a whole number the app has checked (a page size), and
 * page sizes are few, so are the texts. OFFSET stays a parameter: its values are many.
 */
export class LimitsInTextPlugin implements KyselyPlugin {
  readonly #transformer = new LimitsInText();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class LimitsInText extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const limit = node.limit;
    if (ValueNode.is(limit) && !limit.immediate && Number.isSafeInteger(limit.value)) {
      return LimitNode.create(ValueNode.createImmediate(limit.value));
    }
    return super.transformLimit(node);
  }
}
