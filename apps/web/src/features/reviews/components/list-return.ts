/**
 * The review list's whole query (filters, page, cursors) travels to a review's detail and history
 * pages in the router's location state (`{ list: "?…" }`), so "Back to reviews" lands on the same
 * reviews. The state lives in the browser's history entry, so a reload keeps it; without it (a
 * link opened in a new tab, a bookmark) the way back is the list's default.
 * The detail page's address stays /reviews/{id}.
 */
export type TListReturnState = { list: string };

const strip = (search: string) => (search.startsWith("?") ? search.slice(1) : search);

/** The state a link to a review's page carries: the list's query string (e.g. "?dateDescriptor=allTime&page=2"). */
export function listReturnState(listSearch: string): TListReturnState {
  return { list: strip(listSearch) };
}

/** The list's query carried in a detail page's location state ("" when it came without one). */
export function listQueryOf(state: unknown): string {
  if (state && typeof state === "object" && "list" in state && typeof state.list === "string") return state.list;
  return "";
}

/** Where "Back to reviews" goes: the list with the query it was left with. */
export function reviewsListPath(listQuery: string): string {
  const query = strip(listQuery);
  return query ? `/reviews?${query}` : "/reviews";
}
