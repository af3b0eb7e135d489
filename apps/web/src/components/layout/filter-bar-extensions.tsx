import { type ComponentType, createContext, type ReactNode, useContext } from "react";
import type { FilterBarProps } from "../filter-bar/filter-bar";

/** The dropdowns a feature adds to the shared filter bar on its own pages. */
export type FilterBarExtras = Pick<FilterBarProps, "status" | "type">;

/**
 * A feature's addition to the shared filter bar. The layout knows no feature: the app hands it the
 * features' extensions (app.tsx), the way the router hands it their pages.
 */
export interface FilterBarExtension {
  /** Whether the extension adds to the bar on this page. */
  matches(pathname: string): boolean;
  /** Renders the bar (`children`) with the extension's dropdowns; a component, so it may load them. */
  Extras: ComponentType<{ children: (extras: FilterBarExtras) => ReactNode }>;
}

const FilterBarExtensionsContext = createContext<readonly FilterBarExtension[]>([]);

export const FilterBarExtensionsProvider = FilterBarExtensionsContext.Provider;

/** The first extension that adds to the bar on this page. */
export function useFilterBarExtension(pathname: string): FilterBarExtension | undefined {
  return useContext(FilterBarExtensionsContext).find((e) => e.matches(pathname));
}
