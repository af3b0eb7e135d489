/** A page number clamped between 1 and the page count; anything unreadable is 1 (docs/product/platform.md §5). */
export function clampPage(page: unknown, pageCount: unknown): number {
  const count = Math.max(1, Math.floor(Number(pageCount)) || 1);
  const n = Math.floor(Number(page));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, count);
}
