import { readStorage, writeStorage } from "../../../lib/local-storage";

/**
 * A response being written is kept per review in local storage until it is published or discarded
 * (with a confirmation), so leaving the respond box (Escape), reloading or opening another review
 * never throws it away.
 */
export const RESPONSE_DRAFT_PREFIX = "starboard.responseDraft.";

export const draftKey = (reviewId: string) => `${RESPONSE_DRAFT_PREFIX}${reviewId}`;

export function readDraft(reviewId: string): string {
  return readStorage(draftKey(reviewId)) ?? "";
}

/** Saves the text; blank text is no draft. */
export function saveDraft(reviewId: string, content: string) {
  writeStorage(draftKey(reviewId), content.trim() === "" ? null : content);
}

export function clearDraft(reviewId: string) {
  writeStorage(draftKey(reviewId), null);
}

export const hasDraft = (reviewId: string) => readDraft(reviewId) !== "";
