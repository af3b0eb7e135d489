import { REVIEW_TYPES, type TReviewType } from "@starboard/contract/reviews";
import { type ReactNode, useMemo } from "react";
import type { TExtraDropdown } from "../../components/filter-bar/filter-bar";
import type { FilterBarExtras } from "../../components/layout/filter-bar-extensions";
import { useCan } from "../../lib/authorization";
import { useReviewStatusLabels } from "./api/get-review-status-labels";

/** Status filter (docs/product/reviews.md §2): the account's review status labels, then responded / not responded. */
export const RESPONSE_STATUS_OPTIONS = [
  { value: "responded", label: "Responded" },
  { value: "not_responded", label: "Not responded" },
] as const;

/** Type filter labels (docs/api.md "Review list": `type`). */
export const REVIEW_TYPE_LABELS: Record<TReviewType, string> = {
  with_text: "With text",
  rating_only: "Rating only",
  with_images: "With images",
  with_response: "With response",
  without_response: "Without response",
};

const TYPE_DROPDOWN: TExtraDropdown = {
  nullLabel: "All types",
  options: REVIEW_TYPES.map((value) => ({ value, label: REVIEW_TYPE_LABELS[value] })),
  countLabel: (n) => `${n} types selected`,
};

/** The status and type dropdowns of the review list's filter bar. */
export default function ReviewFilterExtras({ children }: { children: (extras: FilterBarExtras) => ReactNode }) {
  const canReadLabels = useCan("read", "review_status_label");
  const labels = useReviewStatusLabels(canReadLabels);
  const extras = useMemo<FilterBarExtras>(
    () => ({
      status: {
        nullLabel: "All statuses",
        options: [...(labels.data ?? []).map((l) => ({ value: l.id, label: l.name })), ...RESPONSE_STATUS_OPTIONS],
        countLabel: (n: number) => `${n} statuses selected`,
      },
      type: TYPE_DROPDOWN,
    }),
    [labels.data],
  );
  return children(extras);
}
