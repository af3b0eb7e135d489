import { describe, expect, it } from "vitest";
import { listQueryOf, listReturnState, reviewsListPath } from "./list-return";

describe("the list's query travels to the detail and back", () => {
  const list = "?dateDescriptor=allTime&rating=1&rating=2&page=2&before=abc%3D%3D";

  it("round-trips filters, page and cursor unchanged, through the detail and the history", () => {
    const toDetail = listReturnState(list);
    const toHistory = listReturnState(listQueryOf(toDetail));
    const backToDetail = listReturnState(listQueryOf(toHistory));
    expect(reviewsListPath(listQueryOf(backToDetail))).toBe(`/reviews${list}`);
  });

  it("without state (a new tab, a bookmark), the list's default", () => {
    expect(listQueryOf(null)).toBe("");
    expect(listQueryOf({ list: 3 })).toBe("");
    expect(reviewsListPath(listQueryOf(undefined))).toBe("/reviews");
    expect(reviewsListPath(listQueryOf(listReturnState("")))).toBe("/reviews");
  });
});
