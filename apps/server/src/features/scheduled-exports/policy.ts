import { definePolicy } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";

/** An Admin reaches every scheduled export of the account; other users only their own (docs/product/platform.md §6). */
export const isAdmin = (actor: Actor) => actor.userType === "admin";
const ownOrAdmin = (actor: Actor, record: { created_by_user_id: string }) =>
  isAdmin(actor) || record.created_by_user_id === actor.user.id;

export const scheduledExportPolicy = definePolicy<{ account_id: string; created_by_user_id: string }>(
  "scheduled_export",
  { read: ownOrAdmin, update: ownOrAdmin, delete: ownOrAdmin },
);
