import "@mantine/core/styles/Alert.css";
import { Alert, Button, Stack, Text } from "@mantine/core";
import { Component, type ErrorInfo, type ReactNode } from "react";

/** The dropdown crash fallback text (docs/product/platform.md §8). */
export const DROPDOWN_CRASH_MESSAGE = "Something went wrong. Please refresh the page.";

/** Reports that are noise (docs/product/platform.md §8): resize-observer loops and a not-found non-error rejection. */
export function isIgnoredError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return (
    /ResizeObserver loop/i.test(message) || /Non-Error promise rejection captured with value: Not Found/i.test(message)
  );
}

export function reportError(error: unknown, info?: ErrorInfo) {
  if (isIgnoredError(error)) return;
  // The error-reporting service is wired here when configured; the console is the default sink.
  console.error(error, info?.componentStack);
}

interface Props {
  children: ReactNode;
  /** What to show instead of the crashed subtree. */
  fallback?: ReactNode | ((reset: () => void) => ReactNode);
  /** Changing this value resets the boundary (for example the current path). */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  resetKey: unknown;
}

/**
 * Catches render errors of a subtree. Around a page it shows a page-level message; around a
 * dropdown, pass `fallback={<DropdownErrorFallback />}` (or use `DropdownErrorBoundary`).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("Unknown error") };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, info);
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error === null) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === "function") return fallback(this.reset);
    return fallback ?? <PageErrorFallback onRetry={this.reset} />;
  }
}

export function DropdownErrorFallback() {
  return (
    <Text size="sm" c="red.8" role="alert">
      {DROPDOWN_CRASH_MESSAGE}
    </Text>
  );
}

/** The boundary the filter bar's dropdowns use. */
export function DropdownErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={<DropdownErrorFallback />}>{children}</ErrorBoundary>;
}

export function PageErrorFallback({ onRetry }: { onRetry?: () => void }) {
  return (
    <Alert color="red" title="This page could not be shown" role="alert" m="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{DROPDOWN_CRASH_MESSAGE}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
