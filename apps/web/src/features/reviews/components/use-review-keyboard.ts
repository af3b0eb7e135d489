import { type RefObject, useEffect } from "react";
import type { TReviewCardHandle } from "./review-card";

/** The list's shortcuts, as the help shows them. */
export const REVIEW_SHORTCUTS = [
  { keys: ["j", "↓"], action: "Next review" },
  { keys: ["k", "↑"], action: "Previous review" },
  { keys: ["r"], action: "Respond to the focused review" },
  { keys: ["t"], action: "Tag the focused review" },
  { keys: ["Esc"], action: "Leave the respond box or tag input" },
  { keys: ["?"], action: "Show or hide these shortcuts" },
] as const;

/** Typing in a field, or working a menu or dialog: the shortcuts stay out of the way. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return true;
  return Boolean(target.closest('[role="dialog"], [role="listbox"], [role="menu"], [data-combobox-dropdown]'));
}

export type TReviewKeyboard = {
  cards: RefObject<(TReviewCardHandle | null)[]>;
  count: number;
  /** The focused review's index (-1 before any). */
  current: RefObject<number>;
  onToggleHelp: () => void;
};

/**
 * The keyboard path of the review list: j / k (and the arrow keys while a review has focus) move
 * between reviews, r opens the focused review's respond box, t focuses its tag input, ? toggles the help.
 * Escape inside a review returns to it (handled by the card).
 */
export function useReviewKeyboard({ cards, count, current, onToggleHelp }: TReviewKeyboard) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      const onCard = event.target instanceof HTMLElement && event.target.dataset.testid === "review-card";
      const onPage = event.target === document.body || event.target === document.documentElement || onCard;
      const move = (step: number) => {
        if (count === 0) return;
        event.preventDefault();
        const from = current.current < 0 ? (step > 0 ? -1 : count) : current.current;
        const next = Math.min(count - 1, Math.max(0, from + step));
        current.current = next;
        cards.current[next]?.focus();
      };
      switch (event.key) {
        case "j":
          move(1);
          break;
        case "k":
          move(-1);
          break;
        case "ArrowDown":
          if (onPage && current.current >= 0 && onCard) move(1);
          break;
        case "ArrowUp":
          if (onPage && current.current >= 0 && onCard) move(-1);
          break;
        case "r":
        case "t": {
          const card = cards.current[current.current];
          if (!card) return;
          const done = event.key === "r" ? card.openRespond() : card.focusTagInput();
          if (done) event.preventDefault();
          break;
        }
        case "?":
          event.preventDefault();
          onToggleHelp();
          break;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [cards, count, current, onToggleHelp]);
}
