import { describe, expect, it } from "vitest";
import { pageParamFix, requestedPage } from "./page-number.ts";

describe("requestedPage", () => {
  it("reads the page asked for, 1 when absent or unreadable", () => {
    expect(requestedPage(null)).toBe(1);
    expect(requestedPage("3")).toBe(3);
    expect(requestedPage("999")).toBe(999);
    expect(requestedPage("abc")).toBe(1);
    expect(requestedPage("-2")).toBe(1);
    expect(requestedPage("2.7")).toBe(2);
  });
});

describe("pageParamFix (docs/product/platform.md §5)", () => {
  it("clamps the URL's page to the page count once it is known", () => {
    expect(pageParamFix("999", 4)).toBe("4");
    expect(pageParamFix("3", 4)).toBeUndefined();
    expect(pageParamFix("3", 2)).toBe("2");
    expect(pageParamFix(null, 4)).toBeUndefined();
  });

  it("drops page 1 and unreadable pages from the URL", () => {
    expect(pageParamFix("5", 1)).toBeNull();
    expect(pageParamFix("1", 4)).toBeNull();
    expect(pageParamFix("abc", 4)).toBeNull();
    expect(pageParamFix("0", 4)).toBeNull();
  });
});
