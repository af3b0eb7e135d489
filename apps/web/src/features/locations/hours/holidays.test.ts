import { describe, expect, it } from "vitest";
import {
  checkHolidays,
  formatHolidayDate,
  HOLIDAY_MESSAGES,
  hasClosedStreak,
  holidayHoursOn,
  holidayPayload,
  holidayPreview,
  isNewHoliday,
  newHolidayEntry,
  parseDateEntry,
  type THolidayEntry,
} from "./holidays.ts";

const NOW = new Date(2026, 10, 24, 10, 0, 0); // 24 Nov 2026, 10:00 local
const entry = (id: string, start_date: string | null, extra: Partial<THolidayEntry> = {}): THolidayEntry => ({
  id,
  start_date,
  closed: true,
  is_24_hours: false,
  hours: [],
  ...extra,
});

describe("holiday date rules of §5", () => {
  it("a date must be selected", () => {
    expect(checkHolidays([entry("a", null)], NOW).errors).toEqual({ a: HOLIDAY_MESSAGES.dateRequired });
  });

  it("a date must be less than 10 years ahead", () => {
    const { errors } = checkHolidays([entry("a", "2036-11-24"), entry("b", "2036-11-23")], NOW);
    expect(errors).toEqual({ a: HOLIDAY_MESSAGES.tenYears });
  });

  it("a date cannot be duplicated, in the modal or against saved dates", () => {
    expect(checkHolidays([entry("a", "2026-12-25"), entry("b", "2026-12-25")], NOW).errors).toEqual({
      b: HOLIDAY_MESSAGES.duplicate,
    });
    expect(checkHolidays([entry("a", "2026-12-25")], NOW, ["2026-12-25"]).errors).toEqual({
      a: HOLIDAY_MESSAGES.duplicate,
    });
  });

  it("an open date that is not 24 hours needs both times", () => {
    const open = entry("a", "2026-12-24", { closed: false, hours: [{ open_time: "9:00 AM", close_time: "" }] });
    expect(checkHolidays([open], NOW).errors).toEqual({ a: HOLIDAY_MESSAGES.timesRequired });
    const allDay = entry("b", "2026-12-26", { closed: false, is_24_hours: true });
    const timed = entry("c", "2026-12-27", { closed: false, hours: [{ open_time: "09:00", close_time: "13:00" }] });
    expect(checkHolidays([allDay, timed], NOW).errors).toEqual({});
  });

  it("warns, without blocking, for a date within 24 hours", () => {
    const { errors, warnings } = checkHolidays([entry("a", "2026-11-25"), entry("b", "2026-11-26")], NOW);
    expect(errors).toEqual({});
    expect(warnings).toEqual({ a: HOLIDAY_MESSAGES.within24Hours });
    expect(checkHolidays([entry("c", "2026-11-24")], NOW).warnings).toEqual({ c: HOLIDAY_MESSAGES.within24Hours });
  });

  it("warns for 7 or more consecutive closed days", () => {
    const six = ["01", "02", "03", "04", "05", "06"].map((d) => entry(d, `2027-01-${d}`));
    expect(hasClosedStreak(six)).toBe(false);
    expect(hasClosedStreak([...six, entry("07", "2027-01-07")])).toBe(true);
    expect(hasClosedStreak([...six, entry("08", "2027-01-08")])).toBe(false);
    expect(checkHolidays([...six, entry("07", "2027-01-07")], NOW).streak).toBe(true);
  });
});

describe("what is sent", () => {
  it("only dated entries, hours sorted by open time in HH:mm", () => {
    expect(holidayPayload(entry("a", null))).toBeNull();
    const split = entry("b", "2026-12-24", {
      closed: false,
      hours: [
        { open_time: "5:00 PM", close_time: "9:00 PM" },
        { open_time: "8:00AM", close_time: "12:00 PM" },
      ],
    });
    expect(holidayPayload(split)).toEqual({
      start_date: "2026-12-24",
      closed: false,
      is_24_hours: false,
      hours: [
        { open_time: "08:00", close_time: "12:00" },
        { open_time: "17:00", close_time: "21:00" },
      ],
    });
    expect(holidayPayload(entry("c", "2026-12-25"))?.hours).toEqual([]);
  });

  it("new rows carry an id ending in -new", () => {
    const row = newHolidayEntry();
    expect(isNewHoliday(row)).toBe(true);
    expect(isNewHoliday({ id: "b3a1" })).toBe(false);
  });

  it("dates show as MM/DD/YY and the detail page lists five then '...'", () => {
    expect(formatHolidayDate("2026-12-25")).toBe("12/25/26");
    expect(holidayPreview([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3, 4, 5], more: false });
    expect(holidayPreview([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4, 5], more: true });
  });
});

describe("typed dates", () => {
  it("reads MM/DD/YYYY, MM/DD/YY and YYYY-MM-DD", () => {
    expect(parseDateEntry("12/25/2026")).toBe("2026-12-25");
    expect(parseDateEntry("1/2/27")).toBe("2027-01-02");
    expect(parseDateEntry("2026-12-25")).toBe("2026-12-25");
    expect(parseDateEntry("02/30/2027")).toBeNull();
    expect(parseDateEntry("soon")).toBeNull();
  });
  it("offers holiday hours only with the account's special hours feature (unset means on)", () => {
    expect(holidayHoursOn({})).toBe(true);
    expect(holidayHoursOn({ special_hours: true })).toBe(true);
    expect(holidayHoursOn({ special_hours: false })).toBe(false);
    expect(holidayHoursOn({ special_hours: "false" })).toBe(false);
  });
});
