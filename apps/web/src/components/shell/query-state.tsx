import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Skeleton.css";
import { Alert, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { QueryError } from "./query-error";
import { TableSkeleton } from "./table-states";

/** What QueryState reads of a TanStack query. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** A stack of skeleton bars while a block loads. */
export function SkeletonStack({
  rows = 3,
  height = 36,
  gap = "sm",
  maw,
  testId,
}: {
  rows?: number;
  height?: number;
  gap?: "xs" | "sm";
  maw?: number;
  testId?: string;
}) {
  return (
    <Stack gap={gap} maw={maw} data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} height={height} />
      ))}
    </Stack>
  );
}

/** A block that could not load: its title, "Please reload or try again later." and Try again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" title={title}>
      <Group>
        <Text size="sm">Please reload or try again later.</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * A query's three states in one place: `loading` while it is pending (a table skeleton unless given), the failure
 * with a retry (the red "Could not load" alert with the error's message, or LoadFailed under `errorTitle`), and
 * `children` with the data once it is there.
 */
export function QueryState<T>({
  query,
  loading = <TableSkeleton />,
  errorTitle,
  children,
}: {
  query: QueryLike<T>;
  loading?: ReactNode;
  errorTitle?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) {
    const retry = () => void query.refetch();
    return errorTitle ? (
      <LoadFailed title={errorTitle} onRetry={retry} />
    ) : (
      <QueryError error={query.error} onRetry={retry} />
    );
  }
  return children(query.data as T);
}
