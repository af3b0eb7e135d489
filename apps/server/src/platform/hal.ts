import type { THalPage } from "@starboard/contract/hal";

// The HAL pages lists answer with, by offset (`halPage`: `page` and `per_page`) or by cursor (`cursorPage`:
// `before` / `after`). Both keep the request's other query parameters in their links and drop `nonce`.

export interface PageRequest {
  /** Path under /api with the query the client sent; page links keep its other parameters. */
  url: string;
  page: number;
  perPage: number;
}

type Link = { href: string };

/** The request's path and query without `nonce` and `drop`, with `set` set in order (a present key keeps its place). */
function linkTo(url: string, drop: readonly string[], set: readonly (readonly [string, string])[] = []): Link {
  const u = new URL(url, "http://x");
  u.searchParams.delete("nonce");
  for (const key of drop) u.searchParams.delete(key);
  for (const [key, value] of set) u.searchParams.set(key, value);
  return { href: `${u.pathname}${u.search}` };
}

/**
 * The request's path and query without `nonce` (the client's cache buster, which changes nothing in the
 * answer): what an answer built from the request's URL depends on, e.g. as part of a cache key.
 */
export const withoutNonce = (url: string) => linkTo(url, []).href;

const totalPagesOf = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

function pageOf<K extends string, T>(
  key: K,
  items: T[],
  total: number,
  perPage: number,
  page: number,
  links: THalPage<K, T>["_links"],
): THalPage<K, T> {
  return {
    _embedded: { [key]: items } as Record<K, T[]>,
    _links: links,
    _page: page,
    _total_pages: totalPagesOf(total, perPage),
    _total: total,
    per_page: perPage,
    page_count: items.length,
  };
}

/** Shapes rows into the HAL page every list answers with (offset paging: `page`, `per_page`). */
export function halPage<K extends string, T>(key: K, items: T[], total: number, req: PageRequest): THalPage<K, T> {
  const totalPages = totalPagesOf(total, req.perPage);
  const href = (page: number) =>
    linkTo(
      req.url,
      [],
      [
        ["page", String(page)],
        ["per_page", String(req.perPage)],
      ],
    );
  const links: THalPage<K, T>["_links"] = { self: href(req.page), first: href(1), last: href(totalPages) };
  if (req.page > 1) links.prev = href(Math.min(req.page - 1, totalPages));
  if (req.page < totalPages) links.next = href(req.page + 1);
  return pageOf(key, items, total, req.perPage, req.page, links);
}

export interface CursorPageRequest {
  /** Path under /api with the query the client sent; page links keep its filters and sort. */
  url: string;
  perPage: number;
  /** How many items of the list come before this page (its page number follows). */
  ahead: number;
  /** The cursor the next page starts after; absent when none follows. */
  next?: string | undefined;
  /** The cursor the previous page ends before; null: the previous page is the first; absent: none. */
  prev?: string | null | undefined;
}

/**
 * A HAL page of a cursor list: `self` is the request, `first` and `last` page from either end
 * (`last` by page number), `next` / `prev` carry the cursor (`after` / `before`); `_page` is the page
 * number the items ahead give.
 */
export function cursorPage<K extends string, T>(
  key: K,
  items: T[],
  total: number,
  req: CursorPageRequest,
): THalPage<K, T> {
  const totalPages = totalPagesOf(total, req.perPage);
  const paging = ["before", "after", "page"] as const;
  const perPage = ["per_page", String(req.perPage)] as const;
  const links: THalPage<K, T>["_links"] = {
    self: linkTo(req.url, []),
    first: linkTo(req.url, paging, [perPage]),
    last: linkTo(req.url, paging, [perPage, ["page", String(totalPages)]]),
  };
  if (req.next !== undefined) links.next = linkTo(req.url, paging, [perPage, ["after", req.next]]);
  if (req.prev !== undefined)
    links.prev = linkTo(req.url, paging, req.prev === null ? [perPage] : [perPage, ["before", req.prev]]);
  const page = Math.min(totalPages, Math.floor(req.ahead / req.perPage) + 1);
  return pageOf(key, items, total, req.perPage, page, links);
}

export function offsetOf(req: { page: number; perPage: number }) {
  return (req.page - 1) * req.perPage;
}
