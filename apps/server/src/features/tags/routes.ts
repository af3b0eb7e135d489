import {
  TAG_NAME_TAKEN,
  type TReviewTag,
  type TTag,
  ZReviewTagCreateSchema,
  ZReviewTagDeleteQuerySchema,
  ZTagWriteSchema,
} from "@starboard/contract/reviews";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { authorize, can, isUuid, resolveAccountId } from "../../platform/access.ts";
import { actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { registerResource } from "../../platform/resource.ts";
import { recordHistory } from "../reviews/history.ts";
import { findReachableReview } from "../reviews/service.ts";

const iso = (d: unknown) => new Date(d as string).toISOString();

/** Account tags (`/api/tags`) and the tags on reviews (`/api/review_tags`). */
export function registerTagRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  const findTag = (accountId: string, name: string) =>
    db
      .selectFrom("tags")
      .selectAll()
      .where("account_id", "=", accountId)
      .where(sql`lower(name)`, "=", name.toLowerCase())
      .executeTakeFirst();

  registerResource(app, ctx.database, {
    name: "tags",
    table: "tags",
    permission: "tag",
    scope: "account",
    createSchema: ZTagWriteSchema,
    updateSchema: ZTagWriteSchema,
    deletable: true,
    searchColumn: "name",
    sortable: ["name", "created_at"],
    defaultSort: { by: "name", order: "asc" },
    beforeWrite: async (values, rc, existing) => {
      if (typeof values.name === "string") {
        const clash = await findTag(rc.accountId, values.name);
        if (clash && clash.id !== existing?.id) throw AppError.conflict(TAG_NAME_TAKEN, "name");
      }
      return values;
    },
    afterWrite: async (row) => {
      // Review tags carry the tag's name: a rename reaches them too.
      await db
        .updateTable("review_tags")
        .set({ name: String(row.name) })
        .where("tag_id", "=", String(row.id))
        .where("name", "<>", String(row.name))
        .execute();
    },
    present: (rows) =>
      rows.map(
        (r): TTag => ({
          id: String(r.id),
          account_id: String(r.account_id),
          name: String(r.name),
          created_at: iso(r.created_at),
          _links: { self: { href: `/api/tags/${r.id}` } },
        }),
      ),
  });

  registerResource(app, ctx.database, {
    name: "review_tags",
    table: "review_tags",
    permission: "review_tag",
    scope: "account",
    createSchema: ZReviewTagCreateSchema,
    deletable: true,
    sortable: ["name", "created_at"],
    defaultSort: { by: "name", order: "asc" },
    listQuery: z.object({ review_id: z.string().max(100).optional(), tag_id: z.string().max(100).optional() }),
    applyFilters: (qb, q) => {
      let out = qb;
      for (const key of ["review_id", "tag_id"] as const) {
        const value = q[key];
        if (value === undefined) continue;
        out = isUuid(value) ? out.where(key, "=", value) : out.where("id", "is", null);
      }
      return out;
    },
    // Tags a review; the account's tag of that name is created when there is none yet.
    beforeWrite: async (values, rc) => {
      const review = await findReachableReview(ctx, rc.actor, String(values.review_id));
      const name = String(values.name);
      let tag = await findTag(review.account_id, name);
      if (!tag) {
        if (!can(rc.actor, "create", "tag")) throw AppError.forbidden();
        tag = await db
          .insertInto("tags")
          .values({ account_id: review.account_id, name })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      const already = await db
        .selectFrom("review_tags")
        .select("id")
        .where("review_id", "=", review.id)
        .where("tag_id", "=", tag.id)
        .executeTakeFirst();
      if (already) throw AppError.conflict("This review already has that tag", "name");
      return {
        account_id: review.account_id,
        review_id: review.id,
        tag_id: tag.id,
        name: tag.name,
        created_by_user_id: rc.actor.user.id,
      };
    },
    afterWrite: async (row, _input, rc) => {
      await recordHistory(db, {
        accountId: String(row.account_id),
        reviewId: String(row.review_id),
        userId: rc.actor.user.id,
        action: "tag_added",
        details: { tag_id: row.tag_id, name: row.name },
      });
    },
    beforeDelete: async (row, rc) => {
      await recordHistory(db, {
        accountId: String(row.account_id),
        reviewId: String(row.review_id),
        userId: rc.actor.user.id,
        action: "tag_removed",
        details: { tag_id: row.tag_id, name: row.name },
      });
    },
    present: (rows) => rows.map(presentReviewTag),
  });

  // DELETE /api/review_tags?account_id&review_id&name (platform.md §7): removes a tag from a review by name.
  app
    .withTypeProvider<ZodTypeProvider>()
    .delete(
      "/api/review_tags",
      { schema: { tags: ["review_tags"], querystring: ZReviewTagDeleteQuerySchema } },
      async (request, reply) => {
        const actor = actorOf(request);
        authorize(actor, "delete", "review_tag");
        const review = await findReachableReview(ctx, actor, request.query.review_id);
        if (request.query.account_id !== undefined) {
          const accountId = await resolveAccountId(ctx.database, actor, request.query.account_id);
          if (review.account_id !== accountId) throw AppError.notFound();
        }
        const row = await db
          .selectFrom("review_tags")
          .selectAll()
          .where("review_id", "=", review.id)
          .where(sql`lower(name)`, "=", request.query.name.toLowerCase())
          .executeTakeFirst();
        if (!row) throw AppError.notFound();
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom("review_tags").where("id", "=", row.id).execute();
          await recordHistory(trx, {
            accountId: row.account_id,
            reviewId: row.review_id,
            userId: actor.user.id,
            action: "tag_removed",
            details: { tag_id: row.tag_id, name: row.name },
          });
        });
        return reply.status(204).send();
      },
    );
}

function presentReviewTag(r: Record<string, unknown>): TReviewTag {
  return {
    id: String(r.id),
    account_id: String(r.account_id),
    review_id: String(r.review_id),
    tag_id: String(r.tag_id),
    name: String(r.name),
    created_at: iso(r.created_at),
    _links: { self: { href: `/api/review_tags/${r.id}` } },
  };
}
