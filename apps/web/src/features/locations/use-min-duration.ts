import { useEffect, useState } from "react";

/** The loading skeleton shows for at least 500 ms (docs/product/locations.md §2). */
export const MIN_SKELETON_MS = 500;

/** True while `loading`, and until `ms` have passed since the component mounted (or the key changed). */
export function useMinDuration(loading: boolean, key: unknown = null, ms = MIN_SKELETON_MS): boolean {
  const [held, setHeld] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the hold when the key changes
  useEffect(() => {
    setHeld(true);
    const timer = setTimeout(() => setHeld(false), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return loading || held;
}
