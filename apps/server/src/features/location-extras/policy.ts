import { definePolicy } from "../../platform/access.ts";

/** Directory-specific overrides: the local_listing permissions (create covers edits, docs/product/locations.md §6). */
export const overridePolicy = definePolicy<{ account_id: string }>("local_listing");
