import { Checkbox } from "@mantine/core";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useReducer } from "react";
import { useLocationFilterChange } from "../../lib/filters.ts";
import {
  EMPTY_SELECTION,
  headerCheckboxState,
  selectionReducer,
  type THeaderCheckbox,
} from "./bulk-selection-state.ts";

export type TBulkSelection = {
  selected: string[];
  registered: string[];
  header: THeaderCheckbox;
  isSelected: (id: string) => boolean;
  register: (id: string) => void;
  unregister: (id: string) => void;
  select: (id: string) => void;
  deselect: (id: string) => void;
  toggle: (id: string) => void;
  selectAll: () => void;
  deselectAll: () => void;
};

/** Bulk selection state for a list; rows register themselves (see `BulkSelectRowCheckbox`). */
export function useBulkSelection(): TBulkSelection {
  const [state, dispatch] = useReducer(selectionReducer, EMPTY_SELECTION);
  const actions = useMemo(
    () => ({
      register: (id: string) => dispatch({ type: "register", id }),
      unregister: (id: string) => dispatch({ type: "unregister", id }),
      select: (id: string) => dispatch({ type: "select", id }),
      deselect: (id: string) => dispatch({ type: "deselect", id }),
      toggle: (id: string) => dispatch({ type: "toggle", id }),
      selectAll: () => dispatch({ type: "selectAll" }),
      deselectAll: () => dispatch({ type: "deselectAll" }),
    }),
    [],
  );
  return {
    ...actions,
    selected: state.selected,
    registered: state.registered,
    header: headerCheckboxState(state),
    isSelected: (id) => state.selected.includes(id),
  };
}

const BulkSelectionContext = createContext<TBulkSelection | null>(null);

export type BulkSelectionProviderProps = {
  children: ReactNode;
  /** The all-locations selection: deselect everything when the location filter changes. */
  deselectOnLocationChange?: boolean;
};

export function BulkSelectionProvider({ children, deselectOnLocationChange = false }: BulkSelectionProviderProps) {
  const selection = useBulkSelection();
  useLocationFilterChange(() => {
    if (deselectOnLocationChange) selection.deselectAll();
  });
  return <BulkSelectionContext.Provider value={selection}>{children}</BulkSelectionContext.Provider>;
}

export function useBulkSelectionContext(): TBulkSelection {
  const value = useContext(BulkSelectionContext);
  if (!value) throw new Error("useBulkSelectionContext must be used inside <BulkSelectionProvider>");
  return value;
}

/** The header checkbox: checked, indeterminate or unchecked; clicking deselects all when checked, else selects all. */
export function BulkSelectHeaderCheckbox({ label = "Select all" }: { label?: string }) {
  const selection = useBulkSelectionContext();
  return (
    <Checkbox
      aria-label={label}
      checked={selection.header === "checked"}
      indeterminate={selection.header === "indeterminate"}
      onChange={() => (selection.header === "checked" ? selection.deselectAll() : selection.selectAll())}
    />
  );
}

/** A row's checkbox; the row is registered while it is mounted. */
export function BulkSelectRowCheckbox({ id, label = "Select row" }: { id: string; label?: string }) {
  const { register, unregister, isSelected, toggle } = useBulkSelectionContext();
  useEffect(() => {
    register(id);
    return () => unregister(id);
  }, [id, register, unregister]);
  return <Checkbox aria-label={label} checked={isSelected(id)} onChange={() => toggle(id)} />;
}
