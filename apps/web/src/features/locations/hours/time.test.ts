import { describe, expect, it } from "vitest";
import { formatTime, isValidTimeEntry, parseTime, TIME_OPTIONS } from "./time.ts";

describe("parseTime: every format of locations.md §4", () => {
  it.each([
    ["HH:mm", "09:05", "09:05"],
    ["HH:mm afternoon", "17:30", "17:30"],
    ["H:mm", "9:05", "09:05"],
    ["h:mm A", "9:05 AM", "09:05"],
    ["h:mm A pm", "1:30 PM", "13:30"],
    ["hh:mm A", "09:05 PM", "21:05"],
    ["h:mmA", "9:05AM", "09:05"],
    ["hh:mmA", "11:45PM", "23:45"],
    ["12 AM is midnight", "12:00 AM", "00:00"],
    ["12 PM is noon", "12:00 PM", "12:00"],
    ["lower-case suffix", "7:00 pm", "19:00"],
  ])("%s", (_name, input, expected) => {
    expect(parseTime(input)).toBe(expected);
  });

  it.each(["", "24:00", "9", "9:60", "13:00 PM", "0:30 AM", "noon", "9.30"])("refuses %j", (input) => {
    expect(parseTime(input)).toBeNull();
  });
});

describe("formatTime: shown as h:mm A", () => {
  it.each([
    ["00:00", "12:00 AM"],
    ["09:30", "9:30 AM"],
    ["12:00", "12:00 PM"],
    ["23:30", "11:30 PM"],
    ["9:05 pm", "9:05 PM"],
  ])("%s → %s", (input, expected) => {
    expect(formatTime(input)).toBe(expected);
  });
  it("an unreadable value has no display", () => expect(formatTime("later")).toBeNull());
});

describe("time entry rule of §5", () => {
  it("accepts 24 hours, 24-hour HH:mm and h:mm with AM/PM", () => {
    for (const v of ["24 hours", "23:30", "9:00 AM", "11:30PM"]) expect(isValidTimeEntry(v)).toBe(true);
  });
  it("flags anything else, and entries longer than 8 characters", () => {
    for (const v of ["", "25:00", "9 o'clock", "09:00  AM ", "09:00 AM!"]) expect(isValidTimeEntry(v)).toBe(false);
    expect(isValidTimeEntry("11:30 PM")).toBe(true);
    expect(isValidTimeEntry("011:30 PM")).toBe(false);
  });
});

describe("time options", () => {
  it("run every 30 minutes from 12:00 AM to 11:30 PM", () => {
    expect(TIME_OPTIONS).toHaveLength(48);
    expect(TIME_OPTIONS[0]).toEqual({ value: "00:00", label: "12:00 AM" });
    expect(TIME_OPTIONS[1]).toEqual({ value: "00:30", label: "12:30 AM" });
    expect(TIME_OPTIONS[24]).toEqual({ value: "12:00", label: "12:00 PM" });
    expect(TIME_OPTIONS[47]).toEqual({ value: "23:30", label: "11:30 PM" });
  });
});
