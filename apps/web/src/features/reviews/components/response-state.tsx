import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Alert.css";
import { Alert, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  RESPONSE_DELETE_ERROR,
  RESPONSE_PUBLISH_ERROR,
  type TResponse,
  type TResponseStatus,
  type TReview,
} from "@starboard/contract/reviews";
import { useDeleteResponse } from "../api/delete-response";
import { useRetryResponse } from "../api/retry-response";
import { formatDateTime } from "./format";

type TResponseLike = NonNullable<TReview["response"]> | TResponse;

export const RESPONSE_STATUS_LABELS: Record<TResponseStatus, string> = {
  pending: "Publishing…",
  published: "Published",
  error_published: "Not published yet",
  pending_delete: "Deleting…",
  error_unpublished: "Not deleted yet",
  deleted: "Deleted",
};

const STATUS_COLOR: Record<TResponseStatus, string> = {
  pending: "blue",
  published: "teal",
  error_published: "red",
  pending_delete: "blue",
  error_unpublished: "red",
  deleted: "gray",
};

/** The spec's message of a failed publish or delete (docs/product/reviews.md §4); the server sends it in status_description. */
export function responseMessage(response: Pick<TResponseLike, "status" | "status_description">): string | null {
  if (response.status === "error_published") return response.status_description || RESPONSE_PUBLISH_ERROR;
  if (response.status === "error_unpublished") return response.status_description || RESPONSE_DELETE_ERROR;
  return null;
}

export type ResponseStateProps = {
  reviewId: string;
  response: TResponseLike;
  timeZone: string;
  canDelete: boolean;
  /** Who answered (the responses list carries user_name). */
  author?: string | null;
  /** "Retry now" on a failed publish or delete (users who may respond). */
  canRetry?: boolean;
};

/** A review's live response: its content, its state (pending, published, failed with the spec's message), delete. */
export function ResponseState({ reviewId, response, timeZone, canDelete, author, canRetry }: ResponseStateProps) {
  const remove = useDeleteResponse();
  const retry = useRetryResponse();
  const message = responseMessage(response);
  const busy = response.status === "pending" || response.status === "pending_delete";
  const deletable = canDelete && !response.read_only && !response.from_source && !busy;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: "Delete response",
      children: (
        <Text size="sm">This removes the response here and at the source. The review will show as not responded.</Text>
      ),
      labels: { confirm: "Delete response", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate({ id: response.id, reviewId }),
    });

  return (
    <Paper
      withBorder
      p="sm"
      bg="var(--mantine-color-gray-0)"
      data-testid="review-response"
      data-status={response.status}
    >
      <Stack gap={6}>
        {/* Wraps on a phone, so "Delete response" moves under the state instead of being cut. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {response.from_source ? "Response at the source" : "Your response"}
            </Text>
            <Badge
              size="sm"
              variant="filled"
              color={`${STATUS_COLOR[response.status]}.9`}
              data-testid="response-status"
            >
              {RESPONSE_STATUS_LABELS[response.status]}
            </Badge>
          </Group>
          {deletable && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={confirmDelete}
              loading={remove.isPending}
              style={{ flex: "none" }}
            >
              Delete response
            </Button>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {response.content}
        </Text>
        {(response.published_at || author) && (
          <Text size="xs" c="dimmed">
            {[
              author && `By ${author}`,
              response.published_at && `Published ${formatDateTime(response.published_at, timeZone)}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        )}
        {message && (
          <Alert color="red" variant="light" p="xs" role="status">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" data-testid="response-message">
                {message}
              </Text>
              {canRetry && (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red.9"
                  onClick={() => retry.mutate(response.id)}
                  loading={retry.isPending}
                  disabled={retry.isSuccess}
                >
                  {retry.isSuccess ? "Retrying…" : "Retry now"}
                </Button>
              )}
            </Group>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
