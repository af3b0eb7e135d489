/**
 * The null label of the saved-filter dropdown: never a saved filter's name. A module of its own (no schemas), so
 * the filter bar's first paint needs no schema code (docs/product/platform.md §4).
 */
export const NO_SAVED_FILTER_LABEL = "No saved filter";
