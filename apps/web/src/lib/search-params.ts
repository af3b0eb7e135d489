import { useCallback } from "react";
import { type NavigateOptions, type URLSearchParamsInit, useSearchParams as useRouterSearchParams } from "react-router";

/**
 * The address's query as the browser has it now. The router writes the address at once but renders the
 * change in a transition, so a render's params can lag behind a change already made (by another component,
 * or by this one a moment ago); a change that builds on the render's params would undo it.
 */
export function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

export type TSetSearchParams = (
  next: URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/**
 * The app's one way to read and write the query (react-router's own hook is not used elsewhere): the params
 * of this render, and a setter whose updater form is given the address's current query (a copy of
 * `currentSearchParams()` it may change), not this render's, and writes nothing when it changes nothing.
 * Under load a list's answer can arrive between a filter change and the render of it; an effect of that
 * answer (clamping `page`, say) then builds on the change instead of undoing it.
 */
export function useSearchParams(): [URLSearchParams, TSetSearchParams] {
  const [params, setRouterParams] = useRouterSearchParams();
  const setParams = useCallback<TSetSearchParams>(
    (next, options) => {
      if (typeof next !== "function") return setRouterParams(next, options);
      const current = currentSearchParams();
      const before = current.toString();
      const updated = next(current);
      // An updater that changes nothing writes no history entry.
      if (updated.toString() !== before) setRouterParams(updated, options);
    },
    [setRouterParams],
  );
  return [params, setParams];
}
