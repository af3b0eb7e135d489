// overviewSpans: which days of an account's overview are read from its week rows (migration 0040) and which from
// its day rows. What the overview adds up is right only if every day of the range is read exactly once, and a
// week's row falls in one period and one bucket.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, bucketOf, type Granularity, overviewSpans } from "./filters.ts";

const DAY0 = "2023-01-01";
const dayArb = fc.integer({ min: 0, max: 800 }).map((n) => addDays(DAY0, n));

describe("overviewSpans", () => {
  it("reads every day of the range once, each week whole in one period and, in the current one, in one bucket", () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom<Granularity>("day", "week", "month"),
        (from, length, granularity) => {
          const to = addDays(from, length - 1);
          const previousFrom = addDays(from, -length);
          const { weeks, days } = overviewSpans(previousFrom, from, to, granularity);
          const read = [...days, ...weeks.flatMap((w) => [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(w, i)))].sort();
          const expected = Array.from({ length: 2 * length }, (_, i) => addDays(previousFrom, i));
          expect(read).toEqual(expected);
          for (const week of weeks) {
            const sunday = addDays(week, 6);
            expect(bucketOf(week, "week")).toBe(week);
            const current = week >= from;
            expect(sunday >= from).toBe(current);
            if (current) {
              expect(granularity).not.toBe("day");
              expect(bucketOf(sunday, granularity)).toBe(bucketOf(week, granularity));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads no day when both periods are whole weeks, and every day of the current period by day", () => {
    // Monday 2024-02-05 to Sunday 2024-03-24: seven weeks, the previous period seven weeks too.
    expect(overviewSpans("2023-12-18", "2024-02-05", "2024-03-24", "week")).toEqual({
      weeks: Array.from({ length: 14 }, (_, i) => addDays("2023-12-18", 7 * i)),
      days: [],
    });
    const byDay = overviewSpans("2024-01-29", "2024-02-12", "2024-02-25", "day");
    expect(byDay.weeks).toEqual(["2024-01-29", "2024-02-05"]);
    expect(byDay.days).toHaveLength(14);
    // By month, the week of Monday 2024-01-29 crosses into February: read by day; the next weeks are whole.
    const byMonth = overviewSpans("2023-07-01", "2024-01-01", "2024-06-30", "month");
    expect(byMonth.days).toContain("2024-01-29");
    expect(byMonth.weeks).toContain("2024-02-05");
    expect(byMonth.weeks).not.toContain("2024-01-29");
  });
});
