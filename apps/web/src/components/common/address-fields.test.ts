import { describe, expect, it } from "vitest";
import {
  countryQuery,
  EMPTY_ADDRESS,
  prefixMatches,
  stateQuery,
  validateAddress,
  withCountry,
} from "./address-fields.ts";

describe("address form rules", () => {
  it("defaults the country to United States", () => {
    expect(EMPTY_ADDRESS.country).toBe("United States");
  });

  it("queries countries and states as the spec says", () => {
    expect(countryQuery(" Uni ")).toEqual({ keywords: "Uni", search_type: "typeahead", per_page: 500 });
    expect(stateQuery(7, "Te")).toEqual({ country_id: 7, keywords: "Te", per_page: 500 });
  });

  it("matches on the start of the name", () => {
    const items = [{ name: "Texas" }, { name: "Tennessee" }, { name: "New Texas" }];
    expect(prefixMatches(items, "te").map((i) => i.name)).toEqual(["Texas", "Tennessee"]);
    expect(prefixMatches(items, "")).toHaveLength(3);
  });

  it("clears country_id with the country, and the state when the country changes", () => {
    const us = { ...EMPTY_ADDRESS, country_id: 1, state: "Texas" };
    expect(withCountry(us, "", null)).toMatchObject({ country: "", country_id: null, state: "Texas" });
    expect(withCountry(us, "Canada", 2)).toMatchObject({ country: "Canada", country_id: 2, state: "" });
    expect(withCountry(us, "United States", 1)).toMatchObject({ country_id: 1, state: "Texas" });
    expect(withCountry(us, "Unit", null)).toMatchObject({ country: "Unit", country_id: null, state: "Texas" });
    const cleared = withCountry(us, "", null);
    expect(withCountry(cleared, "Canada", 2)).toMatchObject({ country_id: 2, state: "" });
  });

  it("gives each empty required field its own message", () => {
    expect(
      validateAddress(
        { ...EMPTY_ADDRESS, city: "Austin" },
        { address: "Enter an address", city: "Enter a city", zipcode: "Zip?" },
      ),
    ).toEqual({ address: "Enter an address", zipcode: "Zip?" });
  });
});
