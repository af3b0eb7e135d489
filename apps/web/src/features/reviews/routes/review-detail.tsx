import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Grid.css";
import { Anchor, Grid, Group, Paper, Skeleton, Stack } from "@mantine/core";
import { IconArrowLeft, IconHistory } from "@tabler/icons-react";
import { useMemo } from "react";
import { Link, useLocation, useParams } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { QueryError } from "../../../components/shell/query-error";
import { useSession, useSignedInSession } from "../../../lib/session";
import { useReview } from "../api/get-review";
import { AssigneeSelect } from "../components/assignee-select";
import { listQueryOf, listReturnState, reviewsListPath } from "../components/list-return";
import { reviewAbilities } from "../components/review-abilities";
import { ReviewCard } from "../components/review-card";
import { ReviewNotes } from "../components/review-notes";
import { ReviewResponses } from "../components/review-responses";
import { StatusLabelSelect } from "../components/status-label-select";

/** /reviews/{reviewId} (docs/product/reviews.md §2): the review, its status label, tags, notes and responses. */
export default function ReviewDetailRoute() {
  const { reviewId = "" } = useParams();
  const session = useSignedInSession();
  const { permissions } = useSession();
  const abilities = useMemo(() => reviewAbilities(permissions), [permissions]);
  const review = useReview(reviewId);
  const timeZone = session.account.time_zone;
  const listQuery = listQueryOf(useLocation().state);

  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to={reviewsListPath(listQuery)} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            Back to reviews
          </Group>
        </Anchor>
      </Group>
      <PageHeader
        title="Review"
        actions={
          <Anchor component={Link} to={`/reviews/${reviewId}/history`} state={listReturnState(listQuery)} size="sm">
            <Group gap={4}>
              <IconHistory size={16} aria-hidden />
              History
            </Group>
          </Anchor>
        }
      />
      {review.isPending ? (
        <Stack role="status" aria-label="Loading review">
          <Skeleton height={180} />
          <Skeleton height={80} />
        </Stack>
      ) : review.isError ? (
        <QueryError error={review.error} title="Could not load the review" onRetry={() => void review.refetch()} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ReviewCard
              review={review.data}
              abilities={abilities}
              timeZone={timeZone}
              responseSlot={
                <ReviewResponses reviewId={reviewId} timeZone={timeZone} canDelete={abilities.deleteResponse} />
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <StatusLabelSelect review={review.data} canUpdate={abilities.updateStatus} />
                  <AssigneeSelect review={review.data} canAssign={abilities.assign} />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <ReviewNotes reviewId={reviewId} canAdd={abilities.addNote} timeZone={timeZone} />
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
