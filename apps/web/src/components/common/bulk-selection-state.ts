/**
 * Bulk selection (docs/product/platform.md §4): rows register and unregister; select, select all, deselect,
 * deselect all; the header checkbox is checked, indeterminate or unchecked.
 */
export type TSelectionState = { registered: string[]; selected: string[] };
export type TSelectionAction =
  | { type: "register"; id: string }
  | { type: "unregister"; id: string }
  | { type: "select"; id: string }
  | { type: "deselect"; id: string }
  | { type: "toggle"; id: string }
  | { type: "selectAll" }
  | { type: "deselectAll" };

export const EMPTY_SELECTION: TSelectionState = { registered: [], selected: [] };

export function selectionReducer(state: TSelectionState, action: TSelectionAction): TSelectionState {
  switch (action.type) {
    case "register":
      return state.registered.includes(action.id) ? state : { ...state, registered: [...state.registered, action.id] };
    case "unregister":
      if (!state.registered.includes(action.id)) return state;
      return {
        registered: state.registered.filter((id) => id !== action.id),
        selected: state.selected.filter((id) => id !== action.id),
      };
    case "select":
      if (!state.registered.includes(action.id) || state.selected.includes(action.id)) return state;
      return { ...state, selected: [...state.selected, action.id] };
    case "deselect":
      return state.selected.includes(action.id)
        ? { ...state, selected: state.selected.filter((id) => id !== action.id) }
        : state;
    case "toggle":
      return selectionReducer(state, {
        type: state.selected.includes(action.id) ? "deselect" : "select",
        id: action.id,
      });
    case "selectAll":
      return { ...state, selected: [...state.registered] };
    case "deselectAll":
      return state.selected.length === 0 ? state : { ...state, selected: [] };
    default:
      return state;
  }
}

export type THeaderCheckbox = "checked" | "indeterminate" | "unchecked";

export function headerCheckboxState(state: TSelectionState): THeaderCheckbox {
  if (state.selected.length === 0) return "unchecked";
  return state.registered.every((id) => state.selected.includes(id)) ? "checked" : "indeterminate";
}
