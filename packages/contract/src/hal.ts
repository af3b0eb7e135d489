import { z } from "./zod.ts";

/** The HAL page every list answers with. */
export interface THalPage<K extends string, T> {
  _embedded: Record<K, T[]>;
  _links: {
    self: { href: string };
    first: { href: string };
    prev?: { href: string };
    next?: { href: string };
    last: { href: string };
  };
  _page: number;
  _total_pages: number;
  _total: number;
  per_page: number;
  page_count: number;
}

const ZLink = z.object({ href: z.string() });
export function ZHalPageSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    _embedded: z.object({ [key]: z.array(item) } as Record<K, z.ZodArray<T>>),
    _links: z.object({
      self: ZLink,
      first: ZLink,
      prev: ZLink.optional(),
      next: ZLink.optional(),
      last: ZLink,
    }),
    _page: z.number(),
    _total_pages: z.number(),
    _total: z.number(),
    per_page: z.number(),
    page_count: z.number(),
  });
}

/** Query parameters every list accepts. */
export const ZListQuerySchema = z.object({
  account_id: z.string().optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(25),
  keywords: z.string().max(200).optional(),
  search_type: z.enum(["typeahead", "full"]).optional(),
  "sort[by]": z.string().max(100).optional(),
  "sort[order]": z.string().max(100).optional(),
  nonce: z.string().optional(),
});
export type TListQuery = z.infer<typeof ZListQuerySchema>;

export const MEDIA_TYPE = "application/vnd.starboard.v2.hal+json";

/**
 * ReviewTrackers' media types, `application/vnd.rtx.<resource>.v2.hal+json` (any resource name): accepted as
 * Accept and Content-Type (JSON bodies) so their API clients work unchanged, and answered in kind.
 */
export const RTX_MEDIA_TYPE_PATTERN = /^application\/vnd\.rtx\.[a-z0-9_.-]+\.v2\.hal\+json/i;
