import type { TPermissions } from "@starboard/contract/permissions";
import { describe, expect, it } from "vitest";
import { gateDenial } from "./gate-reason";

const allowed: TPermissions = { visual_report: ["read"] };
const none: TPermissions = {};

describe("gateDenial", () => {
  const rule = { permissions: [["read", "visual_report"]] as const, flag: "visualReports" };
  it("names the feature when the flag is off, even for a user type that may read it", () => {
    expect(gateDenial(rule, { permissions: allowed, flags: {}, settings: {} })).toBe("feature");
  });
  it("names the feature when an account setting is off", () => {
    expect(gateDenial({ setting: "media" }, { permissions: allowed, flags: {}, settings: { media: "false" } })).toBe(
      "feature",
    );
  });
  it("names the permission when the feature is on but the user type lacks it", () => {
    expect(gateDenial(rule, { permissions: none, flags: { visualReports: true }, settings: {} })).toBe("permission");
  });
  it("lets the user in when everything passes", () => {
    expect(gateDenial(rule, { permissions: allowed, flags: { visualReports: true }, settings: {} })).toBeNull();
  });
});
