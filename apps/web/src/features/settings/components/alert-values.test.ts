import type { TAlert } from "@starboard/contract/alerts";
import { describe, expect, it } from "vitest";
import {
  alertBody,
  alertFormValues,
  EMPTY_ALERT,
  formErrors,
  locationsLabel,
  ratingsLabel,
  sourcesLabel,
  validateAlert,
} from "./alert-values";

const alert: TAlert = {
  id: "a1",
  account_id: "acc",
  user_id: "u1",
  alert_type_id: 2,
  alert_frequency_id: 3,
  filters: { location_ids: ["l1"], source_ids: [], ratings: [2, 1] },
  enabled: false,
  last_sent_at: null,
  created_at: "2024-01-01T00:00:00.000Z",
  _links: { self: { href: "/api/alerts/a1" } },
};

describe("the alert form", () => {
  it("needs a type and a frequency", () => {
    expect(validateAlert(EMPTY_ALERT)).toEqual({
      alert_type_id: "Alert type is required",
      alert_frequency_id: "Frequency is required",
    });
    expect(validateAlert(alertFormValues(alert))).toEqual({});
  });

  it("sends the filters with ratings as sorted numbers, and reads an alert back", () => {
    const values = { ...alertFormValues(alert), ratings: ["5", "0", "4"] };
    expect(alertBody(values)).toEqual({
      alert_type_id: 2,
      alert_frequency_id: 3,
      filters: { location_ids: ["l1"], source_ids: [], ratings: [0, 4, 5] },
      enabled: false,
    });
    expect(alertFormValues(alert).ratings).toEqual(["2", "1"]);
  });

  it("shows the server's filter errors on the form's fields", () => {
    expect(formErrors({ "filters.location_ids": "Unknown location.", alert_type_id: "Unknown alert type." })).toEqual({
      location_ids: "Unknown location.",
      alert_type_id: "Unknown alert type.",
    });
  });
});

describe("the alert list's labels", () => {
  it("names the locations, or counts them", () => {
    expect(locationsLabel([], {})).toBe("All locations");
    expect(locationsLabel(["a", "b"], { a: "Austin", b: "Boston" })).toBe("Austin, Boston");
    expect(locationsLabel(["a"], {})).toBe("1 location");
    expect(locationsLabel(["a", "b", "c", "d"], {})).toBe("4 locations");
  });

  it("counts the sources and lists the ratings from five stars down", () => {
    expect(sourcesLabel([])).toBe("All sources");
    expect(sourcesLabel(["s"])).toBe("1 source");
    expect(ratingsLabel([])).toBe("All ratings");
    expect(ratingsLabel([0, 1, 5])).toBe("5 Star, 1 Star, No rating");
  });
});
