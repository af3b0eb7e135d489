import { describe, expect, it } from "vitest";
import { reviewTagsShown } from "./feature-flags";

describe("review tag flags", () => {
  it("show tags on the list and on a review's page unless a flag is set off", () => {
    expect(reviewTagsShown({}, "index")).toBe(true);
    expect(reviewTagsShown({}, "detail")).toBe(true);
    expect(reviewTagsShown({ reviewTags: true, reviewTagsIndex: true }, "index")).toBe(true);
  });

  it("hide them everywhere with reviewTags off", () => {
    expect(reviewTagsShown({ reviewTags: false }, "index")).toBe(false);
    expect(reviewTagsShown({ reviewTags: false, reviewTagsDetail: true }, "detail")).toBe(false);
  });

  it("hide them on the list with reviewTagsIndex off, on the page with reviewTagsDetail off", () => {
    expect(reviewTagsShown({ reviewTagsIndex: false }, "index")).toBe(false);
    expect(reviewTagsShown({ reviewTagsIndex: false }, "detail")).toBe(true);
    expect(reviewTagsShown({ reviewTagsDetail: false }, "detail")).toBe(false);
    expect(reviewTagsShown({ reviewTagsDetail: false }, "index")).toBe(true);
  });
});
