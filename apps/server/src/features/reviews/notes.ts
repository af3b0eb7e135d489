import type { TNote, TNoteCreate, TNoteList, TNoteListQuery, TNoteUpdate } from "@starboard/contract/reviews";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { accountIdFor, authorize, isUuid, type ScopedDb, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { offsetPage, sortOrder } from "../../platform/list.ts";
import { recordHistory } from "./history.ts";
import { notePolicy } from "./policy.ts";
import { findReachableReview } from "./service.ts";

// Notes on reviews (`/api/notes`): each written by a user, recorded in the review's history.

// ---- Queries ----

/** The account's notes with their author's name; an unusable `review_id` matches nothing. */
function notesOf(db: ScopedDb, accountId: string, query: TNoteListQuery) {
  const qb = db.selectFrom("notes").where("notes.account_id", "=", accountId);
  if (query.review_id === undefined) return qb;
  return isUuid(query.review_id) ? qb.where("notes.review_id", "=", query.review_id) : qb.where("notes.id", "is", null);
}

async function countNotes(db: ScopedDb, accountId: string, query: TNoteListQuery) {
  const row = await notesOf(db, accountId, query)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Newest first; `sort[by]=created_at` with `sort[order]` (ascending unless `desc`). */
function selectNotes(db: ScopedDb, accountId: string, query: TNoteListQuery, limit: number, offset: number) {
  const order = query["sort[by]"] === "created_at" ? sortOrder(query["sort[order]"]) : "desc";
  return notesOf(db, accountId, query)
    .leftJoin("users as u", "u.id", "notes.user_id")
    .selectAll("notes")
    .select("u.name as user_name")
    .orderBy("notes.created_at", order)
    .orderBy("notes.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

type NoteRow = Awaited<ReturnType<typeof selectNotes>>[number];

function selectNote(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("notes")
    .leftJoin("users as u", "u.id", "notes.user_id")
    .selectAll("notes")
    .select("u.name as user_name")
    .where("notes.id", "=", id)
    .executeTakeFirstOrThrow();
}

// ---- Presenter ----

function presentNote(r: NoteRow): TNote {
  return {
    id: r.id,
    account_id: r.account_id,
    review_id: r.review_id,
    user_id: r.user_id,
    user_name: r.user_name ?? null,
    content: r.content,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    _links: { self: { href: `/api/notes/${r.id}` } },
  };
}

// ---- Service ----

/** GET /api/notes: the account's notes (the signed-in account, or `account_id`), narrowed by `review_id`. */
export async function listNotes(ctx: AppContext, actor: Actor, query: TNoteListQuery, url: string): Promise<TNoteList> {
  const accountId = accountIdFor(actor, query.account_id);
  const db = scoped(ctx.database.db, actor);
  return offsetPage({
    key: "notes",
    url,
    page: query.page,
    perPage: query.per_page,
    count: () => countNotes(db, accountId, query),
    rows: (limit, offset) => selectNotes(db, accountId, query, limit, offset),
    present: (rows) => rows.map(presentNote),
  });
}

async function findNote(ctx: AppContext, actor: Actor, id: string, action: "read" | "update" | "delete") {
  const note = await scoped(ctx.database.db, actor).find("notes", id);
  authorize(actor, action, notePolicy, note);
  return note;
}

export async function getNote(ctx: AppContext, actor: Actor, id: string): Promise<TNote> {
  const note = await findNote(ctx, actor, id, "read");
  return presentNote(await selectNote(ctx.database.db, note.id));
}

/** POST /api/notes: a note by the caller on a review they reach, recorded in the review's history. */
export async function createNote(ctx: AppContext, actor: Actor, input: TNoteCreate): Promise<TNote> {
  accountIdFor(actor, input.account_id); // another account's id answers 404
  const review = await findReachableReview(ctx, actor, input.review_id, "read");
  const note = await ctx.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("notes")
      .values({ account_id: review.account_id, review_id: review.id, user_id: actor.user.id, content: input.content })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordHistory(trx, {
      accountId: row.account_id,
      reviewId: row.review_id,
      userId: actor.user.id,
      action: "note_added",
      details: { note_id: row.id },
    });
    return row;
  });
  return presentNote(await selectNote(ctx.database.db, note.id));
}

/** PATCH and PUT /api/notes/{id}: edits the content (an edit is not recorded in the history). */
export async function updateNote(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: Partial<TNoteUpdate>,
): Promise<TNote> {
  const note = await findNote(ctx, actor, id, "update");
  await ctx.database.db
    .updateTable("notes")
    .set({ ...(input.content !== undefined ? { content: input.content } : {}), updated_at: new Date() })
    .where("id", "=", note.id)
    .execute();
  return presentNote(await selectNote(ctx.database.db, note.id));
}

/** DELETE /api/notes/{id}: recorded in the review's history. */
export async function deleteNote(ctx: AppContext, actor: Actor, id: string): Promise<null> {
  const note = await findNote(ctx, actor, id, "delete");
  await ctx.database.db.transaction().execute(async (trx) => {
    await recordHistory(trx, {
      accountId: note.account_id,
      reviewId: note.review_id,
      userId: actor.user.id,
      action: "note_deleted",
      details: { note_id: note.id },
    });
    await trx.deleteFrom("notes").where("id", "=", note.id).execute();
  });
  return null;
}
