/** Character-limited textarea (docs/product/platform.md §5): '{n} characters remaining', or '{n} characters too many' over the limit. */
export function charCount(value: string, limit: number): { message: string; over: boolean; remaining: number } {
  const remaining = limit - [...value].length;
  if (remaining < 0) return { message: `${-remaining} characters too many`, over: true, remaining };
  return { message: `${remaining} characters remaining`, over: false, remaining };
}
