import {
  STATUS_LABEL_NAME_TAKEN,
  type TNote,
  type TRenderedTemplate,
  type TResponseTemplate,
  type TStatusLabel,
  ZNoteCreateSchema,
  ZNoteUpdateSchema,
  ZResponseTemplateRenderSchema,
  ZResponseTemplateWriteSchema,
  ZStatusLabelWriteSchema,
} from "@starboard/contract/reviews";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { authorize, isUuid, reachableAccountIds } from "../../platform/access.ts";
import { actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { registerResource } from "../../platform/resource.ts";
import { recordHistory } from "./history.ts";
import { findReachableReview } from "./service.ts";

type Row = Record<string, unknown>;
const iso = (d: unknown) => new Date(d as string).toISOString();
const byReviewId = z.object({ review_id: z.string().max(100).optional() });

/** Review status labels, notes and response templates: generic resources with a few rules. */
export function registerReviewResources(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  registerResource(app, ctx.database, {
    name: "review_status_labels",
    table: "review_status_labels",
    permission: "review_status_label",
    scope: "account",
    createSchema: ZStatusLabelWriteSchema,
    updateSchema: ZStatusLabelWriteSchema,
    deletable: true,
    searchColumn: "name",
    sortable: ["ordinal", "name", "created_at"],
    defaultSort: { by: "ordinal", order: "asc" },
    beforeWrite: async (values, rc, existing) => {
      if (typeof values.name === "string") {
        const clash = await db
          .selectFrom("review_status_labels")
          .select("id")
          .where("account_id", "=", rc.accountId)
          .where(sql`lower(name)`, "=", values.name.toLowerCase())
          .$if(existing !== null, (qb) => qb.where("id", "<>", String(existing?.id)))
          .executeTakeFirst();
        if (clash) throw AppError.conflict(STATUS_LABEL_NAME_TAKEN, "name");
      }
      return values;
    },
    present: (rows) =>
      rows.map(
        (r): TStatusLabel => ({
          id: String(r.id),
          account_id: String(r.account_id),
          name: String(r.name),
          color: (r.color as string | null) ?? null,
          ordinal: Number(r.ordinal),
          created_at: iso(r.created_at),
          _links: { self: { href: `/api/review_status_labels/${r.id}` } },
        }),
      ),
  });

  registerResource(app, ctx.database, {
    name: "notes",
    table: "notes",
    permission: "note",
    scope: "account",
    createSchema: ZNoteCreateSchema,
    updateSchema: ZNoteUpdateSchema,
    deletable: true,
    sortable: ["created_at"],
    defaultSort: { by: "created_at", order: "desc" },
    listQuery: byReviewId,
    applyFilters: (qb, q) => {
      if (q.review_id === undefined) return qb;
      return isUuid(q.review_id) ? qb.where("review_id", "=", q.review_id) : qb.where("id", "is", null);
    },
    beforeWrite: async (values, rc, existing) => {
      if (existing) return values;
      const review = await findReachableReview(ctx, rc.actor, String(values.review_id));
      return { ...values, account_id: review.account_id, user_id: rc.actor.user.id };
    },
    afterWrite: async (row, input, rc) => {
      if (!("review_id" in input)) return; // an edit, not a new note
      await recordHistory(db, {
        accountId: String(row.account_id),
        reviewId: String(row.review_id),
        userId: rc.actor.user.id,
        action: "note_added",
        details: { note_id: row.id },
      });
    },
    beforeDelete: async (row, rc) => {
      await recordHistory(db, {
        accountId: String(row.account_id),
        reviewId: String(row.review_id),
        userId: rc.actor.user.id,
        action: "note_deleted",
        details: { note_id: row.id },
      });
    },
    present: async (rows) => {
      const userIds = [...new Set(rows.map((r) => r.user_id).filter((id): id is string => typeof id === "string"))];
      const users = userIds.length
        ? await db.selectFrom("users").select(["id", "name"]).where("id", "in", userIds).execute()
        : [];
      const names = new Map(users.map((u) => [u.id, u.name]));
      return rows.map(
        (r): TNote => ({
          id: String(r.id),
          account_id: String(r.account_id),
          review_id: String(r.review_id),
          user_id: (r.user_id as string | null) ?? null,
          user_name: names.get(r.user_id as string) ?? null,
          content: String(r.content),
          created_at: iso(r.created_at),
          updated_at: iso(r.updated_at),
          _links: { self: { href: `/api/notes/${r.id}` } },
        }),
      );
    },
  });

  registerResource(app, ctx.database, {
    name: "response_templates",
    table: "response_templates",
    permission: "response_template",
    scope: "account",
    createSchema: ZResponseTemplateWriteSchema,
    updateSchema: ZResponseTemplateWriteSchema,
    deletable: true,
    searchColumn: "name",
    sortable: ["name", "created_at"],
    defaultSort: { by: "name", order: "asc" },
    present: (rows) => rows.map(presentTemplate),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/response_templates/:id/render",
    {
      schema: {
        tags: ["response_templates"],
        params: z.object({ id: z.string().max(100) }),
        body: ZResponseTemplateRenderSchema,
      },
      config: { idResource: "response_templates" },
    },
    async (request): Promise<TRenderedTemplate> => {
      const actor = actorOf(request);
      authorize(actor, "read", "response_template");
      authorize(actor, "read", "review");
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const template = await db
        .selectFrom("response_templates")
        .selectAll()
        .where("id", "=", request.params.id)
        .where("account_id", "in", await reachableAccountIds(ctx.database, actor))
        .executeTakeFirst();
      if (!template) throw AppError.notFound();
      const review = await findReachableReview(ctx, actor, request.body.review_id);
      if (review.account_id !== template.account_id) throw AppError.notFound();
      return {
        template_id: template.id,
        review_id: review.id,
        content: renderTemplate(template.content, {
          reviewer_name: review.author_name?.trim() || "there",
          location_name: review.location_name,
          rating: review.rating ? String(review.rating) : "",
        }),
      };
    },
  );
}

/** Expands {reviewer_name}, {location_name} and {rating}; other braces stay as written. */
export function renderTemplate(content: string, values: Record<"reviewer_name" | "location_name" | "rating", string>) {
  return content.replace(/\{(reviewer_name|location_name|rating)\}/g, (_, key: keyof typeof values) => values[key]);
}

function presentTemplate(r: Row): TResponseTemplate {
  return {
    id: String(r.id),
    account_id: String(r.account_id),
    name: String(r.name),
    content: String(r.content),
    rating_min: (r.rating_min as number | null) ?? null,
    rating_max: (r.rating_max as number | null) ?? null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    _links: { self: { href: `/api/response_templates/${r.id}` } },
  };
}
