import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "../../lib/search-params";
import { COLLAPSED_FLYOUT_KEY, useScheduleExportRequest } from "./store";

/** The flyout is its own chunk, loaded only once something asks for it: the shell's first load stays small. */
const Flyout = lazy(() => import("./flyout").then((m) => ({ default: m.ScheduleExportFlyout })));

function rememberedOpen(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_FLYOUT_KEY) === "false";
  } catch {
    return false;
  }
}

/**
 * The Schedule Export flyout, mounted once in the app layout: from the first time an export menu opens it, a
 * link edits a scheduled export (flyout_edit=true), or the flyout was left open (collapsedFlyout), it stays mounted.
 */
export function ScheduleExportMount() {
  const request = useScheduleExportRequest();
  const [params] = useSearchParams();
  const [loaded, setLoaded] = useState(false);
  const wanted = loaded || request !== null || params.get("flyout_edit") === "true" || rememberedOpen();
  if (wanted && !loaded) setLoaded(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Flyout />
    </Suspense>
  );
}
