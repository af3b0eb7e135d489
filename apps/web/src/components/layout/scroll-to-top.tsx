import { useEffect } from "react";
import { useLocation } from "react-router";

/** The page scrolls to the top on every route change (docs/product/platform.md §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}
