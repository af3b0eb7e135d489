import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/** The one query client. 401/402/403/404 answers are final: retrying cannot change them. */
export const queryClient = new QueryClient({
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
