import { describe, expect, it } from "vitest";
import { COUNTRIES, STATES } from "./dataset.ts";

const statesOf = (countryCode: string) => STATES.filter((s) => s.country_code === countryCode);
const shortCodesOf = (countryCode: string) => statesOf(countryCode).map((s) => s.short_code);

describe("geo dataset: countries (ISO 3166-1)", () => {
  it("has the 249 assigned ISO 3166-1 countries with unique codes", () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    expect(new Set(COUNTRIES.map((c) => c.code3)).size).toBe(249);
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(249);
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.code3).toMatch(/^[A-Z]{3}$/);
      expect(c.name.trim()).not.toBe("");
    }
  });

  it("uses common English names, so a prefix typeahead finds them", () => {
    const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));
    expect(byCode.get("US")).toEqual({ code: "US", code3: "USA", name: "United States" });
    expect(byCode.get("GB")?.name).toBe("United Kingdom");
    expect(byCode.get("DE")).toEqual({ code: "DE", code3: "DEU", name: "Germany" });
    expect(byCode.get("CA")?.code3).toBe("CAN");
    expect(byCode.get("KR")?.name).toBe("South Korea");
    expect(COUNTRIES.filter((c) => c.name.startsWith("United")).map((c) => c.code)).toEqual(
      expect.arrayContaining(["US", "GB", "AE"]),
    );
    // Codes that are not assigned ISO 3166-1 countries.
    expect(byCode.has("UK")).toBe(false);
    expect(byCode.has("EU")).toBe(false);
  });

  it("is sorted by code and frozen", () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(Object.isFrozen(COUNTRIES)).toBe(true);
    expect(Object.isFrozen(COUNTRIES[0])).toBe(true);
  });
});

describe("geo dataset: states (first-level ISO 3166-2)", () => {
  it("has unique ISO 3166-2 codes made of the country code and the short code", () => {
    expect(STATES.length).toBeGreaterThan(3000);
    expect(new Set(STATES.map((s) => s.code)).size).toBe(STATES.length);
    for (const s of STATES) {
      expect(s.code).toBe(`${s.country_code}-${s.short_code}`);
      expect(s.short_code).toMatch(/^[A-Z0-9]{1,3}$/);
      expect(s.name.trim()).not.toBe("");
    }
  });

  it("belongs to countries that exist", () => {
    const codes = new Set(COUNTRIES.map((c) => c.code));
    expect(STATES.filter((s) => !codes.has(s.country_code))).toEqual([]);
  });

  it("lists the 50 US states, DC and the five inhabited territories", () => {
    const us = shortCodesOf("US");
    const territories = ["AS", "GU", "MP", "PR", "VI"];
    expect(us).toHaveLength(56);
    expect(us).toEqual(expect.arrayContaining(["CA", "NY", "TX", "AK", "HI", "DC", ...territories]));
    expect(us.filter((c) => c !== "DC" && !territories.includes(c))).toHaveLength(50);
    expect(us).not.toContain("UM");
    expect(statesOf("US").find((s) => s.code === "US-CA")).toEqual({
      country_code: "US",
      code: "US-CA",
      short_code: "CA",
      name: "California",
    });
    expect(statesOf("US").find((s) => s.short_code === "DC")?.name).toBe("District of Columbia");
  });

  it("lists Canada's 10 provinces and 3 territories", () => {
    expect(shortCodesOf("CA").sort()).toEqual([
      "AB",
      "BC",
      "MB",
      "NB",
      "NL",
      "NS",
      "NT",
      "NU",
      "ON",
      "PE",
      "QC",
      "SK",
      "YT",
    ]);
  });

  it("lists Germany's 16 Länder", () => {
    const de = statesOf("DE");
    expect(de).toHaveLength(16);
    expect(de.map((s) => s.short_code)).toEqual(expect.arrayContaining(["BY", "BE", "HH", "NW", "BW", "SN"]));
    expect(de.find((s) => s.short_code === "BY")?.name).toBe("Bayern");
  });

  it("keeps first-level units only", () => {
    expect(shortCodesOf("GB").sort()).toEqual(["ENG", "NIR", "SCT", "WLS"]);
    expect(shortCodesOf("AU")).toHaveLength(8);
    expect(shortCodesOf("MX")).toHaveLength(32);
    // France: 13 metropolitan regions, 5 overseas departments, 8 overseas collectivities and territories.
    expect(shortCodesOf("FR")).toEqual(expect.arrayContaining(["IDF", "ARA", "971", "974"]));
    expect(shortCodesOf("FR")).not.toContain("75");
  });

  it("is sorted by country then code", () => {
    const keys = STATES.map((s) => s.code);
    expect(keys).toEqual([...keys].sort());
  });
});
