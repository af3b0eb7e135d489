/** The locations list's query in the URL (docs/product/locations.md §2): sort, keywords, group and page. */
export type TListState = {
  sortBy: "name" | "relevance";
  sortOrder: "asc" | "desc";
  keywords: string;
  groupId: string;
  page: number;
};

export function readListState(params: URLSearchParams): TListState {
  const keywords = params.get("keywords") ?? "";
  const by = params.get("sort[by]");
  const order = params.get("sort[order]");
  const page = Number(params.get("page") ?? 1);
  return {
    sortBy: by === "relevance" && keywords ? "relevance" : "name",
    sortOrder: order === "desc" ? "desc" : "asc",
    keywords,
    groupId: params.get("group_id") ?? "",
    page: Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1,
  };
}

/** The URL of a list state (defaults left out). */
export function writeListState(state: TListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.sortBy !== "name") out.set("sort[by]", state.sortBy);
  if (state.sortOrder !== "asc") out.set("sort[order]", state.sortOrder);
  if (state.keywords) {
    out.set("keywords", state.keywords);
    out.set("search_type", "full");
  }
  if (state.groupId) out.set("group_id", state.groupId);
  if (state.page > 1) out.set("page", String(state.page));
  return out;
}
