import { describe, expect, it } from "vitest";
import type { TFilterState } from "../../../lib/filters";
import { metricsQuery } from "./metrics-query";

const lists = { groupId: [], locationId: [], sourceId: [], rating: [], category: [], status: [], type: [] };
const filters = (dateDescriptor: string): TFilterState => ({ ...lists, dateDescriptor });

const now = new Date("2026-03-15T12:00:00Z");

describe("metricsQuery", () => {
  it("asks for All time with all_time=true, not a made-up floor date", () => {
    const query = metricsQuery(filters("allTime"), {
      timeZone: "UTC",
      now,
    });
    expect(query.all_time).toBe("true");
    expect(query.published_after).toBeUndefined();
    expect(query.published_before).toBe("2026-03-15");
  });

  it("sends the preset's dates otherwise, without all_time", () => {
    const query = metricsQuery(filters("thirtyDays"), {
      timeZone: "UTC",
      now,
    });
    expect(query.all_time).toBeUndefined();
    expect(query.published_after).toMatch(/^2026-02-1\d$/);
  });
});
