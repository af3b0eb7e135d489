import { lazy, type ReactNode, Suspense } from "react";
import type { FilterBarExtension, FilterBarExtras } from "../../components/layout/filter-bar-extensions";
import { isReviewsPath } from "../../lib/filters";

/** The dropdowns (and the status labels' API) load with the review list, not with every page's first load. */
const ReviewFilterExtras = lazy(() => import("./filter-bar-extras"));

function Extras({ children }: { children: (extras: FilterBarExtras) => ReactNode }) {
  return (
    <Suspense fallback={children({})}>
      <ReviewFilterExtras>{children}</ReviewFilterExtras>
    </Suspense>
  );
}

/** The review list's status and type dropdowns in the shared filter bar (docs/product/reviews.md §2). */
export const reviewsFilterBarExtension: FilterBarExtension = { matches: isReviewsPath, Extras };
