import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/**
 * TanStack Query's client, with one change to invalidation. A query that is loading for the first time (no
 * data yet) when it is invalidated keeps that load: TanStack cancels an in-flight fetch for the refetch only
 * when the query already has data, and otherwise hands the invalidation the running fetch. That fetch was
 * asked for before the change that invalidates it (a saved filter created while the list of them still
 * loads), so its answer lacks the change and would stay on screen as fresh. Here such a first load is
 * cancelled (the query goes back to loading, without an error) and loaded again.
 */
export class AppQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    const firstLoads = this.getQueryCache()
      .findAll({ ...filters, fetchStatus: "fetching" })
      .filter((query) => query.state.data === undefined);
    await Promise.all(firstLoads.map((query) => query.cancel({ revert: true, silent: true })));
    return super.invalidateQueries(filters, options);
  }
}

/** The one query client. 401/402/403/404 answers are final: retrying cannot change them. */
export const queryClient = new AppQueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});
