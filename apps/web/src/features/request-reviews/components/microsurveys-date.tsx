import { DateRangeSelect } from "../../../components/date-range/date-range-select";
import { useFilters } from "../../../lib/filters";
import { useSignedInSession } from "../../../lib/session";

/**
 * The date range of the ask tool's overview and microsurvey summaries, kept in the address like the shared
 * filter bar's (dateDescriptor, from, to; six months by default), so Schedule Export reads the same range.
 */
export function useAskDateQuery() {
  const { filters, dateDescriptor } = useFilters();
  return dateDescriptor === "custom" && filters.from && filters.to
    ? { dateDescriptor, from: filters.from, to: filters.to }
    : { dateDescriptor };
}

export function AskDateRange() {
  const { filters, setFilters } = useFilters();
  const session = useSignedInSession();
  return (
    <div style={{ minWidth: 220 }}>
      <DateRangeSelect
        value={filters}
        kind="page"
        timeZone={session.account.time_zone}
        onChange={(change) => setFilters(change)}
      />
    </div>
  );
}
