import { FilterCombobox } from "./filter-combobox.tsx";
import type { TFilterOption } from "./filter-options.ts";

export type StaticFilterProps = {
  /** Accessible name, e.g. "Rating". */
  label: string;
  nullLabel: string;
  options: TFilterOption[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  multiple?: boolean;
  /** 'N … selected'; defaults to 'N selected'. */
  countLabel?: (n: number) => string;
};

/** A dropdown over a fixed option list (rating, sentiment, category, review status and type). */
export function StaticFilter({ countLabel = (n) => `${n} selected`, ...props }: StaticFilterProps) {
  return <FilterCombobox {...props} countLabel={countLabel} />;
}
