import { validateCustomRange } from "@starboard/contract/date-ranges";
import { describe, expect, it } from "vitest";
import {
  currentDescriptor,
  customChange,
  DATE_FORMAT_MESSAGE,
  dateRangeLabel,
  entryErrors,
  presetChange,
  resolveDateRange,
  splitSingleInput,
} from "./date-range-value.ts";

const now = new Date("2026-03-15T12:00:00Z");

describe("date range value", () => {
  it("falls back to the page's default descriptor", () => {
    expect(currentDescriptor({}, "reviews")).toBe("thirtyDays");
    expect(currentDescriptor({}, "shared")).toBe("sevenDays");
    expect(currentDescriptor({ dateDescriptor: "bogus" }, "page")).toBe("sixMonths");
    expect(currentDescriptor({ dateDescriptor: "ytd" }, "page")).toBe("ytd");
  });

  it("labels presets and custom ranges", () => {
    expect(dateRangeLabel({ dateDescriptor: "sevenDays" }, "page")).toBe("Last 7 days");
    expect(dateRangeLabel({ dateDescriptor: "custom", from: "2026-01-02", to: "2026-02-03" }, "page")).toBe(
      "01/02/26 - 02/03/26",
    );
    expect(dateRangeLabel({ dateDescriptor: "custom" }, "page")).toBe("Custom");
  });

  it("writes presets without dates and custom ranges with them", () => {
    expect(presetChange("ytd")).toEqual({ dateDescriptor: "ytd", from: null, to: null });
    expect(customChange({ from: "2026-01-01", to: "2026-01-31" })).toEqual({
      dateDescriptor: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
    });
  });

  it("resolves the range a page sends", () => {
    expect(resolveDateRange({ dateDescriptor: "sevenDays" }, { kind: "page", now, timeZone: "UTC" })).toEqual({
      dateDescriptor: "sevenDays",
      from: "2026-03-09",
      to: "2026-03-15",
    });
    expect(resolveDateRange({}, { kind: "reviews", now, timeZone: "UTC" })).toMatchObject({
      dateDescriptor: "thirtyDays",
      to: "2026-03-15",
    });
    expect(
      resolveDateRange({ dateDescriptor: "custom", from: "2026-01-01", to: "2026-01-31" }, { kind: "page", now }),
    ).toEqual({ dateDescriptor: "custom", from: "2026-01-01", to: "2026-01-31" });
    expect(
      resolveDateRange({ dateDescriptor: "custom", from: "nope" }, { kind: "page", now, timeZone: "UTC" }),
    ).toMatchObject({ dateDescriptor: "sixMonths", from: "2025-09-16" });
    expect(resolveDateRange({ dateDescriptor: "allTime" }, { kind: "page", now, timeZone: "UTC" }).from).toBeNull();
  });

  it("splits the single-input entry", () => {
    expect(splitSingleInput("03/20/26 - 03/25/26")).toEqual({ from: "03/20/26", to: "03/25/26" });
    expect(splitSingleInput("03/20/26")).toEqual({ from: "03/20/26", to: "" });
  });
});

describe("custom date entry errors", () => {
  const today = "2026-11-24";
  const check = (from: string, to: string) =>
    entryErrors({ from, to }, validateCustomRange({ from, to, today }).errors);

  it("names the expected format for a date typed another way", () => {
    expect(check("11/01/2026", "11/05/26")).toEqual({ from: DATE_FORMAT_MESSAGE });
    expect(DATE_FORMAT_MESSAGE).toContain("MM/DD/YY");
  });

  it("keeps 'Date Required' for an empty entry, and the range rules", () => {
    expect(check("", "11/05/26")).toEqual({ from: "Date Required" });
    expect(check("11/06/26", "11/05/26")).toEqual({ from: "Invalid Date Range", to: "Invalid Date Range" });
    expect(check("11/01/26", "11/05/26")).toEqual({});
  });
});
