import { describe, expect, it } from "vitest";
import {
  applyFilterChanges,
  buildCarryLink,
  clearFilters,
  countAppliedFilters,
  dateKindForPath,
  effectiveDescriptor,
  isFilterCarryingPath,
  readFilters,
  sentimentFor,
} from "./filters.ts";

const q = (s: string) => new URLSearchParams(s);
const apply = (
  search: string,
  changes: Parameters<typeof applyFilterChanges>[1],
  pathname = "/dashboard",
  force = false,
) => {
  const result = applyFilterChanges(q(search), changes, { pathname, force });
  return { ...result, search: result.params.toString() };
};

describe("readFilters", () => {
  it("reads the spec's keys, lists repeated, empty values dropped", () => {
    const state = readFilters(
      q("dateDescriptor=thirtyDays&groupId=1&groupId=2&locationId=&sourceId=9&rating=5&sentiment=1&page=2&sort=x"),
      "/dashboard",
    );
    expect(state.dateDescriptor).toBe("thirtyDays");
    expect(state.groupId).toEqual(["1", "2"]);
    expect(state.locationId).toEqual([]);
    expect(state.sourceId).toEqual(["9"]);
    expect(state.rating).toEqual(["5"]);
    expect(state.sentiment).toBe("1");
    expect(state.page).toBe("2");
    expect(state).not.toHaveProperty("sort");
  });

  it("reads the legacy [] keys", () => {
    expect(readFilters(q("rating[]=4&rating[]=5&sourceId[]=3"), "/dashboard")).toMatchObject({
      rating: ["4", "5"],
      sourceId: ["3"],
    });
  });

  it("keeps only ratings 0 to 5", () => {
    expect(readFilters(q("rating=0&rating=6&rating=abc&rating=3"), "/dashboard").rating).toEqual(["0", "3"]);
  });

  it("ignores an unknown date descriptor", () => {
    expect(readFilters(q("dateDescriptor=fortnight"), "/dashboard").dateDescriptor).toBeUndefined();
  });

  it("reads status and type only on /reviews", () => {
    expect(readFilters(q("status=open&type=text"), "/reviews")).toMatchObject({ status: ["open"], type: ["text"] });
    expect(readFilters(q("status=open&type=text"), "/dashboard")).toMatchObject({ status: [], type: [] });
  });
});

describe("applyFilterChanges", () => {
  it("drops empty values", () => {
    expect(apply("sentiment=1&category=food", { sentiment: "", category: null }).search).toBe("");
    expect(apply("groupId=1", { groupId: [] }).search).toBe("");
  });

  it("writes lists as repeated keys", () => {
    expect(apply("", { sourceId: ["3", "7"] }).search).toBe("sourceId=3&sourceId=7");
  });

  it("removes []-suffixed keys on change, values and all (docs/product/platform.md §2)", () => {
    // The rating and source filters changed (emptied): paging resets.
    expect(apply("rating[]=4&sourceId[]=3&page=2", { sentiment: "1" }).search).toBe("sentiment=1");
    expect(apply("foo[]=x&page=2", { sentiment: "1" }).search).toBe("page=2&sentiment=1");
    expect(apply("rating[]=4&sourceId[]=3", { rating: "5" }).search).toBe("rating=5");
    expect(apply("rating=3&rating[]=4&foo[]=x", { sentiment: "1" }).search).toBe("rating=3&sentiment=1");
  });

  for (const [key, value] of [
    ["dateDescriptor", "sevenDays"],
    ["from", "2026-01-01"],
    ["groupId", "1"],
    ["locationId", "4"],
    ["sourceId", "2"],
    ["rating", "5"],
  ] as const) {
    it(`changing ${key} resets paging and replaces the URL`, () => {
      const result = apply("before=a&after=b&page=3&sort=name", { [key]: value });
      expect(result.replace).toBe(true);
      expect(result.params.has("before") || result.params.has("after") || result.params.has("page")).toBe(false);
      expect(result.params.get("sort")).toBe("name");
    });
  }

  it("keeps paging and pushes for other changes", () => {
    const result = apply("page=3&after=b", { sentiment: "-1", category: "food" });
    expect(result.replace).toBe(false);
    expect(result.search).toBe("page=3&after=b&sentiment=-1&category=food");
  });

  it("does not reset paging when a value is set to what it already is", () => {
    const result = apply("groupId=1&page=3&locationId=4", { groupId: "1" });
    expect(result.replace).toBe(false);
    expect(result.search).toBe("page=3&locationId=4&groupId=1");
  });

  it("changing the group clears location and search_terms", () => {
    const result = apply("groupId=1&locationId=4&search_terms=pizza&page=2", { groupId: "2" });
    expect(result.search).toBe("groupId=2");
    expect(result.deselectAllLocations).toBe(true);
  });

  it("changing the group keeps a location set in the same change", () => {
    expect(apply("groupId=1&locationId=4", { groupId: "2", locationId: "7" }).search).toBe("groupId=2&locationId=7");
  });

  it("changing the location clears search_terms and deselects all locations", () => {
    const result = apply("locationId=4&search_terms=pizza&groupId=1", { locationId: ["5", "6"] });
    expect(result.search).toBe("groupId=1&locationId=5&locationId=6");
    expect(result.deselectAllLocations).toBe(true);
    expect(apply("locationId=4", { sourceId: "1" }).deselectAllLocations).toBe(false);
  });

  it("on /reviews keeps the cursors when only the date changes", () => {
    const result = apply("before=a&page=2", { dateDescriptor: "sevenDays", from: null, to: null }, "/reviews");
    expect(result.search).toBe("before=a&page=2&dateDescriptor=sevenDays");
    expect(result.replace).toBe(true);
  });

  it("on /reviews resets the cursors for a forced date change", () => {
    expect(apply("before=a&page=2", { dateDescriptor: "sevenDays" }, "/reviews", true).search).toBe(
      "dateDescriptor=sevenDays",
    );
  });

  it("on /reviews resets the cursors when more than the date changes", () => {
    expect(apply("after=a", { dateDescriptor: "sevenDays", rating: "5" }, "/reviews").search).toBe(
      "dateDescriptor=sevenDays&rating=5",
    );
  });

  it("elsewhere a date-only change resets paging", () => {
    expect(apply("page=2", { dateDescriptor: "sevenDays" }, "/dashboard").search).toBe("dateDescriptor=sevenDays");
  });

  it("keeps an explicit paging value set in the same change", () => {
    expect(apply("page=2", { rating: "1", page: "1" }).search).toBe("rating=1&page=1");
  });
});

describe("clearFilters", () => {
  it("clears chosen filters, paging, search terms and [] keys, keeping other keys", () => {
    expect(
      clearFilters(
        q("dateDescriptor=ytd&groupId=1&rating[]=3&status=x&page=2&search_terms=a&sort=name&flyout_edit=true"),
      ).toString(),
    ).toBe("sort=name&flyout_edit=true");
  });
});

describe("countAppliedFilters", () => {
  it("counts each chosen filter, and the date only when it is not the default", () => {
    const state = readFilters(
      q("dateDescriptor=thirtyDays&groupId=1&groupId=2&rating=5&sentiment=1&page=3"),
      "/reviews",
    );
    expect(countAppliedFilters(state, "thirtyDays")).toBe(3);
    expect(countAppliedFilters(state, "sixMonths")).toBe(4);
  });
});

describe("page kinds", () => {
  it("defaults thirty days on reviews and keywords, six months elsewhere", () => {
    expect(dateKindForPath("/reviews")).toBe("reviews");
    expect(dateKindForPath("/dashboard/keywords")).toBe("keywords");
    expect(dateKindForPath("/dashboard/keywords/pizza")).toBe("keywords");
    expect(dateKindForPath("/dashboard/keywords/categories")).toBe("page");
    expect(dateKindForPath("/dashboard")).toBe("page");
    expect(effectiveDescriptor(readFilters(q(""), "/reviews"), "/reviews")).toBe("thirtyDays");
    expect(effectiveDescriptor(readFilters(q("dateDescriptor=ytd"), "/reviews"), "/reviews")).toBe("ytd");
    expect(effectiveDescriptor(readFilters(q(""), "/photos"), "/photos")).toBe("sixMonths");
  });
});

describe("buildCarryLink", () => {
  const current = q(
    "dateDescriptor=ytd&groupId=1&locationId=4&sourceId=2&sourceId=3&sentiment=1&status=open&page=4&search_terms=x&export_id=9",
  );

  it("carries the chosen filters to the other filter pages, not paging or flyout keys", () => {
    expect(buildCarryLink(current, "/reviews", "/dashboard")).toBe(
      "/dashboard?dateDescriptor=ytd&groupId=1&locationId=4&sourceId=2&sourceId=3&sentiment=1",
    );
  });

  it("carries status and type only to /reviews", () => {
    expect(buildCarryLink(q("status=open&rating=5"), "/reviews", "/reviews")).toBe("/reviews?rating=5&status=open");
  });

  it("translates sentiment between reviews (1/-1) and keywords (positive/negative)", () => {
    expect(buildCarryLink(q("sentiment=-1"), "/reviews", "/dashboard/keywords")).toBe(
      "/dashboard/keywords?sentiment=negative",
    );
    expect(buildCarryLink(q("sentiment=positive"), "/dashboard/keywords", "/reviews")).toBe("/reviews?sentiment=1");
    expect(sentimentFor("other", "/reviews")).toBe("other");
  });

  it("lets the target's own query win", () => {
    expect(buildCarryLink(q("groupId=1&rating=2"), "/dashboard", "/reviews?rating=5")).toBe(
      "/reviews?groupId=1&rating=5",
    );
  });

  it("leaves links outside the filter pages alone", () => {
    expect(buildCarryLink(current, "/reviews", "/settings/profile")).toBe("/settings/profile");
    expect(buildCarryLink(current, "/settings", "/reviews")).toBe("/reviews");
    expect(isFilterCarryingPath("/dashboard/locations/")).toBe(true);
    expect(isFilterCarryingPath("/reviews/12")).toBe(false);
  });
});
