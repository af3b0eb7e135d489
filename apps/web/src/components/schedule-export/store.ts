import type { TScheduledExportFilters } from "@starboard/contract/scheduled-exports";
import { useSyncExternalStore } from "react";

/**
 * The one channel between a page's export menu ("Schedule Export") and the Schedule Export flyout
 * mounted once in the app layout (docs/product/platform.md §2). The page says which export type it
 * offers; the flyout reads the page's current filters from the address, and takes the ones the page
 * gives on top (a microsurvey's star scale, normalize_star_rating, which the address may not hold).
 */
export interface ScheduleExportRequest {
  /** The export type of the page (docs/product/platform.md §3, Scheduled export: export_type). */
  exportType: string;
  /** Filters to save on top of the address's (§3, Scheduled export: filters). */
  filters?: TScheduledExportFilters;
  /** An existing scheduled export being edited. */
  scheduledExportId?: string;
}

/** localStorage: "false" while the flyout is open (docs/product/platform.md §4, Flyout). */
export const COLLAPSED_FLYOUT_KEY = "collapsedFlyout";

let current: ScheduleExportRequest | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function openScheduleExport(request: ScheduleExportRequest) {
  current = request;
  emit();
}

export function closeScheduleExport() {
  current = null;
  emit();
}

export function useScheduleExportRequest(): ScheduleExportRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
