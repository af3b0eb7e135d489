import "@mantine/core/styles/Skeleton.css";
import { Skeleton, Stack, Text } from "@mantine/core";
import { QueryError } from "../../../components/shell/query-error";
import { useResponses } from "../api/get-responses";
import { ResponseState } from "./response-state";

/** The detail page's responses (GET /responses?review_id=) with their states and messages. */
export function ReviewResponses({
  reviewId,
  timeZone,
  canDelete,
}: {
  reviewId: string;
  timeZone: string;
  canDelete: boolean;
}) {
  const responses = useResponses(reviewId);
  if (responses.isPending) return <Skeleton height={60} />;
  if (responses.isError) {
    return (
      <QueryError
        error={responses.error}
        title="Could not load the response"
        onRetry={() => void responses.refetch()}
      />
    );
  }
  const list = responses.data._embedded.responses;
  if (list.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-response">
        No response yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {list.map((response) => (
        <ResponseState
          key={response.id}
          reviewId={reviewId}
          response={response}
          timeZone={timeZone}
          canDelete={canDelete}
          canRetry={canDelete}
          author={response.user_name}
        />
      ))}
    </Stack>
  );
}
