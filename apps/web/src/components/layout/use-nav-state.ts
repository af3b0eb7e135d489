import { useCallback, useState } from "react";
import { readJson, readStorage, writeJson, writeStorage } from "../../lib/local-storage";

/** Navigation widths (docs/product/platform.md §2): 256 px open, 56 px collapsed, at most 300. */
export const NAV_WIDTH_OPEN = 256;
export const NAV_WIDTH_COLLAPSED = 56;
export const NAV_WIDTH_MAX = 300;
export const NAV_WIDTH_MIN = 200;
/** Below this width the layout switches to the mobile navigation (docs/product/platform.md §9). */
export const MOBILE_BREAKPOINT = 1100;

export const COLLAPSED_NAV_KEY = "collapsedNav";
export const COLLAPSED_NAV_LOCK_KEY = "collapsedNavLocked";
export const EXPANDED_NAV_KEY = "expanded-nav";

export function useNavState() {
  const [collapsed, setCollapsedState] = useState(() => readStorage(COLLAPSED_NAV_KEY) === "true");
  const [locked, setLockedState] = useState(() => readStorage(COLLAPSED_NAV_LOCK_KEY) === "true");
  const [width, setWidthState] = useState(NAV_WIDTH_OPEN);
  const [expanded, setExpanded] = useState<Record<string, boolean>>(() => {
    const stored = readJson<unknown>(EXPANDED_NAV_KEY, {});
    return stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, boolean>) : {};
  });

  /** Collapse or expand; a locked navigation keeps its state. */
  const setCollapsed = useCallback(
    (next: boolean) => {
      if (locked) return;
      setCollapsedState(next);
      writeStorage(COLLAPSED_NAV_KEY, String(next));
    },
    [locked],
  );

  const setLocked = useCallback((next: boolean) => {
    setLockedState(next);
    writeStorage(COLLAPSED_NAV_LOCK_KEY, String(next));
  }, []);

  const setWidth = useCallback((next: number) => {
    setWidthState(Math.round(Math.min(NAV_WIDTH_MAX, Math.max(NAV_WIDTH_MIN, next))));
  }, []);

  const toggleGroup = useCallback((key: string, open?: boolean) => {
    setExpanded((prev) => {
      const next = { ...prev, [key]: open ?? !prev[key] };
      writeJson(EXPANDED_NAV_KEY, next);
      return next;
    });
  }, []);

  return {
    collapsed,
    setCollapsed,
    locked,
    setLocked,
    width: collapsed ? NAV_WIDTH_COLLAPSED : width,
    openWidth: width,
    setWidth,
    expanded,
    toggleGroup,
  };
}

export type NavState = ReturnType<typeof useNavState>;
