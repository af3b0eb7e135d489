import { describe, expect, it } from "vitest";
import {
  addRange,
  DAYS,
  emptyWeek,
  formatDay,
  incompleteDays,
  readWeek,
  removeRange,
  serializeWeek,
  setDay24,
  setDayOpen,
  setRangeTime,
} from "./week.ts";

describe("weekly hours editor (§4 Operating hours)", () => {
  it("adding hours starts with every day closed", () => {
    const week = emptyWeek();
    for (const d of DAYS) expect(week[d]).toEqual({ open: false, is_24_hours: false, hours: [] });
  });

  it("opening a day creates one empty range; closing it clears it", () => {
    let week = setDayOpen(emptyWeek(), "monday", true);
    expect(week.monday).toEqual({ open: true, is_24_hours: false, hours: [{ open_time: "", close_time: "" }] });
    week = setDayOpen(week, "monday", false);
    expect(week.monday).toEqual({ open: false, is_24_hours: false, hours: [] });
  });

  it("24 hours clears the ranges; choosing a time on a 24-hour day turns it back into a range", () => {
    let week = setDayOpen(emptyWeek(), "tuesday", true);
    week = setRangeTime(week, "tuesday", 0, "open_time", "09:00");
    week = setDay24(week, "tuesday");
    expect(week.tuesday).toEqual({ open: true, is_24_hours: true, hours: [] });
    week = setRangeTime(week, "tuesday", 0, "close_time", "17:00");
    expect(week.tuesday).toEqual({ open: true, is_24_hours: false, hours: [{ open_time: "", close_time: "17:00" }] });
  });

  it("extra ranges are added and removed; a split day is sent sorted, in HH:mm", () => {
    let week = setDayOpen(emptyWeek(), "friday", true);
    week = setRangeTime(week, "friday", 0, "open_time", "5:00 PM");
    week = setRangeTime(week, "friday", 0, "close_time", "10:00 PM");
    week = addRange(week, "friday");
    week = setRangeTime(week, "friday", 1, "open_time", "9:00 AM");
    expect(incompleteDays(week)).toEqual(["friday"]);
    week = setRangeTime(week, "friday", 1, "close_time", "1:00 PM");
    expect(incompleteDays(week)).toEqual([]);
    expect(serializeWeek(week).friday.hours).toEqual([
      { open_time: "09:00", close_time: "13:00" },
      { open_time: "17:00", close_time: "22:00" },
    ]);
    expect(formatDay(week.friday)).toBe("9:00 AM - 1:00 PM, 5:00 PM - 10:00 PM");
    week = removeRange(week, "friday", 0);
    week = removeRange(week, "friday", 0);
    expect(week.friday.open).toBe(false);
  });

  it("the detail page shows h:mm A, '24 hrs' or 'Closed'", () => {
    expect(formatDay({ open: true, is_24_hours: true, hours: [] })).toBe("24 hrs");
    expect(formatDay({ open: false, is_24_hours: false, hours: [] })).toBe("Closed");
    expect(formatDay(undefined)).toBe("Closed");
    expect(formatDay({ open: true, is_24_hours: false, hours: [{ open_time: "08:00", close_time: "17:30" }] })).toBe(
      "8:00 AM - 5:30 PM",
    );
  });

  it("reads stored hours in any accepted format; none when the location has no hours", () => {
    expect(readWeek(null)).toBeNull();
    expect(readWeek({})).toBeNull();
    const week = readWeek({
      monday: { open: true, is_24_hours: false, hours: [{ open_time: "9:00 AM", close_time: "17:00" }] },
    });
    expect(week?.monday.hours).toEqual([{ open_time: "09:00", close_time: "17:00" }]);
    expect(week?.sunday.open).toBe(false);
  });
});
