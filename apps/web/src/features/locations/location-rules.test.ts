import { describe, expect, it } from "vitest";
import {
  formatMonthlyCost,
  isNpiNumber,
  listQueryAfterDelete,
  listQueryOf,
  MISSING_REQUIRED_MESSAGE,
  missingRequired,
  npiFromNameResults,
  npiLocalError,
  OPEN_STATUS_OPTIONS,
  openStatusLabel,
  overrideError,
  requiredError,
  toggleOverride,
} from "./location-rules.ts";

describe("open status labels (§4)", () => {
  it("active is Open, temporarily_inactive Temporarily Closed, inactive Permanently Closed", () => {
    expect(openStatusLabel("active")).toBe("Open");
    expect(openStatusLabel("temporarily_inactive")).toBe("Temporarily Closed");
    expect(openStatusLabel("inactive")).toBe("Permanently Closed");
    expect(OPEN_STATUS_OPTIONS.map((o) => o.label)).toEqual(["Open", "Temporarily Closed", "Permanently Closed"]);
  });
});

describe("required fields (§5)", () => {
  it("an empty required field reads '{Label} is required'", () => {
    expect(requiredError("name", "  ")).toBe("Internal Name is required");
    expect(requiredError("zipcode", null)).toBe("Zip Code is required");
    expect(requiredError("city", "Austin")).toBeNull();
  });
  it("lists every empty one", () => {
    expect(Object.values(missingRequired({ name: "A", public_name: "A", address: "1 Main", city: "X" }))).toEqual([
      "State is required",
      "Zip Code is required",
      "Country is required",
    ]);
    expect(MISSING_REQUIRED_MESSAGE).toBe(
      "There is missing required information. Please review the form and try again.",
    );
  });
});

describe("NPI (§5)", () => {
  it("looks up only exactly 10 digits; other non-empty values are 'NPI not found'", () => {
    expect(isNpiNumber("1234567893")).toBe(true);
    expect(isNpiNumber("123456789")).toBe(false);
    expect(npiLocalError("")).toBeNull();
    expect(npiLocalError("12345")).toBe("NPI not found");
    expect(npiLocalError("1234567893")).toBeNull();
  });
  it("a name lookup counts only with exactly one result", () => {
    expect(npiFromNameResults([{ number: "1" }])).toEqual({ result: { number: "1" }, error: null });
    expect(npiFromNameResults([]).error).toBe(
      "Unable to find a NPI number that matches with the 'PUBLIC NAME' and address provided",
    );
    expect(npiFromNameResults([1, 2]).result).toBeNull();
  });
});

describe("directory overrides (§5)", () => {
  it("a checked override needs a value; unchecking clears it", () => {
    expect(overrideError("phone", { checked: true, value: "" })).toBe("Enter phone number or unselect directory");
    expect(overrideError("website", { checked: true, value: " " })).toBe("Enter website or unselect directory");
    expect(overrideError("phone", { checked: false, value: "" })).toBeNull();
    expect(toggleOverride({ checked: true, value: "555" }, false)).toEqual({ checked: false, value: "" });
  });
});

describe("billing and redirects", () => {
  it("shows the new-location cost in USD per month from cents", () => {
    expect(formatMonthlyCost(4900)).toBe("$49.00/month");
    expect(formatMonthlyCost(123456)).toBe("$1,234.56/month");
  });
  it("carries the list query (§2)", () => {
    const search = "?sort%5Bby%5D=name&sort%5Border%5D=desc&keywords=main&page=2&per_page=25&group_id=g1&withEdit=true";
    expect(listQueryOf(search)).toBe(
      "?sort%5Bby%5D=name&sort%5Border%5D=desc&keywords=main&page=2&per_page=25&group_id=g1",
    );
    expect(listQueryAfterDelete(search)).toBe("?sort%5Bby%5D=name&sort%5Border%5D=desc&keywords=main&group_id=g1");
    expect(listQueryOf("")).toBe("");
  });
});
