import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALL_TIME_NOT_SUPPORTED_MESSAGE,
  computeDateRange,
  DATE_DESCRIPTOR_GROUPS,
  DATE_DESCRIPTOR_LABELS,
  DATE_DESCRIPTORS,
  DATE_GROUP_HEADINGS,
  DATE_REQUIRED_MESSAGE,
  DEFAULT_DATE_DESCRIPTOR,
  formatMdy,
  INVALID_DATE_RANGE_MESSAGE,
  isPresetDescriptor,
  parseMdy,
  SELECT_PRESET_DATE_MESSAGE,
  scheduleExportDateBlocker,
  type TComputableDateDescriptor,
  type TDateRange,
  todayInTimeZone,
  validateCustomRange,
  visibleDateOptions,
  ZDateDescriptorSchema,
  ZIsoDateSchema,
} from "./date-ranges.ts";

const COMPUTABLE = DATE_DESCRIPTORS.filter((d): d is TComputableDateDescriptor => d !== "custom");

function at(now: string, timeZone = "UTC", weekStartsOn?: 0 | 1) {
  const options = { now: new Date(now), timeZone, ...(weekStartsOn === undefined ? {} : { weekStartsOn }) };
  return (descriptor: TComputableDateDescriptor) => computeDateRange(descriptor, options);
}

const r = (from: string | null, to: string): TDateRange => ({ from, to });

/** Inclusive number of calendar days in a range, counted independently of the module (UTC dates). */
function dayCount({ from, to }: TDateRange): number {
  if (from === null) throw new Error("open range");
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

describe("descriptor constants", () => {
  it("lists the eighteen descriptors and validates them with zod", () => {
    expect(DATE_DESCRIPTORS).toHaveLength(18);
    expect(ZDateDescriptorSchema.parse("sevenDays")).toBe("sevenDays");
    expect(ZDateDescriptorSchema.safeParse("lastWeek").success).toBe(false);
    expect(ZDateDescriptorSchema.safeParse(undefined).success).toBe(false);
  });

  it("labels every descriptor", () => {
    for (const d of DATE_DESCRIPTORS) expect(DATE_DESCRIPTOR_LABELS[d]).toBeTruthy();
    expect(DATE_DESCRIPTOR_LABELS.today).toBe("Today");
    expect(DATE_DESCRIPTOR_LABELS.sevenDays).toBe("Last 7 days");
    expect(DATE_DESCRIPTOR_LABELS.mtd).toBe("Month to date");
    expect(DATE_DESCRIPTOR_LABELS.allTime).toBe("All time");
    expect(DATE_DESCRIPTOR_LABELS.custom).toBe("Custom");
  });

  it("groups every descriptor exactly once under the six headings, in order", () => {
    expect(DATE_DESCRIPTOR_GROUPS.map((g) => g.heading)).toEqual([...DATE_GROUP_HEADINGS]);
    const grouped = DATE_DESCRIPTOR_GROUPS.flatMap((g) => g.descriptors);
    expect([...grouped].sort()).toEqual([...DATE_DESCRIPTORS].sort());
  });

  it("defaults: shared control seven days, pages six months, reviews and keywords thirty days", () => {
    expect(DEFAULT_DATE_DESCRIPTOR).toEqual({
      shared: "sevenDays",
      page: "sixMonths",
      reviews: "thirtyDays",
      keywords: "thirtyDays",
    });
  });

  it("lists visible options without the hidden ones and drops emptied groups", () => {
    const all = visibleDateOptions();
    expect(all.flatMap((g) => g.options.map((o) => o.value))).toEqual(
      DATE_DESCRIPTOR_GROUPS.flatMap((g) => g.descriptors),
    );
    expect(all[0]?.options[2]).toEqual({ value: "sevenDays", label: "Last 7 days" });

    const withoutFourteen = visibleDateOptions(["fourteenDays"]);
    expect(withoutFourteen.find((g) => g.heading === "RECENT")?.options.map((o) => o.value)).toEqual([
      "today",
      "yesterday",
      "sevenDays",
      "thirtyDays",
    ]);

    const withoutWeek = visibleDateOptions(new Set(["lastCalendarWeek"] as const));
    expect(withoutWeek.map((g) => g.heading)).toEqual(["RECENT", "MONTH", "QUARTER", "YEAR", "OTHER"]);
  });

  it("treats all but custom and allTime as presets and gives the Schedule Export tooltips", () => {
    expect(DATE_DESCRIPTORS.filter((d) => !isPresetDescriptor(d))).toEqual(["allTime", "custom"]);
    expect(isPresetDescriptor(null)).toBe(false);
    expect(isPresetDescriptor(undefined)).toBe(false);
    expect(scheduleExportDateBlocker("allTime")).toBe(ALL_TIME_NOT_SUPPORTED_MESSAGE);
    expect(ALL_TIME_NOT_SUPPORTED_MESSAGE).toBe("All time date option is not supported");
    expect(scheduleExportDateBlocker("custom")).toBe(SELECT_PRESET_DATE_MESSAGE);
    expect(scheduleExportDateBlocker(undefined)).toBe(SELECT_PRESET_DATE_MESSAGE);
    expect(SELECT_PRESET_DATE_MESSAGE).toBe("Select a preset date option");
    expect(scheduleExportDateBlocker("thirtyDays")).toBeNull();
  });
});

describe("computeDateRange on an ordinary day (Wednesday 2026-05-20, UTC)", () => {
  const range = at("2026-05-20T12:00:00Z");
  it.each<[TComputableDateDescriptor, TDateRange]>([
    ["today", r("2026-05-20", "2026-05-20")],
    ["yesterday", r("2026-05-19", "2026-05-19")],
    ["sevenDays", r("2026-05-14", "2026-05-20")],
    ["fourteenDays", r("2026-05-07", "2026-05-20")],
    ["thirtyDays", r("2026-04-21", "2026-05-20")],
    ["threeMonths", r("2026-02-21", "2026-05-20")],
    ["sixMonths", r("2025-11-21", "2026-05-20")],
    ["twelveMonths", r("2025-05-21", "2026-05-20")],
    ["twoYears", r("2024-05-21", "2026-05-20")],
    ["lastCalendarWeek", r("2026-05-10", "2026-05-16")],
    ["lastCalendarYear", r("2025-01-01", "2025-12-31")],
    ["prevMonth", r("2026-04-01", "2026-04-30")],
    ["prevQuarter", r("2026-01-01", "2026-03-31")],
    ["mtd", r("2026-05-01", "2026-05-20")],
    ["qtd", r("2026-04-01", "2026-05-20")],
    ["ytd", r("2026-01-01", "2026-05-20")],
    ["allTime", r(null, "2026-05-20")],
  ])("%s", (descriptor, expected) => {
    expect(range(descriptor)).toEqual(expected);
  });

  it("covers every computable descriptor", () => {
    for (const d of COMPUTABLE) expect(range(d).to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("rejects custom at runtime", () => {
    expect(() => computeDateRange("custom" as TComputableDateDescriptor, { now: new Date(), timeZone: "UTC" })).toThrow(
      RangeError,
    );
  });
});

describe("lastCalendarWeek", () => {
  it("is the previous Sunday–Saturday week by default", () => {
    expect(at("2026-05-17T12:00:00Z")("lastCalendarWeek")).toEqual(r("2026-05-10", "2026-05-16")); // Sunday
    expect(at("2026-05-16T12:00:00Z")("lastCalendarWeek")).toEqual(r("2026-05-03", "2026-05-09")); // Saturday
  });

  it("is the previous Monday–Sunday week with weekStartsOn 1", () => {
    expect(at("2026-05-20T12:00:00Z", "UTC", 1)("lastCalendarWeek")).toEqual(r("2026-05-11", "2026-05-17"));
    expect(at("2026-05-17T12:00:00Z", "UTC", 1)("lastCalendarWeek")).toEqual(r("2026-05-04", "2026-05-10")); // Sunday
    expect(at("2026-05-18T12:00:00Z", "UTC", 1)("lastCalendarWeek")).toEqual(r("2026-05-11", "2026-05-17")); // Monday
  });

  it("crosses a year boundary", () => {
    // Thursday 2026-01-01: the week began on Sunday 2025-12-28.
    expect(at("2026-01-01T12:00:00Z")("lastCalendarWeek")).toEqual(r("2025-12-21", "2025-12-27"));
  });
});

describe("month, quarter and year boundaries", () => {
  it("on January 1st", () => {
    const range = at("2026-01-01T00:00:00Z");
    expect(range("yesterday")).toEqual(r("2025-12-31", "2025-12-31"));
    expect(range("sevenDays")).toEqual(r("2025-12-26", "2026-01-01"));
    expect(range("threeMonths")).toEqual(r("2025-10-02", "2026-01-01"));
    expect(range("twelveMonths")).toEqual(r("2025-01-02", "2026-01-01"));
    expect(range("prevMonth")).toEqual(r("2025-12-01", "2025-12-31"));
    expect(range("prevQuarter")).toEqual(r("2025-10-01", "2025-12-31"));
    expect(range("lastCalendarYear")).toEqual(r("2025-01-01", "2025-12-31"));
    expect(range("mtd")).toEqual(r("2026-01-01", "2026-01-01"));
    expect(range("qtd")).toEqual(r("2026-01-01", "2026-01-01"));
    expect(range("ytd")).toEqual(r("2026-01-01", "2026-01-01"));
  });

  it("on March 31st (end of Q1; month windows clamp short months)", () => {
    const range = at("2026-03-31T23:59:59Z");
    expect(range("threeMonths")).toEqual(r("2026-01-01", "2026-03-31"));
    expect(range("sixMonths")).toEqual(r("2025-10-01", "2026-03-31")); // Sep 31 clamps to Sep 30
    expect(range("twelveMonths")).toEqual(r("2025-04-01", "2026-03-31"));
    expect(range("prevMonth")).toEqual(r("2026-02-01", "2026-02-28"));
    expect(range("prevQuarter")).toEqual(r("2025-10-01", "2025-12-31"));
    expect(range("qtd")).toEqual(r("2026-01-01", "2026-03-31"));
    expect(range("mtd")).toEqual(r("2026-03-01", "2026-03-31"));
  });

  it("on April 1st (start of Q2)", () => {
    const range = at("2026-04-01T00:00:00Z");
    expect(range("yesterday")).toEqual(r("2026-03-31", "2026-03-31"));
    expect(range("prevMonth")).toEqual(r("2026-03-01", "2026-03-31"));
    expect(range("prevQuarter")).toEqual(r("2026-01-01", "2026-03-31"));
    expect(range("qtd")).toEqual(r("2026-04-01", "2026-04-01"));
    expect(range("threeMonths")).toEqual(r("2026-01-02", "2026-04-01"));
  });

  it("on May 31st a three-month window starts on March 1st (Feb 31 clamps to Feb 28)", () => {
    expect(at("2026-05-31T12:00:00Z")("threeMonths")).toEqual(r("2026-03-01", "2026-05-31"));
  });

  it("on December 31st", () => {
    const range = at("2026-12-31T12:00:00Z");
    expect(range("thirtyDays")).toEqual(r("2026-12-02", "2026-12-31"));
    expect(range("sixMonths")).toEqual(r("2026-07-01", "2026-12-31")); // Jun 31 clamps to Jun 30
    expect(range("prevMonth")).toEqual(r("2026-11-01", "2026-11-30"));
    expect(range("prevQuarter")).toEqual(r("2026-07-01", "2026-09-30"));
    expect(range("qtd")).toEqual(r("2026-10-01", "2026-12-31"));
    expect(range("ytd")).toEqual(r("2026-01-01", "2026-12-31"));
    expect(range("lastCalendarYear")).toEqual(r("2025-01-01", "2025-12-31"));
  });

  it("prevQuarter for each quarter", () => {
    expect(at("2026-02-15T12:00:00Z")("prevQuarter")).toEqual(r("2025-10-01", "2025-12-31"));
    expect(at("2026-06-30T12:00:00Z")("prevQuarter")).toEqual(r("2026-01-01", "2026-03-31"));
    expect(at("2026-08-01T12:00:00Z")("prevQuarter")).toEqual(r("2026-04-01", "2026-06-30"));
    expect(at("2026-11-11T12:00:00Z")("prevQuarter")).toEqual(r("2026-07-01", "2026-09-30"));
  });
});

describe("leap years", () => {
  it("on February 29th", () => {
    const range = at("2028-02-29T12:00:00Z");
    expect(range("sevenDays")).toEqual(r("2028-02-23", "2028-02-29"));
    expect(range("mtd")).toEqual(r("2028-02-01", "2028-02-29"));
    expect(range("prevMonth")).toEqual(r("2028-01-01", "2028-01-31"));
    expect(range("twelveMonths")).toEqual(r("2027-03-01", "2028-02-29")); // 2027-02-29 clamps to Feb 28
    expect(range("twoYears")).toEqual(r("2026-03-01", "2028-02-29"));
    expect(dayCount(range("twelveMonths"))).toBe(366);
  });

  it("the day after February 29th", () => {
    const range = at("2028-03-01T12:00:00Z");
    expect(range("yesterday")).toEqual(r("2028-02-29", "2028-02-29"));
    expect(range("prevMonth")).toEqual(r("2028-02-01", "2028-02-29"));
    expect(range("thirtyDays")).toEqual(r("2028-02-01", "2028-03-01"));
  });

  it("a year window that contains a leap day has 366 days", () => {
    const range = at("2025-02-28T12:00:00Z");
    expect(range("twelveMonths")).toEqual(r("2024-02-29", "2025-02-28"));
    expect(dayCount(range("twelveMonths"))).toBe(366);
    expect(at("2025-03-15T12:00:00Z")("lastCalendarYear")).toEqual(r("2024-01-01", "2024-12-31"));
  });

  it("century rules: 2100 is not a leap year, 2000 is", () => {
    expect(at("2100-03-01T12:00:00Z")("prevMonth")).toEqual(r("2100-02-01", "2100-02-28"));
    expect(at("2000-03-01T12:00:00Z")("prevMonth")).toEqual(r("2000-02-01", "2000-02-29"));
  });
});

describe("time zones", () => {
  it("uses the account's local date, not the UTC date", () => {
    const now = "2026-03-01T03:00:00Z"; // 19:00 on Feb 28 in Los Angeles
    expect(todayInTimeZone(new Date(now), "America/Los_Angeles")).toBe("2026-02-28");
    const la = at(now, "America/Los_Angeles");
    expect(la("today")).toEqual(r("2026-02-28", "2026-02-28"));
    expect(la("mtd")).toEqual(r("2026-02-01", "2026-02-28"));
    expect(la("prevMonth")).toEqual(r("2026-01-01", "2026-01-31"));
    const utc = at(now, "UTC");
    expect(utc("today")).toEqual(r("2026-03-01", "2026-03-01"));
    expect(utc("prevMonth")).toEqual(r("2026-02-01", "2026-02-28"));
  });

  it("handles zones ahead of UTC, including a new year there first", () => {
    const now = "2026-12-31T12:00:00Z"; // 02:00 on Jan 1 2027 in Kiritimati (UTC+14)
    expect(at(now, "Pacific/Kiritimati")("ytd")).toEqual(r("2027-01-01", "2027-01-01"));
    expect(at(now, "Pacific/Kiritimati")("lastCalendarYear")).toEqual(r("2026-01-01", "2026-12-31"));
    expect(todayInTimeZone(new Date("2026-06-30T18:29:59Z"), "Asia/Kolkata")).toBe("2026-06-30");
    expect(todayInTimeZone(new Date("2026-06-30T18:30:00Z"), "Asia/Kolkata")).toBe("2026-07-01");
  });

  it("throws on an unknown time zone", () => {
    expect(() => at("2026-05-20T12:00:00Z", "Mars/Olympus_Mons")("today")).toThrow(RangeError);
  });
});

describe("daylight-saving changes keep day counts right", () => {
  const counts = (range: (d: TComputableDateDescriptor) => TDateRange) =>
    [range("sevenDays"), range("fourteenDays"), range("thirtyDays")].map(dayCount);

  it.each([
    // America/New_York springs forward at 2026-03-08 07:00Z (02:00 EST → 03:00 EDT).
    ["2026-03-08T06:59:00Z", "America/New_York", "2026-03-08"],
    ["2026-03-08T07:00:00Z", "America/New_York", "2026-03-08"],
    ["2026-03-09T03:59:00Z", "America/New_York", "2026-03-08"],
    ["2026-03-09T04:00:00Z", "America/New_York", "2026-03-09"],
    // America/New_York falls back at 2026-11-01 06:00Z (02:00 EDT → 01:00 EST); 01:30 happens twice.
    ["2026-11-01T05:30:00Z", "America/New_York", "2026-11-01"],
    ["2026-11-01T06:30:00Z", "America/New_York", "2026-11-01"],
    ["2026-11-02T04:59:00Z", "America/New_York", "2026-11-01"],
    ["2026-11-02T05:00:00Z", "America/New_York", "2026-11-02"],
    // Europe/Berlin springs forward at 2026-03-29 01:00Z (02:00 CET → 03:00 CEST).
    ["2026-03-28T23:30:00Z", "Europe/Berlin", "2026-03-29"],
    ["2026-03-29T21:59:00Z", "Europe/Berlin", "2026-03-29"],
    ["2026-03-29T22:00:00Z", "Europe/Berlin", "2026-03-30"],
  ])("%s in %s is %s", (now, timeZone, today) => {
    const range = at(now, timeZone);
    expect(range("today")).toEqual(r(today, today));
    expect(counts(range)).toEqual([7, 14, 30]);
    for (const d of COMPUTABLE) expect(range(d).to <= today).toBe(true);
  });

  it("a window spanning the change starts on the right day (24-hour steps would be off by one)", () => {
    // 00:30 EDT on Mar 9: six 24-hour steps back land on 23:30 EST Mar 2, but the window starts Mar 3.
    expect(at("2026-03-09T04:30:00Z", "America/New_York")("sevenDays")).toEqual(r("2026-03-03", "2026-03-09"));
    // 23:30 EST on Nov 6: six 24-hour steps back land on 00:30 EDT Nov 1, but the window starts Oct 31.
    expect(at("2026-11-07T04:30:00Z", "America/New_York")("sevenDays")).toEqual(r("2026-10-31", "2026-11-06"));
    // Monday Mar 30 in Berlin: the previous Monday–Sunday week contains the change and has 7 days.
    const week = at("2026-03-29T22:30:00Z", "Europe/Berlin", 1)("lastCalendarWeek");
    expect(week).toEqual(r("2026-03-23", "2026-03-29"));
    expect(dayCount(week)).toBe(7);
  });
});

describe("computeDateRange properties", () => {
  const zones = [
    "UTC",
    "America/Los_Angeles",
    "America/New_York",
    "Europe/Berlin",
    "Asia/Kolkata",
    "Pacific/Kiritimati",
  ];
  const instant = fc.date({
    min: new Date("1971-01-01T00:00:00Z"),
    max: new Date("2099-12-31T00:00:00Z"),
    noInvalidDate: true,
  });

  it("every range ends no later than today, starts no later than it ends, and rolling windows have their length", () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom(...zones),
        fc.constantFrom(0 as const, 1 as const),
        (now, timeZone, weekStartsOn) => {
          const today = todayInTimeZone(now, timeZone);
          const range = (d: TComputableDateDescriptor) => computeDateRange(d, { now, timeZone, weekStartsOn });
          for (const d of COMPUTABLE) {
            const { from, to } = range(d);
            expect(ZIsoDateSchema.safeParse(to).success).toBe(true);
            expect(to <= today).toBe(true);
            if (from !== null) expect(from <= to).toBe(true);
          }
          expect(counts(range)).toEqual([1, 1, 7, 14, 30, 7]);
        },
      ),
      { numRuns: 300 },
    );
    function counts(range: (d: TComputableDateDescriptor) => TDateRange) {
      return (["today", "yesterday", "sevenDays", "fourteenDays", "thirtyDays", "lastCalendarWeek"] as const).map((d) =>
        dayCount(range(d)),
      );
    }
  });

  it("agrees with Date's own UTC calendar for day and month steps", () => {
    fc.assert(
      fc.property(instant, (now) => {
        const oracle = (shiftDays: number) =>
          new Date(now.getTime() + shiftDays * 86_400_000).toISOString().slice(0, 10);
        const range = (d: TComputableDateDescriptor) => computeDateRange(d, { now, timeZone: "UTC" });
        expect(range("thirtyDays").from).toBe(oracle(-29));
        expect(range("yesterday").to).toBe(oracle(-1));
        const y = now.getUTCFullYear();
        const m = now.getUTCMonth();
        const lastOfPrevMonth = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
        expect(range("prevMonth").to).toBe(lastOfPrevMonth);
        const sixBack = new Date(Date.UTC(y, m - 6, 1));
        const clampedDay = Math.min(now.getUTCDate(), new Date(Date.UTC(y, m - 5, 0)).getUTCDate());
        const expectedFrom = new Date(Date.UTC(sixBack.getUTCFullYear(), sixBack.getUTCMonth(), clampedDay + 1));
        expect(range("sixMonths").from).toBe(expectedFrom.toISOString().slice(0, 10));
      }),
      { numRuns: 300 },
    );
  });
});

describe("MM/DD/YY entry", () => {
  it("parses to YYYY-MM-DD", () => {
    expect(parseMdy("03/15/26")).toBe("2026-03-15");
    expect(parseMdy(" 12/31/99 ")).toBe("2099-12-31");
    expect(parseMdy("02/29/28")).toBe("2028-02-29");
  });

  it.each(["", "3/15/26", "03/15/2026", "2026-03-15", "02/29/27", "13/01/26", "00/10/26", "04/31/26", "ab/cd/ef"])(
    "rejects %j",
    (value) => {
      expect(parseMdy(value)).toBeNull();
    },
  );

  it("formats YYYY-MM-DD and round-trips", () => {
    expect(formatMdy("2026-03-15")).toBe("03/15/26");
    expect(formatMdy("2030-01-05")).toBe("01/05/30");
    expect(parseMdy(formatMdy("2028-02-29"))).toBe("2028-02-29");
    expect(() => formatMdy("2026-02-30")).toThrow(RangeError);
    expect(() => formatMdy("03/15/26")).toThrow(RangeError);
  });

  it("validates ISO dates with zod", () => {
    expect(ZIsoDateSchema.safeParse("2028-02-29").success).toBe(true);
    expect(ZIsoDateSchema.safeParse("2027-02-29").success).toBe(false);
    expect(ZIsoDateSchema.safeParse("2026-3-1").success).toBe(false);
  });
});

describe("validateCustomRange", () => {
  const today = "2026-03-15";
  const required = DATE_REQUIRED_MESSAGE;
  const invalid = INVALID_DATE_RANGE_MESSAGE;

  it("uses the spec's messages", () => {
    expect(required).toBe("Date Required");
    expect(invalid).toBe("Invalid Date Range");
  });

  it.each([
    ["both missing", "", "", { from: required, to: required }],
    ["from missing", null, "03/10/26", { from: required }],
    ["to missing", "03/01/26", undefined, { to: required }],
    ["unparseable from", "13/01/26", "03/10/26", { from: required }],
    ["from after to", "03/10/26", "03/05/26", { from: invalid, to: invalid }],
    ["to after today", "03/01/26", "03/16/26", { to: invalid }],
    ["from after to, both after today", "03/20/26", "03/17/26", { from: invalid, to: invalid }],
  ])("%s", (_case, from, to, errors) => {
    const result = validateCustomRange({ from, to, today });
    expect(result.errors).toEqual(errors);
    expect(result.range).toBeUndefined();
  });

  it("passes a valid range as YYYY-MM-DD, today and one-day ranges included", () => {
    expect(validateCustomRange({ from: "03/01/26", to: "03/10/26", today })).toEqual({
      errors: {},
      range: { from: "2026-03-01", to: "2026-03-10" },
    });
    expect(validateCustomRange({ from: "03/15/26", to: "03/15/26", today })).toEqual({
      errors: {},
      range: { from: "2026-03-15", to: "2026-03-15" },
    });
    expect(validateCustomRange({ from: "12/31/25", to: "01/01/26", today }).range).toEqual({
      from: "2025-12-31",
      to: "2026-01-01",
    });
  });

  describe("single-input mode", () => {
    it.each([
      ["from before today", "03/14/26", "03/20/26", { from: invalid }],
      ["from after to", "03/20/26", "03/16/26", { from: invalid, to: invalid }],
      ["to missing", "03/20/26", "", { to: required }],
    ])("%s", (_case, from, to, errors) => {
      const result = validateCustomRange({ from, to, today, singleInput: true });
      expect(result.errors).toEqual(errors);
      expect(result.range).toBeUndefined();
    });

    it("accepts a range from today into the future", () => {
      expect(validateCustomRange({ from: "03/15/26", to: "04/30/26", today, singleInput: true })).toEqual({
        errors: {},
        range: { from: "2026-03-15", to: "2026-04-30" },
      });
    });
  });
});
