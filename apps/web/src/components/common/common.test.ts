import { describe, expect, it } from "vitest";
import {
  EMPTY_SELECTION,
  headerCheckboxState,
  selectionReducer,
  type TSelectionAction,
} from "./bulk-selection-state.ts";
import { charCount } from "./char-count.ts";
import { clampPage } from "./page-number.ts";
import { nextSort, nextSortDirection } from "./sort-cycle.ts";

describe("sort cycle", () => {
  it("cycles none, asc, desc, none", () => {
    expect(nextSortDirection(null)).toBe("asc");
    expect(nextSortDirection("asc")).toBe("desc");
    expect(nextSortDirection("desc")).toBeNull();
  });

  it("starts another column at asc", () => {
    expect(nextSort(null, "name")).toEqual({ by: "name", order: "asc" });
    expect(nextSort({ by: "name", order: "asc" }, "name")).toEqual({ by: "name", order: "desc" });
    expect(nextSort({ by: "name", order: "desc" }, "name")).toBeNull();
    expect(nextSort({ by: "name", order: "desc" }, "date")).toEqual({ by: "date", order: "asc" });
  });
});

describe("bulk selection", () => {
  const run = (...actions: TSelectionAction[]) => actions.reduce(selectionReducer, EMPTY_SELECTION);

  it("registers rows once and selects only registered rows", () => {
    const state = run({ type: "register", id: "a" }, { type: "register", id: "a" }, { type: "select", id: "zz" });
    expect(state).toEqual({ registered: ["a"], selected: [] });
  });

  it("selects, deselects, toggles, selects all and deselects all", () => {
    const rows = (["a", "b", "c"] as const).map((id) => ({ type: "register", id }) as const);
    expect(run(...rows, { type: "select", id: "b" }).selected).toEqual(["b"]);
    expect(run(...rows, { type: "select", id: "b" }, { type: "deselect", id: "b" }).selected).toEqual([]);
    expect(
      run(...rows, { type: "toggle", id: "a" }, { type: "toggle", id: "c" }, { type: "toggle", id: "a" }).selected,
    ).toEqual(["c"]);
    expect(run(...rows, { type: "selectAll" }).selected).toEqual(["a", "b", "c"]);
    expect(run(...rows, { type: "selectAll" }, { type: "deselectAll" }).selected).toEqual([]);
  });

  it("drops an unregistered row from the selection", () => {
    expect(run({ type: "register", id: "a" }, { type: "select", id: "a" }, { type: "unregister", id: "a" })).toEqual(
      EMPTY_SELECTION,
    );
  });

  it("shows the header checkbox checked, indeterminate or unchecked", () => {
    const rows = [
      { type: "register", id: "a" },
      { type: "register", id: "b" },
    ] as const;
    expect(headerCheckboxState(run(...rows))).toBe("unchecked");
    expect(headerCheckboxState(run(...rows, { type: "select", id: "a" }))).toBe("indeterminate");
    expect(headerCheckboxState(run(...rows, { type: "selectAll" }))).toBe("checked");
  });
});

describe("character count", () => {
  it("counts remaining and too many characters", () => {
    expect(charCount("abc", 5)).toEqual({ message: "2 characters remaining", over: false, remaining: 2 });
    expect(charCount("abcde", 5).message).toBe("0 characters remaining");
    expect(charCount("abcdefg", 5)).toEqual({ message: "2 characters too many", over: true, remaining: -2 });
  });

  it("counts an emoji as one character", () => {
    expect(charCount("👍", 2).message).toBe("1 characters remaining");
  });
});

describe("clampPage", () => {
  it("clamps between 1 and the page count, default 1", () => {
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-2, 5)).toBe(1);
    expect(clampPage("4", "5")).toBe(4);
    expect(clampPage("abc", 5)).toBe(1);
    expect(clampPage(undefined, 5)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(2.7, 5)).toBe(2);
  });
});
