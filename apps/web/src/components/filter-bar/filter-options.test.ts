import { describe, expect, it } from "vitest";
import {
  categoryOptions,
  DEFAULT_MULTIPLE,
  FETCH_ERRORS,
  filterListQuery,
  isNearBottom,
  locationAddressLine,
  locationCountLabel,
  nextPageOf,
  RATING_OPTIONS,
  ratingLabel,
  selectedCountLabel,
  selectionLabel,
  sentimentOptions,
} from "./filter-options.ts";

describe("labels", () => {
  it("names ratings 'No rating' and 'N Star'", () => {
    expect(ratingLabel("0")).toBe("No rating");
    expect(ratingLabel("4")).toBe("4 Star");
    expect(RATING_OPTIONS.map((o) => o.value)).toEqual(["5", "4", "3", "2", "1", "0"]);
  });

  it("counts multi-selections", () => {
    expect(selectedCountLabel.group(2)).toBe("2 groups selected");
    expect(selectedCountLabel.location(3)).toBe("3 locations selected");
    expect(selectedCountLabel.source(4)).toBe("4 sources selected");
    expect(selectedCountLabel.rating(2)).toBe("2 Ratings selected");
  });

  it("reads the null label, the one label, or the count", () => {
    const labelOf = (v: string) => ({ a: "Alpha" })[v];
    expect(selectionLabel([], labelOf, "All groups", selectedCountLabel.group)).toBe("All groups");
    expect(selectionLabel(["a"], labelOf, "All groups", selectedCountLabel.group)).toBe("Alpha");
    expect(selectionLabel(["a", "b"], labelOf, "All groups", selectedCountLabel.group)).toBe("2 groups selected");
  });

  it("reads the spec's error when a chosen id could not be fetched (docs/product/platform.md §8)", () => {
    const labelOf = (v: string) => ({ a: "Alpha" })[v];
    const error = FETCH_ERRORS.location;
    expect(selectionLabel(["foreign"], labelOf, "All locations", selectedCountLabel.location, error)).toBe(
      "Error fetching location",
    );
    expect(selectionLabel(["a", "foreign"], labelOf, "All locations", selectedCountLabel.location, error)).toBe(
      "Error fetching location",
    );
    expect(selectionLabel([], labelOf, "All locations", selectedCountLabel.location, error)).toBe("All locations");
    expect(selectionLabel(["a"], labelOf, "All locations", selectedCountLabel.location, null)).toBe("Alpha");
  });

  it("lets several ratings be chosen by default (the API takes several)", () => {
    expect(DEFAULT_MULTIPLE.rating).toBe(true);
  });

  it("shows a group's location count", () => {
    expect(locationCountLabel([1, 2, 3])).toBe("3 locations");
    expect(locationCountLabel(null)).toBe("0 locations");
  });

  it("offers sentiment as 1/-1 on reviews and positive/negative on keywords", () => {
    expect(sentimentOptions("reviews")).toEqual([
      { value: "1", label: "Only positive" },
      { value: "-1", label: "Only negative" },
    ]);
    expect(sentimentOptions("keywords").map((o) => o.value)).toEqual(["positive", "negative"]);
  });

  it("labels categories in words and keeps values lowercase", () => {
    expect(categoryOptions(["Food", "waittime", "carequality"])).toEqual([
      { value: "food", label: "Food" },
      { value: "waittime", label: "Wait time" },
      { value: "carequality", label: "Care quality" },
    ]);
    expect(categoryOptions()).toHaveLength(14);
  });

  it("joins a location's address line", () => {
    expect(locationAddressLine({ id: 1, name: "A", address: "1 Main St", city: "Austin", state: "TX" })).toBe(
      "1 Main St, Austin, TX",
    );
    expect(locationAddressLine({ id: 1, name: "A", address: " ", city: null })).toBe("");
  });
});

describe("filterListQuery", () => {
  it("sorts by name, 25 a page, when not searching", () => {
    expect(filterListQuery("groups", { page: 1 })).toEqual({
      page: 1,
      per_page: 25,
      "sort[by]": "name",
      "sort[order]": "asc",
    });
  });

  it("searches as typeahead by relevance", () => {
    expect(filterListQuery("locations", { page: 2, keywords: " main ", extra: { group_id: ["1"] } })).toEqual({
      group_id: ["1"],
      page: 2,
      per_page: 25,
      keywords: "main",
      search_type: "typeahead",
      "sort[by]": "relevance",
      "sort[order]": "desc",
    });
  });

  it("sorts sources by ordinal,name", () => {
    expect(filterListQuery("sources", { page: 1 })).toEqual({ page: 1, per_page: 25, sort: "ordinal,name" });
  });
});

describe("paging", () => {
  it("finds the next page", () => {
    expect(nextPageOf({ _page: 1, _total_pages: 3 })).toBe(2);
    expect(nextPageOf({ _page: 3, _total_pages: 3 })).toBeUndefined();
    expect(nextPageOf({})).toBeUndefined();
  });

  it("loads within 300 px of the bottom", () => {
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 1000, clientHeight: 378 })).toBe(false);
    expect(isNearBottom({ scrollTop: 322, scrollHeight: 1000, clientHeight: 378 })).toBe(true);
    expect(isNearBottom({ scrollTop: 321, scrollHeight: 1000, clientHeight: 378 })).toBe(false);
  });
});
