import { describe, expect, it } from "vitest";
import { readListState, writeListState } from "./list-query.ts";

describe("the locations list query", () => {
  it("keeps sort, keywords, group and page in the URL", () => {
    const state = { sortBy: "relevance", sortOrder: "desc", keywords: "main", groupId: "g1", page: 3 } as const;
    const params = writeListState(state);
    expect(params.toString()).toBe(
      "sort%5Bby%5D=relevance&sort%5Border%5D=desc&keywords=main&search_type=full&group_id=g1&page=3",
    );
    expect(readListState(params)).toEqual(state);
  });
  it("reads defaults; relevance needs keywords", () => {
    expect(readListState(new URLSearchParams("sort[by]=relevance&page=x"))).toEqual({
      sortBy: "name",
      sortOrder: "asc",
      keywords: "",
      groupId: "",
      page: 1,
    });
  });
});
