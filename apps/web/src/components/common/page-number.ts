/** A page number clamped between 1 and the page count; anything unreadable is 1 (docs/product/platform.md §5). */
export function clampPage(page: unknown, pageCount: unknown): number {
  const count = Math.max(1, Math.floor(Number(pageCount)) || 1);
  const n = Math.floor(Number(page));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, count);
}

/** The page a `page` query value asks for (before the page count is known): 1 when absent or unreadable. */
export function requestedPage(raw: string | null | undefined): number {
  return raw === null || raw === undefined ? 1 : clampPage(raw, Number.MAX_SAFE_INTEGER);
}

/**
 * What the URL's `page` should become once the page count is known (docs/product/platform.md §5: clamped
 * between 1 and the page count, default 1): the clamped number, null to drop the key (page 1), or
 * undefined when the URL is already right.
 */
export function pageParamFix(raw: string | null | undefined, pageCount: number): string | null | undefined {
  if (raw === null || raw === undefined) return undefined;
  const page = clampPage(raw, pageCount);
  const next = page === 1 ? null : String(page);
  return next === raw ? undefined : next;
}
