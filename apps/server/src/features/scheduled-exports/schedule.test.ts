import { describe, expect, it } from "vitest";
import { latestSendAtOrBefore, nextSendAfter, type Schedule } from "./schedule.ts";

const daily = (time: string): Schedule => ({
  email_frequency: "daily",
  scheduled_time: time,
  scheduled_day: null,
  scheduled_day_of_month: null,
});
const at = (iso: string) => new Date(iso);

describe("scheduled export send times in the account's time zone", () => {
  it("keeps the local time across daylight-saving changes", () => {
    // New York, 2027: clocks go forward on March 14 and back on November 7.
    expect(nextSendAfter(daily("09:00"), at("2027-03-13T14:00:00Z"), "America/New_York").toISOString()).toBe(
      "2027-03-14T13:00:00.000Z",
    );
    expect(nextSendAfter(daily("09:00"), at("2027-11-06T13:00:00Z"), "America/New_York").toISOString()).toBe(
      "2027-11-07T14:00:00.000Z",
    );
    // 02:30 does not exist on March 14: it is sent an hour later, at 03:30 EDT.
    expect(nextSendAfter(daily("02:30"), at("2027-03-13T08:00:00Z"), "America/New_York").toISOString()).toBe(
      "2027-03-14T07:30:00.000Z",
    );
  });

  it("sends monthly on the day, or on the last day of a shorter month", () => {
    const monthly = (day: number): Schedule => ({
      email_frequency: "monthly",
      scheduled_time: "13:00",
      scheduled_day: null,
      scheduled_day_of_month: day,
    });
    expect(nextSendAfter(monthly(31), at("2027-02-01T00:00:00Z"), "UTC").toISOString()).toBe(
      "2027-02-28T13:00:00.000Z",
    );
    expect(nextSendAfter(monthly(31), at("2028-02-01T00:00:00Z"), "UTC").toISOString()).toBe(
      "2028-02-29T13:00:00.000Z",
    );
    expect(nextSendAfter(monthly(30), at("2027-03-30T14:00:00Z"), "UTC").toISOString()).toBe(
      "2027-04-30T13:00:00.000Z",
    );
    expect(latestSendAtOrBefore(monthly(31), at("2027-05-15T00:00:00Z"), "UTC")?.toISOString()).toBe(
      "2027-04-30T13:00:00.000Z",
    );
  });

  it("sends weekly on its day only", () => {
    const weekly: Schedule = {
      email_frequency: "weekly",
      scheduled_time: "08:00",
      scheduled_day: "monday",
      scheduled_day_of_month: null,
    };
    // 2027-01-04 is a Monday; 08:00 in Berlin is 07:00 UTC in winter.
    expect(nextSendAfter(weekly, at("2027-01-01T00:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2027-01-04T07:00:00.000Z",
    );
    expect(nextSendAfter(weekly, at("2027-01-04T07:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2027-01-11T07:00:00.000Z",
    );
  });
});
