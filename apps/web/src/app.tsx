import { type CSSVariablesResolver, createTheme, MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { type FilterBarExtension, FilterBarExtensionsProvider } from "./components/layout/filter-bar-extensions";
import { reviewsFilterBarExtension } from "./features/reviews/filter-bar-extension";
import { basenameFor, shadowAccountIdFrom } from "./lib/base-path";
import { FeatureFlagsProvider } from "./lib/feature-flags-context";
import { queryClient } from "./lib/query-client";
import { SessionProvider } from "./lib/session";
import { AppRoutes } from "./routes/app-routes";

/** Stacking layers (docs/product/platform.md §9): 0, 100, 200, 300, 400, 500, 999999. */
const theme = createTheme({
  primaryColor: "indigo",
  // Shade 8 keeps links and buttons at 4.5:1 or better on white (axe color-contrast).
  primaryShade: 8,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
});

/** Dimmed text at gray 7 and error text at red 8 keep 4.5:1 contrast on white (axe color-contrast). */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-8)",
  },
  dark: {},
});

/** What features add to the shared filter bar on their pages; fixed for the app's life. */
const FILTER_BAR_EXTENSIONS: readonly FilterBarExtension[] = [reviewsFilterBarExtension];

/** Toasts default to 4000 ms (docs/product/platform.md §9). */
export const DEFAULT_TOAST_MS = 4000;

export function App() {
  // Shadowing: the app runs under /as/{id}; the basename is fixed for this page load.
  const shadowAccountId = shadowAccountIdFrom(window.location.pathname);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications autoClose={DEFAULT_TOAST_MS} zIndex={500} />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={basenameFor(shadowAccountId)}>
          <SessionProvider shadowAccountId={shadowAccountId}>
            <FeatureFlagsProvider>
              <ModalsProvider>
                <FilterBarExtensionsProvider value={FILTER_BAR_EXTENSIONS}>
                  <AppRoutes />
                </FilterBarExtensionsProvider>
              </ModalsProvider>
            </FeatureFlagsProvider>
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
