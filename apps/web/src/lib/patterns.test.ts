import { describe, expect, it } from "vitest";
import { isEmail, isUsPhone, phoneDigits } from "./patterns.ts";

describe("isEmail", () => {
  it.each(["a@b.co", "first.last+tag@sub.example.com", " manager@demo.test ", "o'brien@example.ie"])(
    "accepts %s",
    (v) => {
      expect(isEmail(v)).toBe(true);
    },
  );
  it.each(["", "plain", "a@b", "a@@b.com", "a b@c.com", "a@-b.com", "a@b..com", "a..b@c.com", "@b.com"])(
    "refuses %s",
    (v) => {
      expect(isEmail(v)).toBe(false);
    },
  );
});

describe("isUsPhone", () => {
  it.each(["5551234567", "555-123-4567", "555.123.4567", "555 123 4567", "(555) 123-4567", "(555)123-4567"])(
    "accepts %s",
    (v) => {
      expect(isUsPhone(v)).toBe(true);
    },
  );
  it.each([
    "555123456",
    "55512345678",
    "+1 555 123 4567",
    "(555 123-4567",
    "555-1234-567",
    "abc-def-ghij",
    "555--123-4567",
  ])("refuses %s", (v) => {
    expect(isUsPhone(v)).toBe(false);
  });
  it("extracts the digits", () => {
    expect(phoneDigits("(555) 123-4567")).toBe("5551234567");
    expect(phoneDigits("12")).toBeNull();
  });
});
