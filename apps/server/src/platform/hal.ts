import type { THalPage } from "@starboard/contract/hal";

export interface PageRequest {
  /** Path under /api with the query the client sent; page links keep its other parameters. */
  url: string;
  page: number;
  perPage: number;
}

/** Shapes rows into the HAL page every list answers with. */
export function halPage<K extends string, T>(key: K, items: T[], total: number, req: PageRequest): THalPage<K, T> {
  const totalPages = Math.max(1, Math.ceil(total / req.perPage));
  const href = (page: number) => {
    const u = new URL(req.url, "http://x");
    u.searchParams.delete("nonce");
    u.searchParams.set("page", String(page));
    u.searchParams.set("per_page", String(req.perPage));
    return { href: `${u.pathname}${u.search}` };
  };
  const links: THalPage<K, T>["_links"] = { self: href(req.page), first: href(1), last: href(totalPages) };
  if (req.page > 1) links.prev = href(Math.min(req.page - 1, totalPages));
  if (req.page < totalPages) links.next = href(req.page + 1);
  return {
    _embedded: { [key]: items } as Record<K, T[]>,
    _links: links,
    _page: req.page,
    _total_pages: totalPages,
    _total: total,
    per_page: req.perPage,
    page_count: items.length,
  };
}

export function offsetOf(req: { page: number; perPage: number }) {
  return (req.page - 1) * req.perPage;
}
