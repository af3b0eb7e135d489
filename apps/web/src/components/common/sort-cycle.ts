/** Sort headers cycle none → asc → desc → none (docs/product/platform.md §4 "Sort"; docs/product/reviews.md §4 "Keyword sort"). */
export type TSortDirection = "asc" | "desc" | null;
export type TSort = { by: string; order: Exclude<TSortDirection, null> } | null;

export function nextSortDirection(current: TSortDirection): TSortDirection {
  if (current === null) return "asc";
  return current === "asc" ? "desc" : null;
}

/** The sort after clicking a column: another column starts at asc; the same column moves on in the cycle. */
export function nextSort(current: TSort, column: string): TSort {
  const direction = nextSortDirection(current?.by === column ? current.order : null);
  return direction ? { by: column, order: direction } : null;
}
