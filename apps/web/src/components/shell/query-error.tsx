import "@mantine/core/styles/Alert.css";
import { Alert, Button, Group, Text } from "@mantine/core";
import { MESSAGES } from "@starboard/contract/errors";
import { ApiError } from "../../lib/api";

/** The generic failure text (docs/product/platform.md §8): the server's message, else the fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.genericAction;
}

export function QueryError({
  error,
  onRetry,
  title = "Could not load",
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Group justify="space-between" align="center">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
