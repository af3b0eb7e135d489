import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contrastRatio, FOCUS_RING } from "./focus-ring";
import { clearDraft, draftKey, hasDraft, readDraft, saveDraft } from "./response-drafts";

const store = new Map<string, string>();
const fakeStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};

beforeEach(() => {
  store.clear();
  (globalThis as { window?: unknown }).window = { localStorage: fakeStorage };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe("response drafts", () => {
  it("are kept per review until cleared", () => {
    saveDraft("r1", "Thanks for ");
    saveDraft("r2", "Sorry about");
    expect(readDraft("r1")).toBe("Thanks for ");
    expect(readDraft("r2")).toBe("Sorry about");
    expect(store.get(draftKey("r1"))).toBe("Thanks for ");
    clearDraft("r1");
    expect(hasDraft("r1")).toBe(false);
    expect(hasDraft("r2")).toBe(true);
  });

  it("blank text is no draft", () => {
    saveDraft("r1", "x");
    saveDraft("r1", "   ");
    expect(store.has(draftKey("r1"))).toBe(false);
    expect(readDraft("r1")).toBe("");
  });
});

describe("the review card's focus ring", () => {
  it("is at least 2 px and 3:1 against the page and the card", () => {
    expect(FOCUS_RING.width).toBeGreaterThanOrEqual(2);
    expect(contrastRatio(FOCUS_RING.color, "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(FOCUS_RING.color, "#f8f9fa")).toBeGreaterThanOrEqual(3);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});
