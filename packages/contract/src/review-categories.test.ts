import { describe, expect, it } from "vitest";
import {
  REVIEW_CATEGORIES,
  REVIEW_CATEGORIES_BY_VERTICAL,
  reviewCategoriesFor,
  reviewCategoryLabel,
} from "./reviews.ts";

describe("experience categories", () => {
  it("labels are words a person reads", () => {
    expect(reviewCategoryLabel("carequality")).toBe("Care quality");
    expect(reviewCategoryLabel("bedsidemanner")).toBe("Bedside manner");
    expect(reviewCategoryLabel("waittime")).toBe("Wait time");
    expect(reviewCategoryLabel("Food")).toBe("Food");
    for (const name of REVIEW_CATEGORIES) expect(reviewCategoryLabel(name)).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
  });

  it("each vertical is offered its own categories", () => {
    expect(reviewCategoriesFor("restaurant")).toEqual([
      "food",
      "service",
      "atmosphere",
      "value",
      "location",
      "staff",
      "waittime",
    ]);
    expect(reviewCategoriesFor("healthcare")).toEqual([
      "carequality",
      "bedsidemanner",
      "staff",
      "waittime",
      "facilities",
      "patient",
    ]);
    expect(reviewCategoriesFor("retail")).toEqual([
      "product",
      "customer",
      "consumer",
      "service",
      "value",
      "location",
      "staff",
    ]);
    expect(reviewCategoriesFor(undefined)).toEqual(REVIEW_CATEGORIES_BY_VERTICAL.other);
    expect(reviewCategoriesFor("restaurant")).not.toContain("carequality");
    expect(reviewCategoriesFor("healthcare")).not.toContain("food");
  });
});
